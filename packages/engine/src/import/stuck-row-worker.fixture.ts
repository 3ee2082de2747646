// An import worker that never finishes a row whose id starts with "stuck", as RDKit's WebAssembly build
// can loop on a pathological molecule; every other row is prepared as the import's own worker does.
import type { PreparedBatch } from '../features/prepared-batch.ts';
import { serveTasks } from '../pool/worker-host.ts';
import { prepareMolecules } from '../features/prepare-molecules.ts';
import type { PrepareRequest } from '../features/prepare-molecules.ts';

serveTasks<PrepareRequest, PreparedBatch>((request, context) =>
  prepareMolecules(request, (index) => {
    context.progress(index);
    if (request.molecules[index]?.id.startsWith('stuck')) for (;;);
  }),
);
