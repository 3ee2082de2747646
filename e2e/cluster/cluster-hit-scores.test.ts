import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '@molsearch/chem';
import { connectNats, openRegistry } from '@molsearch/cluster';
import type { NatsConnection } from '@molsearch/cluster';
import { closeSearchPool, createPreparer, forgetCatalogues, importCatalogue, openCatalogue, openCataloguePart, partFolderName } from '@molsearch/engine';
import type { MoleculePreparer } from '@molsearch/engine';
import { createClusterEngine, registryReader } from '../../apps/server/src/cluster/cluster-engine.ts';
import { clusterHitScoring } from '../../apps/server/src/cluster/cluster-hit-scoring.ts';
import { ClusterRowRepository } from '../../apps/server/src/cluster/cluster-row.repository.ts';
import { partRowOf } from '../../apps/server/src/cluster/part-hits.ts';
import { createEngineAdapter } from '../../apps/server/src/search/engine.adapter.ts';
import { HitListRepository } from '../../apps/server/src/search/hit-list.repository.ts';
import { HitScoreRepository } from '../../apps/server/src/search/hit-score.repository.ts';
import { HitScoreService } from '../../apps/server/src/search/hit-score.service.ts';
import { queuedJob } from '../../apps/server/src/search/job-row.fixture.ts';
import { roundSimilarity } from '../../apps/server/src/search/similarity.ts';
import { createHitScoringAdapter } from '../../apps/server/src/search/hit-scoring.adapter.ts';
import type { HitScoring } from '../../apps/server/src/search/hit-scoring.ts';
import type { SearchEngine } from '../../apps/server/src/search/search-engine.ts';
import { openStore } from '../../apps/server/src/store/database.ts';
import type { Store } from '../../apps/server/src/store/database.ts';
import { runCli } from '../../apps/cli/src/testing/run-cli.ts';
import { startNatsServer, stopProcess } from './nats-server.ts';
import type { NatsServer } from './nats-server.ts';
import { startSearchNode } from './search-node-process.ts';

const CATALOGUE = join(import.meta.dirname, '../../../shared/data/catalogs/chemspace_screening.smi.gz');
const QUERY = 'CN1CCN(CC1)c1ccc(cc1)C(=O)Nc1ccccc1';
const ROWS = 30;

let dir: string;
let local: string;
let nats: NatsServer;
let nc: NatsConnection;
let store: Store;
let node: ChildProcess;
let preparer: MoleculePreparer;
let cluster: SearchEngine;
let clusterScoring: HitScoring;
let single: SearchEngine;
let singleScoring: HitScoring;
/** Every row of the catalogue in the cluster numbering, and the same molecule's row in the catalogue imported whole. */
let rowPairs: { cluster: number; whole: number }[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cluster-hits-'));
  local = join(dir, 'local');
  await loadRDKit();
  preparer = createPreparer(2);
  await importCatalogue({ files: [CATALOGUE], id: 'WHOLE3D', dataDir: local, preparer, limit: ROWS, shape: true });
  for (const index of [1, 2]) await importCatalogue({ files: [CATALOGUE], id: 'CAT3D', dataDir: local, preparer, limit: ROWS, shape: true, shard: { index, of: 2 } });
  const nodeDir = join(dir, 'node');
  for (const index of [1, 2]) {
    const folder = partFolderName('CAT3D', { index, of: 2 });
    await cp(join(local, 'catalogues', folder), join(nodeDir, 'catalogues', folder), { recursive: true });
  }
  nats = await startNatsServer(join(dir, 'nats'));
  node = await startSearchNode(nats.url, nodeDir, 'node-hits');
  nc = await connectNats(nats.url, 'cluster-hits-test');
  store = await openStore({ dataDir: join(dir, 'api'), databaseUrl: undefined });
  const registry = await openRegistry(nc);
  const timing = { attemptMs: 20_000, deadlineMs: 60_000 };
  cluster = createClusterEngine({ nc, registry, rows: new ClusterRowRepository(store.db), catalogueConfig: join(dir, 'no-config.json'), threads: 1, attemptMs: timing.attemptMs, partDeadlineMs: timing.deadlineMs });
  clusterScoring = clusterHitScoring({ nc, registry: registryReader(registry), threads: 1, ...timing });
  single = createEngineAdapter({ dataDir: local, catalogueConfig: join(dir, 'no-config.json'), searchThreads: 1 });
  singleScoring = createHitScoringAdapter({ dataDir: local, threads: 1 });
  const whole = await openCatalogue(local, 'WHOLE3D');
  const wholeRow = new Map(Array.from({ length: whole.count }, (_, row) => [whole.compoundId(row), row]));
  rowPairs = [];
  for (const index of [1, 2]) {
    const part = await openCataloguePart(local, 'CAT3D', { index, of: 2 });
    for (let row = 0; row < part.count; row++) rowPairs.push({ cluster: row * 2 + index - 1, whole: wholeRow.get(part.compoundId(row))! });
  }
}, 600_000);

afterAll(async () => {
  if (node) await stopProcess(node);
  await nc?.close();
  await store?.close();
  await nats?.stop();
  await preparer?.close();
  await closeSearchPool();
  forgetCatalogues();
  await rm(dir, { recursive: true, force: true });
});

describe('hit scores and poses through search nodes', () => {
  it('numbers rows part after part so that each maps back to its part', () => {
    expect(rowPairs).toHaveLength(ROWS);
    expect(rowPairs.every((pair) => pair.whole !== undefined)).toBe(true);
    expect(partRowOf(7, 2)).toEqual({ part: 2, local: 3 });
    expect(partRowOf(6, 2)).toEqual({ part: 1, local: 3 });
  });

  it('scores every hit by all three methods as the single process does, rows of both parts in one call', { timeout: 300_000 }, async () => {
    const got = await clusterScoring.scorer(QUERY).scores('CAT3D', rowPairs.map((pair) => pair.cluster));
    const want = await singleScoring.scorer(QUERY).scores('WHOLE3D', rowPairs.map((pair) => pair.whole));
    expect(Array.from(got.morgan)).toEqual(Array.from(want.morgan));
    expect(got.shape).not.toBeNull();
    expect(Array.from(got.shape!)).toEqual(Array.from(want.shape!));
    expect(Array.from(got.electrostatic!)).toEqual(Array.from(want.electrostatic!));
    // Real scores, not placeholders: some 3D overlap and at least two distinct Morgan values.
    expect(got.shape!.some((score) => score > 0.3)).toBe(true);
    expect(new Set(got.morgan).size).toBeGreaterThan(1);
  });

  it('lays a hit on the query as the single process does, for the hit detail', { timeout: 300_000 }, async () => {
    const titles = { query: 'query', hit: 'hit' };
    for (const pair of [rowPairs[0]!, rowPairs.at(-1)!]) {
      const got = await clusterScoring.scorer(QUERY).pose('CAT3D', pair.cluster, titles);
      const want = await singleScoring.scorer(QUERY).pose('WHOLE3D', pair.whole, titles);
      expect(want).toBeDefined();
      expect(got).toEqual(want);
    }
  });

  it('poses 3D download hits from both parts in the query frame the single process uses', { timeout: 300_000 }, async () => {
    const pairs = rowPairs.slice(0, 8);
    const titles = pairs.map((_, i) => `hit ${i}`);
    const aligner = (await cluster.poseAligner(QUERY, 'espsim_shape'))!;
    const reference = (await single.poseAligner(QUERY, 'espsim_shape'))!;
    const progress: number[] = [];
    const got = await aligner.molblocks('CAT3D', pairs.map((pair) => pair.cluster), titles, (fraction) => progress.push(fraction));
    expect(got).toEqual(await reference.molblocks('WHOLE3D', pairs.map((pair) => pair.whole), titles));
    expect(got.every((molblock) => molblock?.includes('M  END'))).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(await aligner.queryMolblock('CAT3D', 'query')).toEqual(await reference.queryMolblock('WHOLE3D', 'query'));
    expect(await cluster.poseAligner(QUERY, 'morgan')).toBeUndefined();
  });

  it('writes the same hit file from the command line through the nodes as from the catalogue imported whole', { timeout: 300_000 }, async () => {
    for (const format of ['tsv', 'sdf']) {
      const args = ['search', QUERY, '--method', 'espsim_shape', '--top', '6', '--threads', '1', '--format', format];
      const [through, whole] = await Promise.all([runCli([...args, '--db', 'CAT3D', '--nats', nats.url], dir), runCli([...args, '--db', 'WHOLE3D', '--data-dir', local], dir)]);
      expect(through.code, through.stderr).toBe(0);
      expect(whole.code, whole.stderr).toBe(0);
      // Scores, ids, properties and poses alike; only the database column differs.
      expect(through.stdout.replaceAll('CAT3D', 'DB')).toEqual(whole.stdout.replaceAll('WHOLE3D', 'DB'));
      expect(through.stdout.split(format === 'sdf' ? '$$$$' : '\n').length).toBeGreaterThan(6);
    }
  });

  it('checks a substructure and PAINS on the merged ranking as the single process does, reporting what it checked', { timeout: 300_000 }, async () => {
    const cases = [
      { smiles: QUERY, method: 'morgan' as const, quality: 'fast' as const, limit: 10, substructure: 'c1ccccc1' },
      { smiles: QUERY, method: 'espsim_shape' as const, quality: 'fast' as const, limit: 5, filters: { excludePains: true }, substructure: 'C(=O)N' },
    ];
    for (const request of cases) {
      const [got, want] = await Promise.all([cluster.search({ ...request, databases: ['CAT3D'] }, {}), single.search({ ...request, databases: ['WHOLE3D'] }, {})]);
      const ids = async (engine: SearchEngine, database: string, rows: Uint32Array): Promise<string[]> => (await engine.readRows(database, rows, false)).ids;
      const [gotHits, wantHits] = [got.databases[0]!, want.databases[0]!];
      expect(await ids(cluster, 'CAT3D', gotHits.rows)).toEqual(await ids(single, 'WHOLE3D', wantHits.rows));
      expect(Array.from(gotHits.similarities)).toEqual(Array.from(wantHits.similarities));
      expect(gotHits.filtering?.structure).toEqual(wantHits.filtering?.structure);
      expect(gotHits.filtering?.structure?.checked).toBeGreaterThan(gotHits.rows.length - 1);
      expect(gotHits.rows.length).toBeGreaterThan(0);
    }
  });
  it('leaves the hits of a part no search node answers for unscored, and scores them once one answers again', { timeout: 300_000 }, async () => {
    const hits = new HitListRepository({ jobsDir: join(dir, 'jobs') });
    // A part's request waits a second for the stopped node, three in all, before it counts as unanswered.
    const scoring = clusterHitScoring({ nc, registry: registryReader(await openRegistry(nc)), threads: 1, attemptMs: 1000, deadlineMs: 3000 });
    const service = new HitScoreService({ hits, scores: new HitScoreRepository(hits.files), scoring });
    const job = queuedJob('unanswered-scores', 'visitor:a', Date.now(), { search_input: QUERY, search_type: 'morgan', db_names: JSON.stringify(['CAT3D']) });
    const pairs = rowPairs.slice(0, 6);
    await hits.write(job.id, { database: 'CAT3D', rows: Uint32Array.from(pairs, (pair) => pair.cluster), similarities: new Float32Array(pairs.length).fill(0.5) });
    const selected = pairs.map((pair, index) => ({ database: 'CAT3D', row: pair.cluster, similarity: 0.5, index }));
    node.kill('SIGSTOP');
    let unanswered;
    try {
      unanswered = await service.forHits(job, selected);
    } finally {
      node.kill('SIGCONT');
    }
    expect(unanswered.shape_similarity).toEqual(pairs.map(() => null));
    expect(unanswered.electrostatic_similarity).toEqual(pairs.map(() => null));
    const answered = await service.forHits(job, selected);
    const want = await singleScoring.scorer(QUERY).scores('WHOLE3D', pairs.map((pair) => pair.whole));
    expect(answered.shape_similarity).toEqual(Array.from(want.shape!, roundSimilarity));
    expect(answered.electrostatic_similarity).toEqual(Array.from(want.electrostatic!, roundSimilarity));
  });
});
