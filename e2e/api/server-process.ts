import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { importCatalogue } from '@molsearch/engine';
import { inject } from 'vitest';
import { createScratchDatabase } from '../../apps/server/src/store/scratch-postgres.ts';

const REPO = join(import.meta.dirname, '../..');
export const CATALOGS = join(REPO, '../shared/data/catalogs');
const CLI = join(REPO, 'apps/cli/bin/molsearch.js');

/** Molecules imported per test catalogue: enough for several pages, quick to import. */
export const TEST_CATALOGUE_ROWS = 60;
export const TEST_DATABASES = [
  { id: 'ENAMINE-REAL', file: 'enamine_real.smi.gz' },
  // MOLPORT carries the 3D columns, so shape and electrostatic searches and their poses are tested too.
  { id: 'MOLPORT', file: 'molport.smi.gz', shape: true },
] as const;

let imported: Promise<string> | undefined;

/** How long a test file waits for another to import the run's test catalogues. */
const IMPORT_WAIT_MS = 300_000;

/** Imports the first rows of two real vendor samples into `dir`. */
async function importTestCatalogues(dir: string): Promise<void> {
  for (const database of TEST_DATABASES) {
    const shape = 'shape' in database && database.shape;
    await importCatalogue({ files: [join(CATALOGS, database.file)], id: database.id, dataDir: dir, workers: 2, limit: TEST_CATALOGUE_ROWS, shape });
  }
}

/**
 * The run's one import of the test catalogues, under the folder the global set-up gives: the first file to
 * ask imports them (into a scratch folder renamed when complete), the others wait for that folder.
 */
async function runImport(root: string): Promise<string> {
  const ready = join(root, 'ready');
  if (existsSync(ready)) return ready;
  try {
    await mkdir(join(root, 'importing'));
  } catch {
    for (const started = Date.now(); !existsSync(ready); await sleep(200)) {
      if (Date.now() - started > IMPORT_WAIT_MS) throw new Error(`The test catalogues were not imported within ${IMPORT_WAIT_MS / 1000} s.`);
    }
    return ready;
  }
  const scratch = await mkdtemp(join(root, 'scratch-'));
  await importTestCatalogues(scratch);
  await rename(scratch, ready);
  return ready;
}

/** This test file's copy of the test catalogues, imported once per run (once per file outside one). */
export function testCatalogues(): Promise<string> {
  imported ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'molsearch-catalogues-'));
    const root = inject('testCataloguesRoot');
    if (root) await cp(await runImport(root), dir, { recursive: true });
    else await importTestCatalogues(dir);
    return dir;
  })();
  return imported;
}

/** Deletes this test file's imported catalogues; call once, after its servers have stopped. */
export async function removeTestCatalogues(): Promise<void> {
  if (!imported) return;
  const dir = await imported;
  imported = undefined;
  await rm(dir, { recursive: true, force: true });
}

export async function freshDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'molsearch-server-'));
  await cp(join(await testCatalogues(), 'catalogues'), join(dir, 'catalogues'), { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A fresh data directory whose catalogues are the test file's one imported copy (linked, not copied), as
 * API servers on several machines read one shared catalogue folder; jobs and uploads stay the server's own.
 */
export async function sharedCataloguesDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'molsearch-server-'));
  await symlink(join(await testCatalogues(), 'catalogues'), join(dir, 'catalogues'), 'dir');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Every log line so far, parsed. */
  logs: Record<string, unknown>[];
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, nothing flushed. */
  crash(): Promise<void>;
}

/** Starts `molsearch serve` as its own process on a free port and waits for it to answer. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dataDir], {
    cwd: REPO,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', SEARCH_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry.msg === 'server started') resolve(String(entry.url));
      } catch {
        logs.push({ text: line });
      }
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it started:\n${stderr}`)));
  });
  return {
    url,
    process: child,
    logs,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    crash: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Where a test server keeps its jobs: the SQLite file of its data directory, or a scratch PostgreSQL database. */
export type TestStore = 'sqlite' | 'postgres';

/** A server process on a fresh copy of the test catalogues, with its own store. */
export interface TestServer {
  dataDir: string;
  /** The environment it runs with: DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  server: ServerProcess;
  /** Stops the server cleanly (failing on any other exit) and starts it again on the same data and store. */
  restart(): Promise<ServerProcess>;
  /** Stops the server, removes its data directory and scratch database, and gives the server's exit code. */
  close(): Promise<number | null>;
}

export async function startTestServer(store: TestStore): Promise<TestServer> {
  const data = await freshDataDir();
  const cleanups = [data.remove];
  const env: Record<string, string> = {};
  if (store === 'postgres') {
    const scratch = await createScratchDatabase();
    cleanups.push(scratch.drop);
    env.DATABASE_URL = scratch.url;
  }
  const removeAll = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  let server: ServerProcess;
  try {
    server = await startServerProcess(data.dir, env);
  } catch (error) {
    await removeAll();
    throw error;
  }
  return {
    dataDir: data.dir,
    env,
    get server() {
      return server;
    },
    async restart() {
      const code = await server.stop();
      if (code !== 0) throw new Error(`the server exited with ${code} when stopped`);
      server = await startServerProcess(data.dir, env);
      return server;
    },
    async close() {
      const code = await server.stop();
      await removeAll();
      return code;
    },
  };
}
