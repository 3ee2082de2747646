import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A nats-server (Debian's, JetStream on) started for a test on free ports; `url` reaches it. */
export interface NatsServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `nats-server -c <conf>` with JetStream storing under `dir`, listening on 127.0.0.1 only, with a
 * payload limit large enough for a part's reply of 100,000 hits; resolves once it accepts connections.
 */
export async function startNatsServer(dir: string): Promise<NatsServer> {
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const conf = join(dir, 'nats.conf');
  await writeFile(conf, [`host: 127.0.0.1`, `port: ${port}`, `max_payload: 8MB`, `jetstream { store_dir: "${join(dir, 'jetstream')}" }`, ''].join('\n'));
  const child = spawn('nats-server', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${log}`)), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Server is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited with ${code}:\n${log}`));
    });
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    process: child,
    stop: () => stopProcess(child),
  };
}

/** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
