import type { NatsConnection } from '@molsearch/cluster';
import { abortedError } from './cluster-errors.ts';

export interface PartRequestOptions {
  /** How long one replica may take to answer before the request is sent again (to any live replica). */
  attemptMs: number;
  /** How long the part may take in all; after it the part counts as unavailable. */
  deadlineMs: number;
  signal?: AbortSignal;
}

/**
 * Sends `data` to the part's subject and returns the answer, or undefined when no replica answered
 * within the deadline. NATS gives each request to one replica of the queue group; when none is
 * subscribed it says so at once ("no responders") and the request is sent again after a short wait
 * (a replica may be starting); when the replica that took it died, the attempt times out and the
 * request goes again, which NATS hands to a replica still alive. Each answer is the node's own.
 */
export async function requestPart(nc: NatsConnection, subject: string, data: Uint8Array, options: PartRequestOptions): Promise<Uint8Array | undefined> {
  const deadline = Date.now() + options.deadlineMs;
  for (;;) {
    if (options.signal?.aborted) throw abortedError();
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    try {
      const reply = await nc.request(subject, data, { timeout: Math.min(options.attemptMs, left) });
      return reply.data;
    } catch {
      // No responders (none subscribed yet or any more), a timeout (the replica died), or the connection
      // moving to another NATS server: all are asked again until the deadline, after a short wait.
      await pause(Math.min(RETRY_PAUSE_MS, Math.max(0, deadline - Date.now())), options.signal);
    }
  }
}

const RETRY_PAUSE_MS = 200;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
