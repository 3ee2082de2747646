// Worker thread of the import pool: prepares batches of molecules (RDKit loaded once per thread).
import { serveImportTasks } from './import-tasks.ts';

serveImportTasks();
