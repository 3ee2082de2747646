import { WorkerPool } from '../pool/worker-pool.ts';
import { MAX_GRID_PARTS } from './pose-grid-scan.ts';
import type { GridKernelCall, GridKernelRunner } from './pose-grid-scan.ts';

/** Worker threads that run the parts of stage-1 grid scans on a column's shared memory. */
export type GridPool = WorkerPool<GridKernelCall, null>;

export function createGridPool(threads: number): GridPool {
  return new WorkerPool<GridKernelCall, null>({
    workerUrl: new URL('./grid-worker.ts', import.meta.url),
    size: Math.max(1, Math.min(threads, MAX_GRID_PARTS)),
    name: '3D grid scan',
    taskTimeoutMs: 120_000,
  });
}

/** Splits each scan into one part per worker of `pool`, all running at once. */
export function poolRunner(pool: GridPool): GridKernelRunner {
  return {
    parts: pool.size,
    run: async (calls) => {
      await Promise.all(calls.map((call) => pool.run(call)));
    },
  };
}
