import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNats, openRegistry } from '@molsearch/cluster';
import type { NatsConnection } from '@molsearch/cluster';
import { closeSearchPool, forgetCatalogues, importCatalogue, openCatalogue, partFolderName, search } from '@molsearch/engine';
import { createClusterEngine } from '../../apps/server/src/cluster/cluster-engine.ts';
import { ClusterRowRepository } from '../../apps/server/src/cluster/cluster-row.repository.ts';
import { openStore } from '../../apps/server/src/store/database.ts';
import type { Store } from '../../apps/server/src/store/database.ts';
import type { SearchEngine } from '../../apps/server/src/search/search-engine.ts';
import { startNatsCluster, stopProcess } from './nats-server.ts';
import { startSearchNode } from './search-node-process.ts';

const CATALOGUE = join(import.meta.dirname, '../../../shared/data/catalogs/chemspace_screening.smi.gz');
const QUERIES = ['CN1CCN(CC1)c1ccc(cc1)C(=O)Nc1ccccc1', 'CC(=O)Nc1ccc(O)cc1', 'O=C(NCc1ccccc1)c1ccncc1'];

let dir: string;
let local: string;
let nats: Awaited<ReturnType<typeof startNatsCluster>>;
let nc: NatsConnection;
let store: Store;
let cluster: SearchEngine;
const nodes: ChildProcess[] = [];

/** Ids and scores, best first; equal scores by id. */
async function hits(engine: 'local' | 'cluster', smiles: string): Promise<[string, number][]> {
  const request = { smiles, method: 'morgan' as const, quality: 'fast' as const, limit: 20, threshold: 0.2 };
  let found: [string, number][];
  if (engine === 'local') {
    const result = await search({ ...request, databases: ['WHOLE'] }, { dataDir: local, threads: 1 });
    const catalogue = await openCatalogue(local, 'WHOLE');
    found = Array.from(result.databases[0]!.rows, (row, i): [string, number] => [catalogue.compoundId(row), result.databases[0]!.similarities[i]!]);
  } else {
    const result = await cluster.search({ ...request, databases: ['CAT'] }, {});
    expect(result.databases[0]!.unavailableParts).toBeUndefined();
    const rows = await cluster.readRows('CAT', result.databases[0]!.rows, false);
    found = rows.ids.map((id, i): [string, number] => [id, result.databases[0]!.similarities[i]!]);
  }
  return found.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-nats-failover-'));
  local = join(dir, 'local');
  await importCatalogue({ files: [CATALOGUE], id: 'WHOLE', dataDir: local, limit: 300 });
  for (const index of [1, 2]) await importCatalogue({ files: [CATALOGUE], id: 'CAT', dataDir: local, limit: 300, shard: { index, of: 2 } });
  nats = await startNatsCluster(join(dir, 'nats'));
  // Both parts on both nodes; each node is given all three NATS servers.
  for (const name of ['node-a', 'node-b']) {
    for (const index of [1, 2]) {
      const folder = partFolderName('CAT', { index, of: 2 });
      await cp(join(local, 'catalogues', folder), join(dir, name, 'catalogues', folder), { recursive: true });
    }
    nodes.push(await startSearchNode(nats.url, join(dir, name), name));
  }
  nc = await connectNats(nats.url, 'failover-test');
  store = await openStore({ dataDir: join(dir, 'api'), databaseUrl: undefined });
  cluster = createClusterEngine({ nc, registry: await openRegistry(nc), rows: new ClusterRowRepository(store.db), catalogueConfig: join(dir, 'none.json'), threads: 1, attemptMs: 3000, partDeadlineMs: 20_000 });
}, 600_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => stopProcess(node)));
  await nc?.close();
  await store?.close();
  await nats?.stop();
  await closeSearchPool();
  forgetCatalogues();
  await rm(dir, { recursive: true, force: true });
});

describe('a NATS cluster of three servers', () => {
  it('keeps answering searches, with the hits of one machine, when one NATS server is killed', { timeout: 300_000 }, async () => {
    for (const smiles of QUERIES) expect(await hits('cluster', smiles)).toEqual(await hits('local', smiles));
    // The server the test's own connection uses is killed, and another one besides whichever the nodes use.
    const used = nc.getServer();
    const victim = nats.servers.find((server) => server.url.endsWith(used.split(':').at(-1)!)) ?? nats.servers[0]!;
    victim.process.kill('SIGKILL');
    for (const smiles of QUERIES) expect(await hits('cluster', smiles)).toEqual(await hits('local', smiles));
    expect((await cluster.listCatalogues()).map((summary) => summary.id)).toEqual(['CAT']);
  });
});
