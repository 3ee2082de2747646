// Worker thread of the stage-1 grid pool: the column's shared memory arrives with each call.
import { serveTasks } from '../pool/worker-host.ts';
import { runGridKernelCall } from './pose-grid-scan.ts';
import type { GridKernelCall } from './pose-grid-scan.ts';

serveTasks<GridKernelCall, null>((call) => {
  runGridKernelCall(call);
  return null;
});
