// Entry of every pool worker: registers tsx's TypeScript loader in this thread, then loads the task
// module. Node 20 does not apply `--import` from a worker's execArgv, so the loader is set up here.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
