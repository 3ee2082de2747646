import { createPredictionPool } from '../features/prediction-pool.ts';
import type { PredictionPool } from '../features/prediction-pool.ts';
import { createScanPool } from '../morgan/scan-pool.ts';
import type { ScanPool } from '../morgan/scan-pool.ts';
import { createConformerPool } from '../shape/conformer-pool.ts';
import type { ConformerPool } from '../shape/conformer-pool.ts';
import { createGridPool } from '../shape/grid-pool.ts';
import type { GridPool } from '../shape/grid-pool.ts';
import { createRescorePool } from '../shape/rescore-pool.ts';
import type { RescorePool } from '../shape/rescore-pool.ts';

/** A worker pool shared by every search, created on first use and re-created when the thread count changes. */
function sharedWorkers<Pool extends { close(): Promise<void> }>(create: (threads: number) => Pool) {
  let current: { threads: number; pool: Pool } | undefined;
  return {
    get(threads: number): Pool {
      if (!current || current.threads !== threads) {
        void current?.pool.close();
        current = { threads, pool: create(threads) };
      }
      return current.pool;
    },
    async close(): Promise<void> {
      const closing = current;
      current = undefined;
      await closing?.pool.close();
    },
  };
}

const scanWorkers = sharedWorkers(createScanPool);
const rescoreWorkers = sharedWorkers(createRescorePool);
const gridWorkers = sharedWorkers(createGridPool);
const conformerWorkers = sharedWorkers(createConformerPool);
const predictionWorkers = sharedWorkers(createPredictionPool);

/** The Morgan search pool, created on first use with `threads` workers; idle workers do not keep the process alive. */
export function searchPool(threads: number): ScanPool {
  return scanWorkers.get(threads);
}

/** The 3D re-scoring pool, created on first 3D search with `threads` workers. */
export function rescorePool(threads: number): RescorePool {
  return rescoreWorkers.get(threads);
}

/** The stage-1 grid scan pool of the 3D searches, `threads` workers. */
export function gridPool(threads: number): GridPool {
  return gridWorkers.get(threads);
}

/** The threads that embed a 3D query's conformers. */
export function conformerPool(threads: number): ConformerPool {
  return conformerWorkers.get(threads);
}

/** The thread of OpenChemLib's predictions (one: they are asked for one molecule at a time). */
export function predictionPool(): PredictionPool {
  return predictionWorkers.get(1);
}

export async function closeSearchPool(): Promise<void> {
  await Promise.all([scanWorkers.close(), rescoreWorkers.close(), gridWorkers.close(), conformerWorkers.close(), predictionWorkers.close()]);
}
