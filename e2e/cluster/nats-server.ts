import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A nats-server (Debian's, JetStream on) started for a test on free ports; `url` reaches it. */
export interface NatsServer {
  url: string;
  /** The server's monitoring endpoint (/varz, /connz), for tests and benchmarks that look inside. */
  monitorUrl: string;
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
 * Starts `nats-server -c <conf>` with JetStream storing under `dir` (without, when `jetstream` is false, as an
 * operator who forgot it would), listening on 127.0.0.1 only, with a payload limit large enough for a part's
 * reply of 100,000 hits; resolves once it accepts connections. Given the `port` and `dir` of a server stopped
 * before, it starts that server again, its JetStream data included.
 */
export async function startNatsServer(dir: string, jetstream = true, port?: number): Promise<NatsServer> {
  return startConfigured(dir, port ?? (await freePort()), [], 'Server is ready', jetstream);
}

async function startConfigured(dir: string, port: number, extra: string[], ready: string, jetstream = true): Promise<NatsServer> {
  await mkdir(dir, { recursive: true });
  const conf = join(dir, 'nats.conf');
  const monitor = await freePort();
  const store = jetstream ? [`jetstream { store_dir: "${join(dir, 'jetstream')}" }`] : [];
  await writeFile(conf, [`host: 127.0.0.1`, `port: ${port}`, `http: 127.0.0.1:${monitor}`, `max_payload: 8MB`, ...store, ...extra, ''].join('\n'));
  const child = spawn('nats-server', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${log}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (new RegExp(ready).test(log)) {
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
    monitorUrl: `http://127.0.0.1:${monitor}`,
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

/** Three routed nats-servers; `url` lists all three, comma-separated, as clients are given them. */
export interface NatsCluster {
  url: string;
  servers: NatsServer[];
  stop(): Promise<void>;
}

/**
 * Three nats-servers routed into one cluster with JetStream, as docs/scaling.md sets them up; `url` lists all
 * three, so clients move to another server when theirs goes. Resolves once every server knows JetStream's
 * metadata leader (asked of its monitoring endpoint: the election takes long on a loaded machine).
 */
export async function startNatsCluster(dir: string): Promise<NatsCluster> {
  const ports = await Promise.all([0, 1, 2].map(async () => ({ client: await freePort(), route: await freePort() })));
  const routes = ports.map((port) => `nats-route://127.0.0.1:${port.route}`).join(', ');
  const servers = await Promise.all(
    ports.map((port, i) =>
      startConfigured(join(dir, `n${i + 1}`), port.client, [
        `server_name: n${i + 1}`,
        `cluster { name: molsearch, listen: 127.0.0.1:${port.route}, routes: [ ${routes} ] }`,
      ], 'Server is ready'),
    ),
  );
  const stop = async (): Promise<void> => void (await Promise.all(servers.map((server) => server.stop())));
  try {
    await Promise.all(servers.map((server) => waitForMetaLeader(server)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: servers.map((server) => server.url).join(','), servers, stop };
}

async function waitForMetaLeader(server: NatsServer, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const jsz = (await (await fetch(`${server.monitorUrl}/jsz`)).json()) as { meta_cluster?: { leader?: string } };
      if (jsz.meta_cluster?.leader) return;
    } catch {
      // Not answering yet.
    }
    if (Date.now() > deadline) throw new Error(`nats-server ${server.url} found no JetStream leader in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
