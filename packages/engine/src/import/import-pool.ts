import type { PreparedBatch } from '../features/prepared-batch.ts';
import { WorkerPool } from '../pool/worker-pool.ts';
import { prepareMolecules } from '../features/prepare-molecules.ts';
import type { PrepareRequest } from '../features/prepare-molecules.ts';

/** Prepares batches on `workers` threads, or on the calling thread when workers is 0. */
export interface MoleculePreparer {
  prepare(request: PrepareRequest): Promise<PreparedBatch>;
  close(): Promise<void>;
}

export function createPreparer(workers: number): MoleculePreparer {
  if (workers <= 0) {
    return { prepare: (request) => prepareMolecules(request), close: async () => {} };
  }
  const pool = new WorkerPool<PrepareRequest, PreparedBatch>({
    workerUrl: new URL('./import-worker.ts', import.meta.url),
    size: workers,
    name: 'import',
    // Generous: the first batch of a worker also loads RDKit.
    taskTimeoutMs: 300_000,
  });
  return { prepare: (request) => pool.run(request), close: () => pool.close() };
}
