// The worker side of BenchPool: answers each request with `handle`, errors as their message.
import { parentPort } from 'node:worker_threads';

export function serveBenchTasks<Request, Reply>(handle: (request: Request) => Promise<Reply> | Reply): void {
  const port = parentPort;
  if (!port) throw new Error('serveBenchTasks() must run inside a worker thread.');
  port.on('message', (message: { id: number; request: Request }) => {
    Promise.resolve()
      .then(() => handle(message.request))
      .then(
        (value) => port.postMessage({ id: message.id, ok: true, value }),
        (error: unknown) => port.postMessage({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
