// Worker thread of the Morgan scan pool. Columns arrive as shared memory and are bound once per build.
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { createKernel } from './select-kernel.ts';
import { serveTasks, taskWorkerData } from '../pool/worker-host.ts';
import { bitBoundScan } from './bitbound-scan.ts';
import type { ScanRequest, ScanResult } from './scan-pool.ts';

const slot = taskWorkerData<{ slot: number }>().slot;
const PROGRESS_INTERVAL_MS = 100;

// One kernel per catalogue build and kernel kind. Every message carries a new wrapper of the same
// shared memory, so builds are told apart by their version (id@created), never by object identity.
const kernels = new Map<string, { version: string; kernel: CommonBitsKernel }>();

serveTasks<ScanRequest, ScanResult>(
  (request, context) => {
    const key = `${request.columnVersion}|${request.column.count}|${request.kernel}`;
    let kernel = kernels.get(key)?.kernel;
    if (!kernel) {
      // A re-imported catalogue replaces its old build's kernels, so the old memory can be freed.
      const id = request.columnVersion.split('@')[0];
      for (const [old, entry] of kernels) {
        if (entry.version === request.columnVersion || entry.version.split('@')[0] !== id) continue;
        entry.kernel.release?.();
        kernels.delete(old);
      }
      kernel = createKernel(request.column, slot, request.kernel);
      kernels.set(key, { version: request.columnVersion, kernel });
    }
    let lastNote = 0;
    const result = bitBoundScan(request.column, kernel, request.query, {
      limit: request.limit,
      threshold: request.threshold,
      ...(request.mask ? { mask: request.mask } : {}),
      part: request.part,
      parts: request.parts,
      sharedFloor: request.sharedFloor,
      shouldStop: () => Atomics.load(request.cancel, 0) !== 0,
      onProgress: (scanned, candidates) => {
        const now = performance.now();
        if (now - lastNote < PROGRESS_INTERVAL_MS) return;
        lastNote = now;
        context.progress({ scanned, candidates });
      },
    });
    return { rows: result.rows, similarities: result.similarities, scannedRows: result.scannedRows, stopped: result.stopped };
  },
  (result) => [result.rows.buffer as ArrayBuffer, result.similarities.buffer as ArrayBuffer],
);
