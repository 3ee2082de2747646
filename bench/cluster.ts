// `npm run bench -- cluster [--rows 20000] [--rows-3d 600] [--queries 20] [--concurrency 6] [--searches 60] [--repeat 3] [--work DIR]`
//
// The distributed search against the single-process search of the same rows, in one run:
// - latency of a search through search nodes over NATS (query prepared here, sent to both parts, hits merged,
//   the hits' rows read from the nodes and stored, as an API server does) against the in-process search of the
//   same rows imported whole; the ratio is the overhead of distribution on one machine;
// - bytes on the wire per search, counted by this process's NATS connection (requests out, replies in; the
//   nodes send nothing else);
// - throughput (searches/s) with --concurrency searches at once, with 1, 2 and 3 nodes each holding both parts
//   (more nodes: more replicas in each part's queue group), and of the single process under the same load.
// The rows are real: the first --rows (Morgan) and --rows-3d (shape, 3D columns) rows of chemspace_screening.
// Every node, NATS and this process share this machine's cores, so throughput shows the cost of the fabric,
// not what separate machines would add. Timings: median with the 10th-90th percentile.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { connectNats, openRegistry } from '@molsearch/cluster';
import { closeSearchPool, createPreparer, forgetCatalogues, importCatalogue, openCatalogue, partFolderName, search } from '@molsearch/engine';
import type { SearchMethod, SearchRequest } from '@molsearch/engine';
import { createClusterEngine } from '../apps/server/src/cluster/cluster-engine.ts';
import { ClusterRowRepository } from '../apps/server/src/cluster/cluster-row.repository.ts';
import { openStore } from '../apps/server/src/store/database.ts';
import { startNatsServer, stopProcess } from '../e2e/cluster/nats-server.ts';
import { startSearchNode } from '../e2e/cluster/search-node-process.ts';
import { drugQueries } from './lib/drug-queries.ts';

const CATALOGUE = new URL('../../shared/data/catalogs/chemspace_screening.smi.gz', import.meta.url).pathname;
const PARTS = 2;
const LIMIT = 100;

interface Dataset {
  id: string;
  method: SearchMethod;
  rows: number;
  shape: boolean;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      work: { type: 'string', default: join(process.env.MOLSEARCH_DATA_DIR ?? 'data', 'bench', 'cluster') },
      rows: { type: 'string', default: '20000' },
      'rows-3d': { type: 'string', default: '600' },
      queries: { type: 'string', default: '20' },
      concurrency: { type: 'string', default: '6' },
      searches: { type: 'string', default: '60' },
      repeat: { type: 'string', default: '3' },
    },
  });
  const work = resolve(values.work);
  const datasets: Dataset[] = [
    { id: `MORGAN-${values.rows}`, method: 'morgan', rows: Number(values.rows), shape: false },
    ...(Number(values['rows-3d']) > 0 ? [{ id: `SHAPE-${values['rows-3d']}`, method: 'espsim_shape' as const, rows: Number(values['rows-3d']), shape: true }] : []),
  ];
  const queries = drugQueries(Number(values.queries));
  const concurrency = Number(values.concurrency);
  const searches = Number(values.searches);
  const repeat = Number(values.repeat);
  console.log(`cluster benchmark in ${work}: real rows of chemspace_screening.smi.gz, each catalogue imported whole (single process) and in ${PARTS} parts (--shard k/${PARTS}, served by nodes); ${queries.length} approved drugs of drugs.tsv as queries, top ${LIMIT}`);
  console.log('one nats-server and every node on this machine; timings are medians [10th-90th percentile]');

  const whole = join(work, 'whole');
  const parts = join(work, 'parts');
  await mkdir(work, { recursive: true });
  for (const dataset of datasets) await importOnce(dataset, whole, parts);

  const nats = await startNatsServer(join(work, 'nats'));
  const nodes: ChildProcess[] = [];
  const nc = await connectNats(nats.url, 'cluster-bench');
  const store = await openStore({ dataDir: join(work, 'api'), databaseUrl: undefined });
  const cluster = createClusterEngine({ nc, registry: await openRegistry(nc), rows: new ClusterRowRepository(store.db), catalogueConfig: join(work, 'no-config.json'), threads: 2, attemptMs: 60_000, partDeadlineMs: 300_000 });
  try {
    for (let count = 1; count <= 3; count++) {
      const name = `node-${count}`;
      const dataDir = join(work, name);
      await rm(dataDir, { recursive: true, force: true });
      for (const dataset of datasets) {
        for (let index = 1; index <= PARTS; index++) {
          const folder = partFolderName(dataset.id, { index, of: PARTS });
          await cp(join(parts, 'catalogues', folder), join(dataDir, 'catalogues', folder), { recursive: true });
        }
      }
      nodes.push(await startSearchNode(nats.url, dataDir, name, 2));
      console.log(`\n## ${count} node${count > 1 ? 's' : ''}, each holding both parts of every catalogue`);
      for (const dataset of datasets) {
        const request = (smiles: string): SearchRequest => ({ smiles, method: dataset.method, quality: 'fast', limit: LIMIT, databases: [dataset.id] });
        const local = async (smiles: string): Promise<Hit[]> => {
          const result = await search(request(smiles), { dataDir: whole, threads: 2 });
          const catalogue = await openCatalogue(whole, dataset.id);
          const found = result.databases[0]!;
          return Array.from(found.rows, (row, i): Hit => [catalogue.compoundId(row), found.similarities[i]!]);
        };
        // When the last part answered, against the end of the search: the rest is merging, and reading and storing the hits' rows.
        let partsAnswered = 0;
        const distributed = async (smiles: string): Promise<Hit[]> => {
          const result = await cluster.search(request(smiles), { onProgress: ({ percent }) => percent >= 100 && (partsAnswered = performance.now()) });
          const found = result.databases[0]!;
          if (found.unavailableParts) throw new Error(`parts ${found.unavailableParts.missing.join(', ')} unavailable`);
          return (await cluster.readRows(dataset.id, found.rows, false)).ids.map((id, i): Hit => [id, found.similarities[i]!]);
        };
        // Every node opens its catalogues on its first searches: some rounds before anything is timed.
        await load(concurrency, queries.length * count * 2, queries, distributed);
        const label = `${dataset.id} (${dataset.rows.toLocaleString()} real rows, ${dataset.method})`;
        if (count === 1) {
          // Latency one search at a time, alternating, so both see the same machine.
          const [localTimes, clusterTimes, rowTimes] = [[] as number[], [] as number[], [] as number[]];
          let same = 0;
          for (const smiles of queries) await local(smiles);
          const warm = nc.stats();
          for (const smiles of queries) {
            const a = await timed(() => local(smiles));
            const b = await timed(() => distributed(smiles));
            localTimes.push(a.ms);
            clusterTimes.push(b.ms);
            rowTimes.push(performance.now() - partsAnswered);
            if (sameHits(a.value, b.value)) same++;
          }
          const after = nc.stats();
          const ratios = clusterTimes.map((ms, i) => ms / localTimes[i]!);
          console.log(`${label}: latency single process ${summary(localTimes)} ms, through the node ${summary(clusterTimes)} ms; overhead ratio ${summary(ratios, 2)} (per query)`);
          console.log(`  through the node, after the last part answered (merging, reading the hits' rows from the nodes, storing them, reading them back as a page does): ${summary(rowTimes)} ms`);
          console.log(`  hits identical to the single process for ${same} of ${queries.length} queries (same scores rank by rank, same ids above the last score)`);
          const perQuery = (key: 'outBytes' | 'inBytes' | 'outMsgs' | 'inMsgs'): number => (after[key] - warm[key]) / queries.length;
          console.log(`  on the wire per search: ${fmt(perQuery('outBytes'))} B sent in ${fmt(perQuery('outMsgs'))} messages (search and row requests to ${PARTS} parts), ${fmt(perQuery('inBytes'))} B received in ${fmt(perQuery('inMsgs'))} messages (hits and rows)`);
          const localRates = await rates(repeat, () => load(concurrency, searches, queries, local));
          console.log(`  throughput single process, ${concurrency} at once: ${summary(localRates, 1)} searches/s over ${repeat} runs of ${searches}`);
        }
        const clusterRates = await rates(repeat, () => load(concurrency, searches, queries, distributed));
        console.log(`${label}: throughput through ${count} node${count > 1 ? 's' : ''}, ${concurrency} at once: ${summary(clusterRates, 1)} searches/s over ${repeat} runs of ${searches}`);
      }
    }
  } finally {
    await Promise.all(nodes.map((node) => stopProcess(node)));
    await nc.close();
    await store.close();
    await nats.stop();
    await closeSearchPool();
    forgetCatalogues();
  }
}

/** Imports the whole catalogue and its parts, unless an earlier run left them (same id: same rows). */
async function importOnce(dataset: Dataset, whole: string, parts: string): Promise<void> {
  const preparer = createPreparer(2);
  try {
    if (!existsSync(join(whole, 'catalogues', dataset.id))) {
      const started = performance.now();
      await importCatalogue({ files: [CATALOGUE], id: dataset.id, dataDir: whole, preparer, limit: dataset.rows, shape: dataset.shape });
      console.log(`imported ${dataset.id} whole in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    for (let index = 1; index <= PARTS; index++) {
      if (existsSync(join(parts, 'catalogues', partFolderName(dataset.id, { index, of: PARTS })))) continue;
      await importCatalogue({ files: [CATALOGUE], id: dataset.id, dataDir: parts, preparer, limit: dataset.rows, shape: dataset.shape, shard: { index, of: PARTS } });
    }
  } finally {
    await preparer.close();
  }
}

/** `searches` searches, `concurrency` at once, queries taken in turn; searches per second of wall time. */
async function load(concurrency: number, searches: number, queries: string[], one: (smiles: string) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < searches) await one(queries[next++ % queries.length]!);
    }),
  );
  return searches / ((performance.now() - started) / 1000);
}

async function rates(repeat: number, measure: () => Promise<number>): Promise<number[]> {
  const found: number[] = [];
  for (let i = 0; i < repeat; i++) found.push(await measure());
  return found;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

type Hit = [string, number];

/** Same scores rank by rank, and the same molecules above the last score (a tie at the cut may keep others), equal scores in any order. */
function sameHits(a: Hit[], b: Hit[]): boolean {
  if (a.length !== b.length || a.some(([, score], i) => score !== b[i]![1])) return false;
  const last = a.at(-1)?.[1];
  const above = (hits: Hit[]): string => hits.filter(([, score]) => score !== last).map(([id, score]) => `${score} ${id}`).sort().join('\n');
  return above(a) === above(b);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))]!;
}

function summary(values: number[], digits = 1): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 0.5).toFixed(digits)} [${percentile(sorted, 0.1).toFixed(digits)}-${percentile(sorted, 0.9).toFixed(digits)}]`;
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
