import { Worker } from 'node:worker_threads';
import type { TransferListItem } from 'node:worker_threads';
import { EngineError, engineErrorCode } from '../format/engine-error.ts';
import type { TaskMessage, WorkerReply } from './worker-messages.ts';

export interface WorkerPoolOptions {
  /** Module run by each worker (a .ts file; workers load TypeScript through tsx). */
  workerUrl: URL;
  size: number;
  /** Passed to worker i as `workerData`. */
  workerData?: (index: number) => unknown;
  /** A task taking longer rejects with WORKER_FAILED; the worker is then replaced. */
  taskTimeoutMs?: number;
  /**
   * Once a task has marked a step (`TaskContext.step`), one step lasting this long (found within a quarter
   * more) rejects it with a `StalledTaskError` naming the step, and the worker is replaced: work that marks
   * each step finds a step that never ends long before `taskTimeoutMs`.
   */
  stepTimeoutMs?: number;
  name: string;
}

export interface RunOptions {
  transfer?: TransferListItem[];
  onProgress?: (progress: unknown) => void;
  /** Run on this worker (0..size-1), e.g. to use the scratch memory it owns; otherwise the first idle one. */
  worker?: number;
}

interface Task {
  id: number;
  message: TaskMessage<unknown>;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  /** Looks at the task's step counter every quarter of `stepTimeoutMs`. */
  watch?: NodeJS.Timeout;
  /** The counter as last looked at, and when it was first seen at that value. */
  seen?: { marked: number; at: number };
}

/** A task one of whose steps did not end within `stepTimeoutMs`; `step` is that step's index. */
export class StalledTaskError extends EngineError {
  readonly step: number;

  constructor(message: string, step: number) {
    super('WORKER_FAILED', message);
    this.name = 'StalledTaskError';
    this.step = step;
  }
}

interface Slot {
  index: number;
  worker: Worker;
  task?: Task;
  /** Shared with the worker: 0 before the task's first step, then 1 + the index of the step it is on. */
  steps?: Int32Array;
}

// Workers start from a small JavaScript entry that registers tsx, so they import our TypeScript
// sources the same way under the CLI, the server, the benchmarks and vitest.
const BOOTSTRAP = new URL('./worker-bootstrap.mjs', import.meta.url);

/** A fixed set of worker threads running tasks one at a time each; queued tasks wait for a free worker. */
export class WorkerPool<Request, Result> {
  private readonly options: WorkerPoolOptions;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: WorkerPoolOptions) {
    this.options = options;
    for (let i = 0; i < options.size; i++) this.slots.push(this.spawn(i));
  }

  get size(): number {
    return this.slots.length;
  }

  run(request: Request, options: RunOptions = {}): Promise<Result> {
    if (this.closed) return Promise.reject(new EngineError('WORKER_FAILED', `The ${this.options.name} pool is closed.`));
    return new Promise<Result>((resolve, reject) => {
      const id = this.nextId++;
      this.queue.push({ id, message: { id, request }, options, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const failure = new EngineError('WORKER_FAILED', `The ${this.options.name} pool was closed before the task finished.`);
    for (const task of this.queue.splice(0)) task.reject(failure);
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.task) this.finish(slot, () => slot.task?.reject(failure));
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(index: number): Slot {
    const steps = this.options.stepTimeoutMs ? new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) : undefined;
    const worker = new Worker(BOOTSTRAP, {
      workerData: { entry: this.options.workerUrl.href, data: this.options.workerData?.(index), steps: steps?.buffer },
    });
    const slot: Slot = { index, worker, steps };
    worker.on('message', (reply: WorkerReply<unknown>) => this.onReply(slot, reply));
    worker.on('error', (error) => this.onCrash(slot, error));
    worker.on('exit', (code) => {
      if (!this.closed) this.onCrash(slot, new Error(`exited with code ${code}`));
    });
    // An idle pool must not keep the process alive.
    worker.unref();
    return slot;
  }

  private dispatch(): void {
    for (let i = 0; i < this.queue.length; i++) {
      const task = this.queue[i]!;
      const slot = task.options.worker === undefined ? this.slots.find((s) => !s.task) : this.slots[task.options.worker];
      if (!slot || slot.task) continue;
      this.queue.splice(i--, 1);
      slot.task = task;
      slot.worker.ref();
      if (this.options.taskTimeoutMs) {
        task.timer = setTimeout(() => this.onTimeout(slot, task), this.options.taskTimeoutMs);
      }
      this.watchSteps(slot, task);
      slot.worker.postMessage(task.message, task.options.transfer ?? []);
    }
  }

  private onReply(slot: Slot, reply: WorkerReply<unknown>): void {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    if ('progress' in reply) {
      task.options.onProgress?.(reply.progress);
      return;
    }
    if (reply.ok) this.finish(slot, () => task.resolve(reply.value));
    else this.finish(slot, () => task.reject(new EngineError(engineErrorCode(reply.error.code), reply.error.message)));
  }

  /** Starts looking at the step counter of a task just given to `slot`'s worker. */
  private watchSteps(slot: Slot, task: Task): void {
    const limit = this.options.stepTimeoutMs;
    const steps = slot.steps;
    if (!limit || !steps) return;
    Atomics.store(steps, 0, 0);
    task.watch = setInterval(() => {
      if (slot.task !== task) return;
      const marked = Atomics.load(steps, 0);
      const now = performance.now();
      if (marked === 0) return;
      if (task.seen?.marked !== marked) task.seen = { marked, at: now };
      else if (now - task.seen.at >= limit) this.onStalledStep(slot, task, marked - 1);
    }, limit / 4);
    task.watch.unref();
  }

  private finish(slot: Slot, settle: () => void): void {
    const task = slot.task;
    clearTimers(task);
    slot.task = undefined;
    slot.worker.unref();
    settle();
    this.dispatch();
  }

  private onTimeout(slot: Slot, task: Task): void {
    if (slot.task !== task) return;
    this.replace(slot, new EngineError('WORKER_FAILED', `A ${this.options.name} worker did not answer within ${this.options.taskTimeoutMs} ms.`));
  }

  private onStalledStep(slot: Slot, task: Task, step: number): void {
    const seconds = (this.options.stepTimeoutMs ?? 0) / 1000;
    this.replace(slot, new StalledTaskError(`A ${this.options.name} worker spent more than ${seconds} s on one step.`, step));
  }

  private onCrash(slot: Slot, error: Error): void {
    if (this.closed || this.slots[slot.index] !== slot) return;
    this.replace(slot, new EngineError('WORKER_FAILED', `A ${this.options.name} worker failed: ${error.message}`, { cause: error }));
  }

  private replace(slot: Slot, failure: EngineError): void {
    const task = slot.task;
    clearTimers(task);
    slot.task = undefined;
    this.slots[slot.index] = this.spawn(slot.index);
    void slot.worker.terminate();
    task?.reject(failure);
    this.dispatch();
  }
}

function clearTimers(task: Task | undefined): void {
  if (task?.timer) clearTimeout(task.timer);
  if (task?.watch) clearInterval(task.watch);
}
