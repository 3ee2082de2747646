// `npm run bench -- engine-3d [--size N] [--queries N] [--data-dir DIR] [--catalogue ID] [--qualities fast,accurate,very_accurate]
//                             [--methods espsim_shape,espsim_electrostatic,consensus]`
//
// Shape, electrostatic and consensus search on a Chemspace screening catalogue: end-to-end latency per
// quality (query conformers included) and recall@30 against the exact ranking, i.e. every molecule of the
// catalogue re-scored by the 3D scorer (for consensus: by all three scores, fused as the search fuses
// them), for approved drugs of ../shared/data/drugs.tsv as queries. Queries are built with the charge
// model the catalogue records, and electrostatic scores take the catalogue's form.
//
// Without --catalogue, the first N molecules of chemspace_screening.smi.gz are imported with 3D columns
// into <data-dir>/bench/engine-3d/data (kept, so a second run skips the import). The exact ranking of
// each query is cached in <data-dir>/bench/engine-3d/truth-<catalogue>-<method>.json, keyed by the
// catalogue build, the consensus fusion's weights and each query's 3D model (recomputed when conformer
// generation changed), and filled one query at a time, so an interrupted run resumes. The exact
// re-scoring rate is measured again in every run, and each latency is also given as a factor against
// re-scoring the whole catalogue at that rate: machines of the same size re-scored from 4,500 to 7,900
// molecules a second.
// Beside recall, how much lower the hits returned score than the exact top 30, rank for rank, and each query
// of recall@30 under 0.5 with its exact top 30's scores: a reordered flat top loses little, a missed hit more.
//
// The default 10,000 molecules take 5-8 min on 2 cores (import ~1-2 min, exact ranking ~1 min,
// 120 searches ~3 min); a second run reuses both. The full 100k figure (import ~11 min, exact ranking
// 20 x 2 x 100k re-scores ~10 min at ~7,000 a second, searches ~8 min):
//   npm run bench -- engine-3d --size 100000
// or, with the whole catalogue imported with 3D columns into the data dir:
//   npx molsearch import ../shared/data/catalogs/chemspace_screening.smi.gz --db CHEMSPACE-SCREENING --3d --resume
//   npm run bench -- engine-3d --catalogue CHEMSPACE-SCREENING
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { morganFingerprint, tanimoto, withMol } from '@molsearch/chem';
import type { Model3D, ScoreMethod } from '@molsearch/chem';
import {
  CONSENSUS_WEIGHTS, catalogueChargeModel, closeSearchPool, consensusReference, consensusReferenceRows, consensusScore, importCatalogue, isRecordError, openCatalogue, readMolecules, search, shapeQuery,
} from '@molsearch/engine';
import type { Catalogue, ShapeQuery } from '@molsearch/engine';
import {
  STAGE2_CANDIDATES, STAGE1_QUERY_CONFORMERS, STAGE1_REFINED_PAIRS, candidateSources, catalogueElectrostaticForm, consensusShare, consensusSources, createRescorePool, rescoreComponents, rescoreModels, stage1Union,
} from '@molsearch/engine/bench';
import type { RescorePool } from '@molsearch/engine/bench';
import { drugQueries, queryDrugs } from './lib/drug-queries.ts';

const SOURCE = new URL('../../shared/data/catalogs/chemspace_screening.smi.gz', import.meta.url).pathname;
type Method = ScoreMethod | 'consensus';
const METHODS: Method[] = ['espsim_shape', 'espsim_electrostatic', 'consensus'];
const QUALITIES = ['fast', 'accurate', 'very_accurate'] as const;
type Quality = (typeof QUALITIES)[number];
const TOP = 30;
/** Kept per query in the cache: more than 30, so ties at the 30th place can be seen. */
const TRUTH_KEPT = 100;
/** Queries below this recall@30 are listed one by one with the exact scores they missed. */
const LOW_RECALL = 0.5;

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      size: { type: 'string', default: '10000' },
      queries: { type: 'string', default: '20' },
      'data-dir': { type: 'string', default: process.env.MOLSEARCH_DATA_DIR ?? 'data' },
      catalogue: { type: 'string' },
      qualities: { type: 'string', default: QUALITIES.join(',') },
      methods: { type: 'string', default: METHODS.join(',') },
    },
  });
  const benchDir = join(resolve(values['data-dir']), 'bench', 'engine-3d');
  const size = Number(values.size);
  const qualities = values.qualities.split(',').filter((q): q is Quality => (QUALITIES as readonly string[]).includes(q));
  const { catalogue, dataDir } = values.catalogue
    ? { catalogue: await openCatalogue(resolve(values['data-dir']), values.catalogue), dataDir: resolve(values['data-dir']) }
    : await benchCatalogue(join(benchDir, 'data'), size);
  if (!catalogue.shape) throw new Error(`Catalogue ${catalogue.id} has no 3D columns: import it with --3d.`);
  console.log(`catalogue ${catalogue.id}: ${catalogue.count.toLocaleString()} molecules, index ${catalogue.manifest.bytesPerMolecule} bytes/molecule with the 3D columns`);
  console.log(catalogue.manifest.shape?.chargeIndex
    ? `stage-1 index: volume and charge vectors (the electrostatic search probes both)`
    : `stage-1 index: volume vectors only (imported before the charge vectors: the electrostatic search probes by volume alone; re-import to add them)`);

  const queries = drugQueries(Number(values.queries));
  console.log(`queries: ${queries.length} approved drugs of drugs.tsv (every ${Math.floor(queryDrugs().length / queries.length)}th with SMILES under 60 characters)`);
  const pool = createRescorePool(2);
  try {
    for (const method of METHODS.filter((m) => values.methods.split(',').includes(m))) {
      const truth = await groundTruth(benchDir, catalogue, method, queries, pool);
      const ceilings = await stage1Ceilings(catalogue, method, queries, truth, qualities);
      const rate = await exactRate(catalogue, method === 'consensus' ? 'espsim_electrostatic' : method, queries, pool);
      const exhaustiveMs = (catalogue.count / rate) * 1000;
      console.log(`${method}: exact re-scoring in this run ${rate.toFixed(0)} molecules/s on 2 workers, so re-scoring all ${catalogue.count.toLocaleString()} takes ${fmtMs(exhaustiveMs)} a query`);
      for (const quality of qualities) {
        const times: number[] = [];
        const cpu: number[] = [];
        const recalls: number[] = [];
        const shortfalls: number[] = [];
        for (const [q, smiles] of queries.entries()) {
          const cpuStart = process.cpuUsage();
          const start = performance.now();
          const result = await search({ smiles, method, quality, databases: [catalogue.id], limit: TOP }, { dataDir, threads: 2 });
          times.push(performance.now() - start);
          const used = process.cpuUsage(cpuStart);
          cpu.push((used.user + used.system) / 1000);
          recalls.push(recallAt(truth[q]!.rows, [...result.databases[0]!.rows]));
          shortfalls.push(scoreShortfall(truth[q]!.similarities, [...result.databases[0]!.similarities]));
        }
        const sorted = [...times].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)]!;
        const cpuMedian = [...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)]!;
        const mean = mean0(recalls);
        console.log(
          `${method.padEnd(20)} ${quality.padEnd(13)}: end to end (query conformers + stage 1 + stage 2 on 2 workers) median ${fmtMs(median)} ` +
            `(${(exhaustiveMs / median).toFixed(0)}x faster than re-scoring all), ` +
            `p90 ${fmtMs(sorted[Math.floor(sorted.length * 0.9)]!)}, CPU of all threads median ${fmtMs(cpuMedian)}; recall@${TOP} mean ${mean.toFixed(3)}, min ${Math.min(...recalls).toFixed(2)} ` +
            `(${stageOneText(catalogue, method, quality)}; they hold ${ceilings.get(quality)!.toFixed(3)} of the exact top ${TOP}); ` +
            `hits returned score a mean ${mean0(shortfalls).toFixed(4)} below the exact top ${TOP}, rank for rank`,
        );
        // Each query of low recall, to tell a reordered flat top (little score lost) from hits stage 1 missed.
        queries.forEach((smiles, q) => {
          if (recalls[q]! >= LOW_RECALL) return;
          const exact = truth[q]!.similarities;
          console.log(`  ${smiles}: recall@${TOP} ${recalls[q]!.toFixed(2)}; exact top ${TOP} scores ${exact[0]!.toFixed(3)}-${exact[exact.length - 1]!.toFixed(3)}, hits returned ${shortfalls[q]!.toFixed(4)} lower rank for rank`);
        });
      }
    }
  } finally {
    await pool.close();
    await closeSearchPool();
  }
}

/** The first `size` molecules of the Chemspace sample with 3D columns, imported once and kept. */
async function benchCatalogue(dataDir: string, size: number): Promise<{ catalogue: Catalogue; dataDir: string }> {
  const id = `CHEMSPACE-3D-${size}`;
  try {
    const catalogue = await openCatalogue(dataDir, id);
    console.log(`reusing ${id} from ${dataDir} (imported ${catalogue.manifest.created})`);
    return { catalogue, dataDir };
  } catch {
    // Not imported yet (or damaged): build it.
  }
  if (!existsSync(SOURCE)) throw new Error(`${SOURCE} is missing: the 3D benchmark needs the shared Chemspace sample.`);
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, `${id}.smi`);
  const lines: string[] = [];
  for await (const record of readMolecules(SOURCE)) {
    if (!isRecordError(record)) lines.push(`${record.smiles}\t${record.id}`);
    if (lines.length >= size) break;
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  let last = 0;
  const summary = await importCatalogue({
    files: [file],
    id,
    dataDir,
    workers: 2,
    shape: true,
    onProgress: (progress) => {
      if (performance.now() - last < 30_000) return;
      last = performance.now();
      console.log(`  importing ${id}: ${progress.molecules.toLocaleString()} molecules, ${progress.moleculesPerSecond.toFixed(1)}/s`);
    },
  });
  console.log(
    `imported ${id}: ${summary.count.toLocaleString()} molecules with 3D columns in ${summary.seconds.toFixed(0)} s = ` +
      `${summary.moleculesPerSecond.toFixed(1)} molecules/s on 2 workers; index ${summary.bytesPerMolecule} bytes/molecule`,
  );
  return { catalogue: await openCatalogue(dataDir, id), dataDir };
}

/** What stage 1 compares for `method`, in words. */
function stageOneText(catalogue: Catalogue, method: Method, quality: Quality): string {
  const grids = (m: ScoreMethod): string => `${m} grids of ${STAGE1_QUERY_CONFORMERS[m][quality]} query conformers, ${STAGE1_REFINED_PAIRS[m][quality] || 'all'} pairs refined`;
  if (method === 'consensus') return `a third of ${STAGE2_CANDIDATES.consensus[quality]} candidates each from the Morgan top, the shape and the electrostatic stage 1`;
  const sources = candidateSources(method, catalogueElectrostaticForm(catalogue), STAGE2_CANDIDATES[method][quality]);
  return sources.map((source) => `${source.wanted} by ${grids(source.method)}${source.withShape ? `, averaged with ${grids('espsim_shape')}` : ''}`).join(' + ');
}

/** The query built as the search builds it for this catalogue: with the catalogue's charge model. */
function queryFor(catalogue: Catalogue, smiles: string): Promise<ShapeQuery> {
  return shapeQuery(smiles, undefined, catalogueChargeModel(catalogue.manifest.shape!));
}

interface TruthFile {
  catalogue: string;
  method: Method;
  /** How the method scores: for consensus its fusion's weights, so a changed fusion is ranked anew. */
  scoring: string;
  /**
   * Per query SMILES: the best rows by exact score (ties by row), with their scores, and a digest of the
   * query's 3D model: when conformer generation changes, the entry no longer matches and is recomputed.
   */
  queries: Record<string, { model: string; rows: number[]; similarities: number[]; seconds: number }>;
}

/** A query's exact top rows (as a set) and their scores, best first. */
interface Truth {
  rows: Set<number>;
  similarities: number[];
}

/** Exact top rows of each query over the whole catalogue, from the cache or computed on the pool. */
async function groundTruth(benchDir: string, catalogue: Catalogue, method: Method, queries: string[], pool: RescorePool): Promise<Truth[]> {
  await mkdir(benchDir, { recursive: true });
  const path = join(benchDir, `truth-${catalogue.id}-${method}.json`);
  const scoring = method === 'consensus' ? `rarity fusion ${JSON.stringify(CONSENSUS_WEIGHTS)}` : method;
  let cache: TruthFile = { catalogue: catalogue.version, method, scoring, queries: {} };
  if (existsSync(path)) {
    const stored = JSON.parse(await readFile(path, 'utf8')) as TruthFile;
    if (stored.catalogue === catalogue.version && stored.method === method && stored.scoring === scoring) cache = stored;
  }
  const models = Array.from({ length: catalogue.count }, (_, row) => catalogue.shape!.model(row));
  let computed = 0;
  for (const smiles of queries) {
    const start = performance.now();
    const query = await queryFor(catalogue, smiles);
    const model = modelDigest(query.model);
    if (cache.queries[smiles]?.model === model) continue;
    const scores = method === 'consensus'
      ? await exactConsensus(catalogue, query, models, pool)
      : await rescoreModels(query.model, method, models, { pool, chunk: 64, electrostaticForm: catalogueElectrostaticForm(catalogue) });
    const ranked = Array.from(scores.keys())
      .filter((row) => !Number.isNaN(scores[row]!))
      .sort((a, b) => scores[b]! - scores[a]! || a - b)
      .slice(0, TRUTH_KEPT);
    cache.queries[smiles] = { model, rows: ranked, similarities: ranked.map((row) => scores[row]!), seconds: (performance.now() - start) / 1000 };
    computed++;
    // Written after every query through a rename, so an interrupted run keeps what it finished.
    await writeFile(`${path}.tmp`, JSON.stringify(cache));
    await rename(`${path}.tmp`, path);
  }
  const seconds = queries.reduce((sum, smiles) => sum + cache.queries[smiles]!.seconds, 0);
  console.log(
    `${method}: exact ranking of ${queries.length} queries x ${catalogue.count.toLocaleString()} molecules ` +
      `(${computed} computed now, ${queries.length - computed} from ${path}); ${seconds.toFixed(0)} s wall on 2 workers when computed = ` +
      `${((queries.length * catalogue.count) / Math.max(seconds, 1e-9)).toFixed(0)} re-scores/s`,
  );
  return queries.map((smiles) => ({ rows: new Set(cache.queries[smiles]!.rows.slice(0, TOP)), similarities: cache.queries[smiles]!.similarities.slice(0, TOP) }));
}

/** The consensus score of every row, fused from its three exact scores as the search fuses them (NaN without a 3D model). */
async function exactConsensus(catalogue: Catalogue, query: ShapeQuery, models: Uint8Array[], pool: RescorePool): Promise<Float64Array> {
  const electrostaticForm = catalogueElectrostaticForm(catalogue);
  const threeD = await rescoreComponents(query.model, models, { pool, chunk: 64, electrostaticForm });
  // The query's SMILES is its standard form, whose fingerprint the Morgan search uses.
  const queryFingerprint = withMol(query.smiles, morganFingerprint)!;
  const morgan = Float64Array.from({ length: catalogue.count }, (_, row) => tanimoto(queryFingerprint, catalogue.fingerprint(row)));
  const reference = consensusReferenceRows(catalogue);
  const pick = (scores: Float64Array): number[] => Array.from(reference, (row) => scores[row]!);
  const references = consensusReference(electrostaticForm, { morgan: pick(morgan), shape: pick(threeD.shape), electrostatic: pick(threeD.electrostatic) });
  return Float64Array.from({ length: catalogue.count }, (_, row) =>
    models[row]!.byteLength === 0 ? Number.NaN : consensusScore(references, { morgan: morgan[row]!, shape: threeD.shape[row]!, electrostatic: threeD.electrostatic[row]! }));
}

/**
 * Exact re-scores a second on the pool, measured now for every query against the first 500 molecules:
 * the reference that makes latencies comparable between machines (they differed by half here).
 */
async function exactRate(catalogue: Catalogue, method: ScoreMethod, queries: string[], pool: RescorePool): Promise<number> {
  const models = Array.from({ length: Math.min(500, catalogue.count) }, (_, row) => catalogue.shape!.model(row));
  let seconds = 0;
  let scored = 0;
  for (const smiles of queries) {
    const query = await queryFor(catalogue, smiles);
    const start = performance.now();
    await rescoreModels(query.model, method, models, { pool, electrostaticForm: catalogueElectrostaticForm(catalogue) });
    seconds += (performance.now() - start) / 1000;
    scored += models.length;
  }
  return scored / seconds;
}

/**
 * Per quality, the mean fraction of each query's exact top 30 among the stage-1 candidates: the recall
 * stage 2 reaches when its exact scores put them first.
 */
async function stage1Ceilings(catalogue: Catalogue, method: Method, queries: string[], truth: Truth[], qualities: Quality[]): Promise<Map<Quality, number>> {
  const sums = new Map<Quality, number>(qualities.map((quality) => [quality, 0]));
  for (const [q, smiles] of queries.entries()) {
    const query = await queryFor(catalogue, smiles);
    for (const quality of qualities) {
      const rows = new Set(await stage1Rows(catalogue, query, method, quality));
      const exact = truth[q]!.rows;
      sums.set(quality, sums.get(quality)! + recallAt(exact, [...exact].filter((row) => rows.has(row))));
    }
  }
  return new Map(qualities.map((quality) => [quality, sums.get(quality)! / queries.length]));
}

/** The candidates stage 1 gives `method` (consensus: its 3D part and the exact Morgan top, as the search draws them). */
async function stage1Rows(catalogue: Catalogue, query: ShapeQuery, method: Method, quality: Quality): Promise<number[]> {
  if (method !== 'consensus') return [...(await stage1Union(catalogue, query, candidateSources(method, catalogueElectrostaticForm(catalogue), STAGE2_CANDIDATES[method][quality]), quality))];
  const share = consensusShare(quality);
  const from3d = await stage1Union(catalogue, query, consensusSources(catalogueElectrostaticForm(catalogue), quality), quality);
  const morgan = await search({ smiles: query.smiles, method: 'morgan', quality, databases: [catalogue.id], limit: share }, { dataDir: dirname(dirname(catalogue.dir)), threads: 1 });
  return [...from3d, ...morgan.databases[0]!.rows];
}

function modelDigest(model: Model3D): string {
  const hash = createHash('sha256');
  hash.update(model.atomicNumbers);
  hash.update(new Uint8Array(model.charges.buffer, model.charges.byteOffset, model.charges.byteLength));
  for (const conformer of model.conformers) hash.update(new Uint8Array(conformer.buffer, conformer.byteOffset, conformer.byteLength));
  return hash.digest('hex').slice(0, 16);
}

function recallAt(truth: Set<number>, rows: number[]): number {
  return rows.slice(0, TOP).filter((row) => truth.has(row)).length / Math.max(1, truth.size);
}

/** Mean of exact[i] - returned[i] over the exact top ranks: how much lower the hits returned score, rank for rank (a missing hit counts as 0). */
function scoreShortfall(exact: readonly number[], returned: readonly number[]): number {
  return mean0(exact.map((score, i) => score - (returned[i] ?? 0)));
}

function mean0(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function fmtMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}
