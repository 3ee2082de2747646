// Entry of the benchmarks' worker threads: registers tsx's TypeScript loader in the thread, then loads
// the task module named in workerData (Node 20 does not apply `--import` from a worker's execArgv).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
