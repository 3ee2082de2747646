import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../apps/cli/src/testing/run-cli.ts';
import { startServerProcess } from '../api/server-process.ts';
import { freePort, startNatsServer } from './nats-server.ts';
import type { NatsServer } from './nats-server.ts';

// A search node and an API server with NATS_URL cannot start without NATS, nor on a nats-server started without -js
// (the catalogue registry is a JetStream bucket). Each must say why and exit, not wait on in silence or keep running
// with its connection open.
let dir: string;
let unreachable: string;
let nats: NatsServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-no-jetstream-'));
  nats = await startNatsServer(join(dir, 'nats'), false);
  // A port nothing listens on.
  unreachable = `nats://127.0.0.1:${await freePort()}`;
});

afterAll(async () => {
  await nats?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** `molsearch node` and `molsearch serve` started on `natsUrl`: the node's run, and the server's start error (or 'started'). */
async function startBoth(natsUrl: string, name: string): Promise<{ node: Awaited<ReturnType<typeof runCli>>; api: string }> {
  const [node, api] = await Promise.all([
    runCli(['node', '--nats', natsUrl, '--data-dir', join(dir, `${name}-node`)], dir),
    startServerProcess(join(dir, `${name}-api`), { NATS_URL: natsUrl }).then(
      async (server) => {
        await server.stop();
        return 'started';
      },
      (error: unknown) => String(error),
    ),
  ]);
  return { node, api };
}

describe('a search node and an API server started on NATS they cannot use', { timeout: 90_000 }, () => {
  it('exit at start with a message that names the cause: no server answering, or no JetStream', async () => {
    const [down, plain] = await Promise.all([startBoth(unreachable, 'down'), startBoth(nats.url, 'plain')]);
    const cases = [
      { started: down, cause: new RegExp(`Cannot reach NATS at ${unreachable} after 20 s \\(.+\\): check the URLs and that nats-server is running`) },
      { started: plain, cause: /NATS has no JetStream for the catalogue registry after 20 s: start nats-server with JetStream \(-js\)/ },
    ];
    for (const { started, cause } of cases) {
      expect(started.node.code).not.toBe(0);
      expect(started.node.stderr).toMatch(cause);
      expect(started.node.stderr).not.toMatch(/unexpected error|at .*\.ts:\d+/);
      expect(started.api).toMatch(/the server exited \(\d+\) before it started/);
      expect(started.api).toMatch(cause);
      expect(started.api).not.toMatch(/unexpected error|at .*\.ts:\d+/);
    }
  });
});
