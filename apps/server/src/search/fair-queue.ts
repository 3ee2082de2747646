import type { Logger } from '../http/logger.ts';

export interface FairQueueOptions<T> {
  /** Tasks run at once. */
  concurrency: number;
  /** Runs one task; a failure is logged and the queue goes on. */
  work: (task: T) => Promise<void>;
  logger: Logger;
}

/**
 * Runs tasks with bounded concurrency, taking turns between owners (round robin), so one caller
 * with many searches cannot starve everyone else.
 */
export class FairQueue<T> {
  private readonly waiting = new Map<string, T[]>();
  /** Owners with waiting tasks, in the order they get their next turn. */
  private readonly turns: string[] = [];
  private running = 0;
  private stopped = false;
  private readonly idleWaiters: (() => void)[] = [];

  private readonly concurrency: number;
  private readonly work: (task: T) => Promise<void>;
  private readonly logger: Logger;

  constructor(options: FairQueueOptions<T>) {
    this.concurrency = options.concurrency;
    this.work = options.work;
    this.logger = options.logger;
  }

  get size(): number {
    let total = 0;
    for (const tasks of this.waiting.values()) total += tasks.length;
    return total;
  }

  get active(): number {
    return this.running;
  }

  push(owner: string, task: T): void {
    const tasks = this.waiting.get(owner);
    if (tasks) tasks.push(task);
    else {
      this.waiting.set(owner, [task]);
      this.turns.push(owner);
    }
    this.pump();
  }

  /** Starts nothing new; running tasks finish (the caller aborts them if it must). */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when no task is running. */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private next(): T | undefined {
    const owner = this.turns.shift();
    if (owner === undefined) return undefined;
    const tasks = this.waiting.get(owner)!;
    const task = tasks.shift();
    if (tasks.length > 0) this.turns.push(owner);
    else this.waiting.delete(owner);
    return task;
  }

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency) {
      const task = this.next();
      if (task === undefined) return;
      this.running++;
      this.work(task)
        .catch((error: unknown) => this.logger.error('queued task failed', { error }))
        .finally(() => {
          this.running--;
          if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
          this.pump();
        });
    }
  }
}
