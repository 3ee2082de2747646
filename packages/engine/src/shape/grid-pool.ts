import { WorkerPool } from '../pool/worker-pool.ts';
import type { GridPartRunner } from './grid-columns.ts';
import type { GridPart, PartSites } from './grid-part.ts';
import { MAX_GRID_PARTS } from './pose-grid-scan.ts';
import type { GridKernelCall, GridKernelRunner } from './pose-grid-scan.ts';

/** What a grid worker does: a part of a scan (a kernel call), or the grids of a part of a candidate column. */
export type GridTask = { kind: 'scan'; call: GridKernelCall } | { kind: 'build'; part: GridPart };

/** Worker threads that build stage 1's candidate grids and run the parts of its grid scans, on a column's shared memory. */
export type GridPool = WorkerPool<GridTask, PartSites | null>;

export function createGridPool(threads: number): GridPool {
  return new WorkerPool<GridTask, PartSites | null>({
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
      await Promise.all(calls.map((call) => pool.run({ kind: 'scan', call })));
    },
  };
}

/** Builds the parts of a candidate column on `pool`'s workers, each taking the next part as it frees up. */
export function poolBuilder(pool: GridPool): GridPartRunner {
  return {
    threads: pool.size,
    run: (part) => {
      const models = part.models;
      const transfer = (models.kind === 'file' ? [models.positions.buffer, models.lengths.buffer] : [models.bytes.buffer, models.offsets.buffer]) as ArrayBuffer[];
      return pool.run({ kind: 'build', part }, { transfer });
    },
  };
}
