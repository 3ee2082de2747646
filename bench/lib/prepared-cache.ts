// Prepared import batches kept on disk, so the scale benchmark prepares each real molecule's 3D model once
// (hours for the ~460k molecules of ../shared/data/catalogs on two cores) and rebuilds catalogues from them in
// minutes whenever the catalogue format changes. A record is [u32 length][v8 serialise({ key, batch })],
// appended in input order; `key` names the batch's molecules and conformer settings.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import type { MoleculePreparer } from '@molsearch/engine';
import type { PreparedBatch, PrepareRequest } from '@molsearch/engine/bench';

export interface CachedBatch {
  key: string;
  batch: PreparedBatch;
}

/** The key of a batch: its input rows and the conformer settings (charge model aside: the file says which built it). */
export function batchKey(request: PrepareRequest): string {
  const shape = request.shape ? { conformers: request.shape.conformers, seed: request.shape.seed, timeBudgetMs: request.shape.timeBudgetMs } : undefined;
  return createHash('sha1').update(JSON.stringify({ molecules: request.molecules, shape })).digest('hex');
}

/** Reads the complete records of `path` in order, from `start` bytes on. */
export function* cachedBatches(path: string, start = 0): Generator<CachedBatch & { end: number }> {
  if (!existsSync(path)) return;
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    const head = Buffer.alloc(4);
    let at = start;
    while (at + 4 <= size) {
      readSync(fd, head, 0, 4, at);
      const length = head.readUInt32LE(0);
      if (at + 4 + length > size) return;
      const body = Buffer.alloc(length);
      readSync(fd, body, 0, length, at + 4);
      at += 4 + length;
      yield { ...(deserialize(body) as CachedBatch), end: at };
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A preparer that answers from the cache file when the next record holds the batch asked for (imports ask
 * in input order), and otherwise prepares with `inner` and appends the result.
 */
export function cachedPreparer(path: string, inner: () => MoleculePreparer): MoleculePreparer & { hits: number; misses: number } {
  let records = cachedBatches(path);
  let created: MoleculePreparer | undefined;
  // Appends go out in request order, so the file keeps input order for the next run.
  let appended: Promise<void> = Promise.resolve();
  const preparer = {
    hits: 0,
    misses: 0,
    async prepare(request: PrepareRequest): Promise<PreparedBatch> {
      const key = batchKey(request);
      const next = records.next();
      if (!next.done && next.value.key === key) {
        preparer.hits++;
        return next.value.batch;
      }
      // Past the cached batches: every later batch is prepared and appended (records is spent).
      records = (function* () {})();
      preparer.misses++;
      created ??= inner();
      const result = created.prepare(request);
      appended = appended.then(async () => {
        const body = serialize({ key, batch: await result });
        const length = Buffer.alloc(4);
        length.writeUInt32LE(body.length);
        await appendFile(path, Buffer.concat([length, body]));
      });
      await appended;
      return result;
    },
    async close(): Promise<void> {
      await created?.close();
    },
  };
  return preparer;
}
