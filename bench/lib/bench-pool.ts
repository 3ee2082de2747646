// A few worker threads answering one request at a time each, for the benchmarks that need both cores.
import { Worker } from 'node:worker_threads';

interface Pending { resolve: (value: unknown) => void; reject: (error: Error) => void }

export class BenchPool<Request, Reply> {
  private readonly workers: Worker[];
  private readonly idle: number[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** `entry` is a module that calls `serveBenchTasks`. */
  constructor(entry: URL, size: number) {
    this.workers = Array.from({ length: size }, (_, index) => {
      const worker = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), { workerData: { entry: entry.href } });
      worker.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: string }) => {
        const task = this.pending.get(message.id);
        if (!task) return;
        this.pending.delete(message.id);
        this.release(index);
        if (message.ok) task.resolve(message.value);
        else task.reject(new Error(message.error));
      });
      worker.on('error', (error) => {
        for (const task of this.pending.values()) task.reject(error);
        this.pending.clear();
      });
      this.idle.push(index);
      return worker;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  /** Sends `request` to a free worker (or to worker `on`, e.g. to load its data). */
  async run(request: Request, on?: number): Promise<Reply> {
    const index = on ?? (await this.acquire());
    if (on !== undefined) {
      const at = this.idle.indexOf(on);
      if (at >= 0) this.idle.splice(at, 1);
    }
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.workers[index]!.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private async acquire(): Promise<number> {
    while (this.idle.length === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.idle.shift()!;
  }

  private release(index: number): void {
    if (!this.idle.includes(index)) this.idle.push(index);
    this.waiting.shift()?.();
  }
}
