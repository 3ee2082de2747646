import type { FileFormat } from '@molsearch/api';
import type { DownloadFileRepository } from './download-file.repository.ts';
import { FILE_EXTENSIONS } from './download-writers.ts';
import type { DownloadRepository } from './download.repository.ts';
import type { HitListRepository } from '../search/hit-list.repository.ts';
import type { JobRepository } from '../search/job.repository.ts';
import type { Logger } from '../http/logger.ts';

/** Deletes what outlived its retention: hit lists of expired jobs and expired download files. */
export interface RetentionServiceOptions {
  jobs: JobRepository;
  hits: HitListRepository;
  downloads: DownloadRepository;
  files: DownloadFileRepository;
  logger: Logger;
  now: () => number;
}

export class RetentionService {
  private timer: NodeJS.Timeout | undefined;
  private readonly jobs: JobRepository;
  private readonly hits: HitListRepository;
  private readonly downloads: DownloadRepository;
  private readonly files: DownloadFileRepository;
  private readonly logger: Logger;
  private readonly now: () => number;

  constructor(options: RetentionServiceOptions) {
    this.jobs = options.jobs;
    this.hits = options.hits;
    this.downloads = options.downloads;
    this.files = options.files;
    this.logger = options.logger;
    this.now = options.now;
  }

  /**
   * Files go before the rows that point to them: a server that stops in the middle leaves rows the next
   * sweep finds again, never files no row names. Readers meanwhile see the jobs as expired (JobService.find).
   */
  async sweep(): Promise<{ jobs: number; downloads: number }> {
    const now = this.now();
    const dueJobs = await this.jobs.due(now);
    const dueDownloads = await this.downloads.due(now, dueJobs);
    for (const download of dueDownloads) {
      await this.files.remove(download.job_id, download.id, FILE_EXTENSIONS[download.file_format as FileFormat]);
    }
    for (const id of dueJobs) await this.hits.remove(id);
    await this.downloads.forget(dueDownloads.map((download) => download.id));
    await this.jobs.markExpired(dueJobs);
    if (dueJobs.length + dueDownloads.length > 0) {
      this.logger.info('expired results removed', { jobs: dueJobs.length, downloads: dueDownloads.length });
    }
    return { jobs: dueJobs.length, downloads: dueDownloads.length };
  }

  /** Sweeps now and then every `intervalMs`; a failed sweep is logged and retried next time. */
  start(intervalMs: number): void {
    const run = (): void => {
      this.sweep().catch((error: unknown) => this.logger.error('retention sweep failed', { error }));
    };
    run();
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
