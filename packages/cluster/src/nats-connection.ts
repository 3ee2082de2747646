import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * A connection to the NATS cluster at `servers` (comma-separated URLs, any of its servers): the client
 * learns the others from the one it reaches and, once connected, moves to another when its server goes,
 * retrying forever. The first connection is tried for up to `waitMs` (a node may start just before NATS
 * does); then NatsUnreachableError, rather than a process waiting in silence on a wrong address.
 */
export async function connectNats(servers: string, name: string, waitMs = 20_000): Promise<NatsConnection> {
  const urls = servers.split(',').map((server) => server.trim()).filter(Boolean);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await connect({ servers: urls, name, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    } catch (error) {
      if (Date.now() > deadline) throw new NatsUnreachableError(urls, waitMs, error);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** No server of the cluster answered for as long as connectNats tried. */
export class NatsUnreachableError extends Error {
  readonly code = 'NATS_UNREACHABLE';
  constructor(urls: readonly string[], waitMs: number, cause: unknown) {
    super(`Cannot reach NATS at ${urls.join(', ')} after ${Math.round(waitMs / 1000)} s (${cause instanceof Error ? cause.message : String(cause)}): check the URLs and that nats-server is running.`);
  }
}

export type { NatsConnection } from '@nats-io/transport-node';
