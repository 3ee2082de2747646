import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.ts';
import { createLogger } from '../http/logger.ts';

const quiet = createLogger('silent');

describe('FairQueue', () => {
  it('takes turns between owners instead of serving one owner first', async () => {
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const queue = new FairQueue<string>({
      concurrency: 1,
      work: async (task) => {
        order.push(task);
        // The first task holds the queue until every task is waiting, so the order depends only on the turns.
        if (task === 'a1') await gate;
      },
      logger: quiet,
    });
    for (const task of ['a1', 'a2', 'a3']) queue.push('alice', task);
    for (const task of ['b1', 'b2']) queue.push('bob', task);
    for (const task of ['c1', 'c2']) queue.push('carol', task);
    open();
    await waitUntil(() => order.length === 7);
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'c2']);
  });

  it('never runs more tasks at once than its concurrency', async () => {
    let running = 0;
    let peak = 0;
    const queue = new FairQueue<number>({
      concurrency: 2,
      work: async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      },
      logger: quiet,
    });
    for (let i = 0; i < 10; i++) queue.push(`owner-${i % 3}`, i);
    await waitUntil(() => queue.size === 0);
    await queue.idle();
    expect(peak).toBe(2);
  });

  it('keeps going after a task fails', async () => {
    const done: number[] = [];
    const queue = new FairQueue<number>({
      concurrency: 1,
      work: async (task) => {
        if (task === 1) throw new Error('boom');
        done.push(task);
      },
      logger: quiet,
    });
    queue.push('x', 1);
    queue.push('x', 2);
    await waitUntil(() => done.length === 1);
    expect(done).toEqual([2]);
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
}
