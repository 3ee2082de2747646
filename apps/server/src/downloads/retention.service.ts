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

  async sweep(): Promise<{ jobs: number; downloads: number }> {
    const now = this.now();
    const expiredJobs = await this.jobs.expire(now);
    const expiredDownloads = await this.downloads.removeExpired(now, expiredJobs);
    for (const download of expiredDownloads) {
      await this.files.remove(download.job_id, download.id, FILE_EXTENSIONS[download.file_format as FileFormat]);
    }
    for (const id of expiredJobs) await this.hits.remove(id);
    if (expiredJobs.length + expiredDownloads.length > 0) {
      this.logger.info('expired results removed', { jobs: expiredJobs.length, downloads: expiredDownloads.length });
    }
    return { jobs: expiredJobs.length, downloads: expiredDownloads.length };
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
