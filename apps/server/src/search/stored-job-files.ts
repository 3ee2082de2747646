import { open as openFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Store } from '../store/database.ts';
import type { JobFiles, OpenedJobFile } from './job-files.ts';

/** Bytes per stored chunk: a hit list of 100,000 hits (800 KB) is one chunk, a large download a few dozen. */
const CHUNK_BYTES = 1 << 20;

/**
 * Job files in the store's `job_files` table, in chunks of CHUNK_BYTES, for API servers sharing one
 * PostgreSQL database: whichever server ran a search or built a download, every server reads it.
 * Downloads are still built in a local folder (`localDir`) and copied in when complete.
 */
export class StoredJobFiles implements JobFiles {
  constructor(
    private readonly store: Store,
    /** This server's scratch folder for files being built. */
    private readonly scratchDir: string,
  ) {}

  localDir(jobId: string): string {
    return join(this.scratchDir, jobId);
  }

  async write(jobId: string, name: string, data: Uint8Array): Promise<void> {
    // One transaction: a reader sees the earlier file or the whole new one.
    await this.store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('job_files').where('job_id', '=', jobId).where('name', '=', name).execute();
      for (let chunk = 0, at = 0; at < data.length || chunk === 0; chunk++, at += CHUNK_BYTES) {
        await trx.insertInto('job_files').values({ job_id: jobId, name, chunk, data: Buffer.from(data.buffer, data.byteOffset + at, Math.min(CHUNK_BYTES, data.length - at)) }).execute();
      }
    });
  }

  async read(jobId: string, name: string): Promise<Buffer | undefined> {
    const rows = await this.store.db.selectFrom('job_files').select('data').where('job_id', '=', jobId).where('name', '=', name).orderBy('chunk').execute();
    if (rows.length === 0) return undefined;
    return Buffer.concat(rows.map((row) => Buffer.from(row.data)));
  }

  async adopt(jobId: string, name: string, path: string): Promise<number> {
    const file = await openFile(path, 'r');
    let size = 0;
    try {
      await this.store.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('job_files').where('job_id', '=', jobId).where('name', '=', name).execute();
        for (let chunk = 0; ; chunk++) {
          const buffer = Buffer.alloc(CHUNK_BYTES);
          const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, null);
          if (bytesRead === 0 && chunk > 0) break;
          await trx.insertInto('job_files').values({ job_id: jobId, name, chunk, data: buffer.subarray(0, bytesRead) }).execute();
          size += bytesRead;
          if (bytesRead < CHUNK_BYTES) break;
        }
      });
    } finally {
      await file.close();
    }
    await rm(path, { force: true });
    return size;
  }

  async open(jobId: string, name: string): Promise<OpenedJobFile | undefined> {
    const sizes = await this.store.db
      .selectFrom('job_files')
      .select(['chunk', (eb) => eb.fn<number | string>('length', [eb.ref('data')]).as('bytes')])
      .where('job_id', '=', jobId)
      .where('name', '=', name)
      .orderBy('chunk')
      .execute();
    if (sizes.length === 0) return undefined;
    const db = this.store.db;
    // Chunk by chunk, so serving a large file holds one chunk in memory at a time.
    async function* chunks(): AsyncGenerator<Buffer> {
      for (const { chunk } of sizes) {
        const row = await db.selectFrom('job_files').select('data').where('job_id', '=', jobId).where('name', '=', name).where('chunk', '=', chunk).executeTakeFirst();
        if (!row) throw new Error(`The file ${name} of job ${jobId} was removed while it was being read.`);
        yield Buffer.from(row.data);
      }
    }
    return { size: sizes.reduce((total, row) => total + Number(row.bytes), 0), stream: Readable.from(chunks()) };
  }

  async remove(jobId: string, names?: readonly string[]): Promise<void> {
    let query = this.store.db.deleteFrom('job_files').where('job_id', '=', jobId);
    // What was being built here goes too.
    if (names) {
      if (names.length === 0) return;
      await Promise.all(names.map((name) => rm(join(this.localDir(jobId), name), { force: true })));
      query = query.where('name', 'in', names);
    } else await rm(this.localDir(jobId), { recursive: true, force: true });
    await query.execute();
  }
}
