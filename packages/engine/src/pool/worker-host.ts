import { parentPort, workerData } from 'node:worker_threads';
import type { TransferListItem } from 'node:worker_threads';
import { asEngineError } from '../format/engine-error.ts';
import type { TaskMessage, WorkerReply } from './worker-messages.ts';

export interface TaskContext {
  /** Sends a progress note to the caller while the task runs. */
  progress(note: unknown): void;
  /**
   * Marks the start of step `index` (0, 1, ...) of the task, for a pool with `stepTimeoutMs`: a write to
   * memory shared with the pool, no message, so a task can mark every small step (a message a row took
   * 2.5 % of a 3D import worker's profile).
   */
  step(index: number): void;
}

/** Answers the pool's tasks in this worker thread with `handle`, one at a time. */
export function serveTasks<Request, Result>(
  handle: (request: Request, context: TaskContext) => Promise<Result> | Result,
  transferOf?: (result: Result) => TransferListItem[],
): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks() must run inside a worker thread.');
  const steps = stepCounter();
  port.on('message', (message: TaskMessage<Request>) => {
    const context: TaskContext = {
      progress: (note) => port.postMessage({ id: message.id, progress: note } satisfies WorkerReply<Result>),
      step: (index) => {
        if (steps) Atomics.store(steps, 0, index + 1);
      },
    };
    Promise.resolve()
      .then(() => handle(message.request, context))
      .then(
        (value) => port.postMessage({ id: message.id, ok: true, value } satisfies WorkerReply<Result>, transferOf?.(value) ?? []),
        (error: unknown) => {
          const known = asEngineError(error);
          const code = known?.code ?? 'WORKER_FAILED';
          const text = known?.message ?? (error instanceof Error ? error.message : String(error));
          port.postMessage({ id: message.id, ok: false, error: { code, message: text } } satisfies WorkerReply<Result>);
        },
      );
  });
}

/** The `workerData` the pool gave this worker. */
export function taskWorkerData<T>(): T {
  return (workerData as { data: T }).data;
}

/** The step counter the pool shares with this worker (see `WorkerPool`), when it watches for a stalled step. */
function stepCounter(): Int32Array | undefined {
  const buffer = (workerData as { steps?: SharedArrayBuffer } | undefined)?.steps;
  return buffer ? new Int32Array(buffer) : undefined;
}
