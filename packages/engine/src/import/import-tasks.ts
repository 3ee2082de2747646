import type { PreparedBatch } from '../features/prepared-batch.ts';
import { serveTasks } from '../pool/worker-host.ts';
import { prepareMolecules } from '../features/prepare-molecules.ts';
import type { PrepareRequest } from '../features/prepare-molecules.ts';

/**
 * Answers the import pool's batches on this worker thread. Each row is marked as a step of its task as it starts,
 * so the pool can replace a worker stuck on one row and retry the others. `beforeRow` runs just after.
 */
export function serveImportTasks(beforeRow?: (request: PrepareRequest, index: number) => void): void {
  serveTasks<PrepareRequest, PreparedBatch>(
    (request, context) =>
      prepareMolecules(request, (index) => {
        context.step(index);
        beforeRow?.(request, index);
      }),
    (batch) => [batch.fingerprints.buffer as ArrayBuffer, batch.numbers.buffer as ArrayBuffer],
  );
}
