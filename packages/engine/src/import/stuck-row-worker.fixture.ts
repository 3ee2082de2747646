// An import worker that never finishes a row whose id starts with "stuck", as RDKit's WebAssembly build
// can loop on a pathological molecule; every other row is prepared as the import's own worker does.
import { serveImportTasks } from './import-tasks.ts';

serveImportTasks((request, index) => {
  if (request.molecules[index]?.id.startsWith('stuck')) for (;;);
});
