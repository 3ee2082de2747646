import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Download files and the selected-id lists they are built from, under `<jobDir>/downloads/`. */
export class DownloadFileRepository {
  constructor(private readonly jobDir: (jobId: string) => string) {}

  private dir(jobId: string): string {
    return join(this.jobDir(jobId), 'downloads');
  }

  /** Where a builder writes; `publish` moves it to `filePath` once complete. */
  async partialPath(jobId: string, downloadId: string, extension: string): Promise<string> {
    await mkdir(this.dir(jobId), { recursive: true });
    return join(this.dir(jobId), `${downloadId}.partial.${extension}`);
  }

  filePath(jobId: string, downloadId: string, extension: string): string {
    return join(this.dir(jobId), `${downloadId}.${extension}`);
  }

  async publish(jobId: string, downloadId: string, extension: string): Promise<number> {
    const target = this.filePath(jobId, downloadId, extension);
    await rename(join(this.dir(jobId), `${downloadId}.partial.${extension}`), target);
    return (await stat(target)).size;
  }

  async saveSelection(jobId: string, downloadId: string, ids: string[]): Promise<void> {
    await mkdir(this.dir(jobId), { recursive: true });
    await writeFile(join(this.dir(jobId), `${downloadId}.ids.json`), JSON.stringify(ids));
  }

  async readSelection(jobId: string, downloadId: string): Promise<string[] | undefined> {
    try {
      return JSON.parse(await readFile(join(this.dir(jobId), `${downloadId}.ids.json`), 'utf8')) as string[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(jobId: string, downloadId: string, extension: string): Promise<void> {
    await Promise.all(
      [`${downloadId}.${extension}`, `${downloadId}.partial.${extension}`, `${downloadId}.ids.json`].map((name) =>
        rm(join(this.dir(jobId), name), { force: true }),
      ),
    );
  }
}
