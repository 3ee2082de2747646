import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partFolderName } from '@molsearch/engine';
import { runCli } from '../../apps/cli/src/testing/run-cli.ts';
import { createScratchDatabase } from '../../apps/server/src/store/scratch-postgres.ts';
import { startServerProcess } from '../api/server-process.ts';
import type { ServerProcess } from '../api/server-process.ts';
import { startNatsCluster, stopProcess } from './nats-server.ts';
import type { NatsCluster } from './nats-server.ts';
import { startSearchNode } from './search-node-process.ts';

/** The catalogue the topology serves: real Chemspace screening rows, with their 3D columns. */
export const CATALOGUE_FILE = join(import.meta.dirname, '../../../shared/data/catalogs/chemspace_screening.smi.gz');
export const DATABASE = 'CHEMSPACE';
export const PARTS = 2;

/**
 * Which parts each search node holds: every part on exactly two of the three nodes, so the loss of any one
 * node leaves every part a replica, and the loss of node-a and node-b leaves part 1 none.
 */
export const PLACEMENT: Record<string, number[]> = { 'node-a': [1, 2], 'node-b': [1], 'node-c': [2] };

/** The same secret on both API servers, as behind a load balancer: either one reads the other's visitor cookies. */
const SECRET = 'a-secret-shared-by-the-api-servers-of-the-topology-0123';

export interface TopologyOptions {
  /** Rows of the catalogue file imported (whole for the reference, and in parts for the nodes). */
  rows: number;
  /** How long an API server awaits one replica, and a part in all (PART_ATTEMPT_SECONDS, PART_TIMEOUT_SECONDS). */
  attemptSeconds: number;
  partTimeoutSeconds: number;
  /** JOB_LEASE_SECONDS: how long a job's claim holds after its server's last heartbeat. */
  jobLeaseSeconds: number;
}

export interface Topology {
  dir: string;
  /** A data directory with the catalogue imported whole under DATABASE: the single-process reference. */
  reference: string;
  nats: NatsCluster;
  /** The search node processes by name (PLACEMENT). */
  nodes: Map<string, ChildProcess>;
  /** Two `molsearch serve` processes with NATS_URL and DATABASE_URL on one scratch PostgreSQL database. */
  apis: ServerProcess[];
  databaseUrl: string;
  /** kill -9 of a search node; resolves once it is gone. */
  killNode(name: string): Promise<void>;
  /** kill -9 of API server `index` (if still running), then a new process in its place with its data directory. */
  restartApi(index: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Everything of docs/scaling.md's deployment on this one machine, each piece its own process as an operator
 * runs it: the catalogue imported in two parts with `molsearch import --shard k/2 --3d`, a three-server NATS
 * cluster with JetStream, three `molsearch node` processes holding the parts as PLACEMENT says, and two
 * `molsearch serve` processes given every NATS URL and one PostgreSQL database.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const dir = await mkdtemp(join(tmpdir(), 'molsearch-topology-'));
  const reference = join(dir, 'reference');
  const parts = join(dir, 'parts');
  const stoppers: (() => Promise<unknown>)[] = [() => rm(dir, { recursive: true, force: true })];
  const stop = async (): Promise<void> => {
    for (const stopper of stoppers.splice(0).reverse()) await stopper().catch(() => undefined);
  };
  try {
    // The imports and the scratch database do not depend on one another. The NATS cluster starts after the
    // imports: beside them, on a loaded machine, its servers could lose their JetStream leader again.
    const [database] = await settled([
      createScratchDatabase().then((created) => (stoppers.push(() => created.drop()), created)),
      importWith(reference, []),
      ...Array.from({ length: PARTS }, (_, i) => importWith(parts, ['--shard', `${i + 1}/${PARTS}`])),
    ] as const);
    const nats = await startNatsCluster(join(dir, 'nats'));
    stoppers.push(() => nats.stop());

    const nodes = new Map<string, ChildProcess>();
    stoppers.push(() => Promise.all([...nodes.values()].map((node) => stopProcess(node))));
    const startNode = async (name: string, held: number[]): Promise<void> => {
      const dataDir = join(dir, name);
      for (const index of held) {
        const folder = partFolderName(DATABASE, { index, of: PARTS });
        await cp(join(parts, 'catalogues', folder), join(dataDir, 'catalogues', folder), { recursive: true });
      }
      nodes.set(name, await startSearchNode(nats.url, dataDir, name));
    };

    const apis: ServerProcess[] = [];
    stoppers.push(() => Promise.all(apis.map((api) => api.stop())));
    const startApi = (index: number): Promise<ServerProcess> =>
      startServerProcess(join(dir, `api-${index + 1}`), {
        NATS_URL: nats.url,
        DATABASE_URL: database.url,
        BETTER_AUTH_SECRET: SECRET,
        RATE_LIMITING: 'on',
        // Every test caller comes from 127.0.0.1: each new visitor keeps its own allowance.
        VISITORS_PER_ADDRESS: '10000',
        PART_ATTEMPT_SECONDS: String(options.attemptSeconds),
        PART_TIMEOUT_SECONDS: String(options.partTimeoutSeconds),
        // A job of a server killed -9 is taken over this soon after its last heartbeat.
        JOB_LEASE_SECONDS: String(options.jobLeaseSeconds),
        CATALOGUE_CONFIG: join(dir, 'no-catalogue-config.json'),
      });
    // The API servers one after the other (the first applies the migrations to the empty database), beside the nodes.
    const startApis = async (): Promise<void> => {
      for (const index of [0, 1]) apis.push(await startApi(index));
    };
    await settled([startApis(), ...Object.entries(PLACEMENT).map(([name, held]) => startNode(name, held))]);

    return {
      dir,
      reference,
      nats,
      nodes,
      apis,
      databaseUrl: database.url,
      killNode: (name) => stopProcess(nodes.get(name)!, 'SIGKILL'),
      async restartApi(index) {
        await apis[index]!.crash();
        apis[index] = await startApi(index);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }

  async function importWith(dataDir: string, extra: string[]): Promise<void> {
    const run = await runCli(['import', CATALOGUE_FILE, '--db', DATABASE, '--limit', String(options.rows), '--3d', '--data-dir', dataDir, ...extra], dir);
    if (run.code !== 0) throw new Error(`molsearch import ${extra.join(' ')} failed (${run.code}):\n${run.stderr}`);
  }
}

/**
 * Promise.all that rejects only once every promise has settled: a piece that started while another failed is
 * then registered with the topology's stop before it runs.
 */
async function settled<T extends readonly unknown[]>(promises: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
