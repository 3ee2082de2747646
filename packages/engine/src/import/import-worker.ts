// Worker thread of the import pool: prepares batches of molecules (RDKit loaded once per thread).
import type { PreparedBatch } from '../features/prepared-batch.ts';
import { serveTasks } from '../pool/worker-host.ts';
import { prepareMolecules } from '../features/prepare-molecules.ts';
import type { PrepareRequest } from '../features/prepare-molecules.ts';

serveTasks<PrepareRequest, PreparedBatch>(
  // Each row's index goes to the pool, which replaces a worker stuck on one row and retries the others.
  (request, context) => prepareMolecules(request, (index) => context.progress(index)),
  (batch) => [batch.fingerprints.buffer as ArrayBuffer, batch.numbers.buffer as ArrayBuffer],
);
