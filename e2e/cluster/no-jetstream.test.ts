import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../apps/cli/src/testing/run-cli.ts';
import { startServerProcess } from '../api/server-process.ts';
import { freePort, stopProcess } from './nats-server.ts';

// A nats-server started without -js: the catalogue registry is a JetStream bucket, so neither a search node nor an
// API server with NATS_URL can start. Each must say why and exit, not keep running with its connection open.
let dir: string;
let url: string;
let nats: ReturnType<typeof spawn>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-no-jetstream-'));
  const port = await freePort();
  nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    nats.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Server is ready')) resolve();
    });
    nats.once('exit', (code) => reject(new Error(`nats-server exited with ${code}:\n${log}`)));
  });
  url = `nats://127.0.0.1:${port}`;
});

afterAll(async () => {
  if (nats) await stopProcess(nats);
  await rm(dir, { recursive: true, force: true });
});

describe('NATS without JetStream', { timeout: 90_000 }, () => {
  it('stops a search node and an API server at start with a message that names the cause', async () => {
    const [node, api] = await Promise.all([
      runCli(['node', '--nats', url, '--data-dir', join(dir, 'node')], dir),
      startServerProcess(join(dir, 'api'), { NATS_URL: url }).then(
        async (server) => {
          await server.stop();
          return 'started';
        },
        (error: unknown) => String(error),
      ),
    ]);
    expect(node.code).not.toBe(0);
    expect(node.stderr).toMatch(/NATS has no JetStream for the catalogue registry after 20 s: start nats-server with JetStream \(-js\)/);
    expect(node.stderr).not.toMatch(/unexpected error|at .*\.ts:\d+/);
    expect(api).toMatch(/the server exited \(\d+\) before it started/);
    expect(api).toMatch(/NATS has no JetStream for the catalogue registry/);
    expect(api).not.toMatch(/at .*\.ts:\d+/);
  });
});
