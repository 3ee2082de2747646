import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * A connection to the NATS cluster at `servers` (comma-separated URLs, any of its servers): the client
 * learns the others from the one it reaches and moves to another when its server goes, retrying forever.
 */
export function connectNats(servers: string, name: string): Promise<NatsConnection> {
  return connect({
    servers: servers.split(',').map((server) => server.trim()).filter(Boolean),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
  });
}

export type { NatsConnection } from '@nats-io/transport-node';
