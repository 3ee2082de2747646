import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { JobFiles, OpenedJobFile } from '../search/job-files.ts';

/**
 * Download files and the selected-id lists they are built from, `downloads/` among the job's files: on the
 * server's disk, or in the store when API servers share it. A file is built in the job's local folder and
 * published when complete.
 */
export class DownloadFileRepository {
  constructor(private readonly files: JobFiles) {}

  /** Where a builder writes; `publish` makes it the download's file once complete. */
  async partialPath(jobId: string, downloadId: string, extension: string): Promise<string> {
    const path = join(this.files.localDir(jobId), partialName(downloadId, extension));
    await mkdir(dirname(path), { recursive: true });
    return path;
  }

  /** Answers the file's size in bytes. */
  async publish(jobId: string, downloadId: string, extension: string): Promise<number> {
    return this.files.adopt(jobId, fileName(downloadId, extension), join(this.files.localDir(jobId), partialName(downloadId, extension)));
  }

  /** Deletes this server's unfinished copy of a file, leaving the download's published file alone. */
  async discardPartial(jobId: string, downloadId: string, extension: string): Promise<void> {
    await rm(join(this.files.localDir(jobId), partialName(downloadId, extension)), { force: true });
  }

  async open(jobId: string, downloadId: string, extension: string): Promise<OpenedJobFile | undefined> {
    return this.files.open(jobId, fileName(downloadId, extension));
  }

  async saveSelection(jobId: string, downloadId: string, ids: string[]): Promise<void> {
    await this.files.write(jobId, selectionName(downloadId), Buffer.from(JSON.stringify(ids)));
  }

  async readSelection(jobId: string, downloadId: string): Promise<string[] | undefined> {
    const data = await this.files.read(jobId, selectionName(downloadId));
    return data && (JSON.parse(data.toString('utf8')) as string[]);
  }

  async remove(jobId: string, downloadId: string, extension: string): Promise<void> {
    await this.files.remove(jobId, [fileName(downloadId, extension), partialName(downloadId, extension), selectionName(downloadId)]);
  }
}

function fileName(downloadId: string, extension: string): string {
  return `downloads/${downloadId}.${extension}`;
}

function partialName(downloadId: string, extension: string): string {
  return `downloads/${downloadId}.partial.${extension}`;
}

function selectionName(downloadId: string): string {
  return `downloads/${downloadId}.ids.json`;
}
