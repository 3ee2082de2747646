import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/** A file of a job opened for reading: its size and a stream of its bytes. */
export interface OpenedJobFile {
  size: number;
  stream: Readable;
}

/**
 * The files of a job (hit lists, score columns, download files), by a name under the job such as
 * `hits/MOLPORT.hits`. On one server they are files in its data directory (DiskJobFiles); API servers
 * sharing PostgreSQL keep them in the store (StoredJobFiles), so any server reads what another wrote.
 */
export interface JobFiles {
  /** A folder on this machine for the job: files are built here before `adopt` (and, on disk, kept here). */
  localDir(jobId: string): string;
  /** Writes a whole file, replacing any earlier one; a reader never sees half of it. */
  write(jobId: string, name: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  read(jobId: string, name: string): Promise<Buffer | undefined>;
  /** Makes the file built at `path` (under `localDir`) the job's file `name`; answers its size in bytes. */
  adopt(jobId: string, name: string, path: string): Promise<number>;
  open(jobId: string, name: string): Promise<OpenedJobFile | undefined>;
  /** Removes the named files of a job, or all of them (and its local folder) without names. */
  remove(jobId: string, names?: readonly string[]): Promise<void>;
}

/** Job files in `<jobsDir>/<job>/<name>`, as a single server keeps them. */
export class DiskJobFiles implements JobFiles {
  constructor(private readonly jobsDir: string) {}

  localDir(jobId: string): string {
    return join(this.jobsDir, jobId);
  }

  async write(jobId: string, name: string, data: Uint8Array): Promise<void> {
    const file = join(this.localDir(jobId), name);
    await mkdir(dirname(file), { recursive: true });
    // Written aside and renamed, so a crash never leaves a half file.
    await writeFile(`${file}.tmp`, data);
    await rename(`${file}.tmp`, file);
  }

  async read(jobId: string, name: string): Promise<Buffer | undefined> {
    return readFile(join(this.localDir(jobId), name)).catch(absentAsUndefined);
  }

  async adopt(jobId: string, name: string, path: string): Promise<number> {
    const file = join(this.localDir(jobId), name);
    if (path !== file) {
      await mkdir(dirname(file), { recursive: true });
      await rename(path, file);
    }
    return (await stat(file)).size;
  }

  async open(jobId: string, name: string): Promise<OpenedJobFile | undefined> {
    const file = join(this.localDir(jobId), name);
    const info = await stat(file).catch(absentAsUndefined);
    return info && { size: info.size, stream: createReadStream(file) };
  }

  async remove(jobId: string, names?: readonly string[]): Promise<void> {
    if (!names) return rm(this.localDir(jobId), { recursive: true, force: true });
    await Promise.all(names.map((name) => rm(join(this.localDir(jobId), name), { force: true })));
  }
}

function absentAsUndefined(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}
