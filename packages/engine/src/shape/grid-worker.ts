// Worker thread of the stage-1 grid pool: the column's shared memory arrives with each task.
import { serveTasks } from '../pool/worker-host.ts';
import { buildGridPart } from './grid-part.ts';
import type { PartSites } from './grid-part.ts';
import type { GridTask } from './grid-pool.ts';
import { runGridKernelCall } from './pose-grid-scan.ts';

serveTasks<GridTask, PartSites | null>(
  (task) => {
    if (task.kind === 'build') return buildGridPart(task.part);
    runGridKernelCall(task.call);
    return null;
  },
  (sites) => (sites ? ([sites.counts.buffer, sites.records.buffer, sites.selfOverlaps.buffer] as ArrayBuffer[]) : []),
);
