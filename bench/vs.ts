// `npm run bench -- vs [--targets def,mapk2,pa2ga] [--decoys N] [--query-conformers K] [--catalogue-conformers K] [--cache-dir DIR]`
// `npm run bench -- vs --hit-size [--catalogue-rows N] [--queries N]`
// `npm run bench -- vs --timing [--catalogue-rows N]`
//
// Retrospective virtual screening on DUD-E targets (../shared/data/bench/<target>/{actives,decoys}.smi):
// every active is the query in turn and ranks every other active and the decoys (all of them, or N spread
// evenly); ROC AUC, EF1% and BEDROC(α = 20) are averaged over the queries of a target. Molecules are
// prepared as the import prepares them (catalogue side 3 conformers, query side 30, seed 42; other counts by the
// options, to show how much the 3D scores owe to conformer coverage), each twice:
// the neutral standard form (today) and the pH 7.4 form, each with Gasteiger (today) and MMFF94 charges,
// so the old and new models are compared in the same run. Consensus is reported as the engine fuses it and
// as the same rarity fusion of other components would (rarity(...)). Beside our scores, a pharmacophore
// colour score that the product does not compute (lib/vs-colour.ts: donors, acceptors, ions and aromatic rings
// overlapped at the best-shape pose, ROCS's idea), alone and as shape + colour, to show what such a
// component would add. Prepared molecules are cached under <cache-dir> (default data/bench/vs, gitignored).
// A report, not something to tune against.
//
// --hit-size: the size bias of each electrostatic score form: the median ratio of hit to query heavy atoms
// in the top 30 of 20 approved drugs (as bench engine-3d picks them) against the first N rows of the
// Chemspace screening sample, every row scored exactly.
// --timing: microseconds per molecule of protonation and of each charge model, on one thread.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { BenchPool } from './lib/bench-pool.ts';
import { bedroc, enrichmentFactor, rocAuc } from './lib/enrichment.ts';
import { drugQueries } from './lib/drug-queries.ts';
import type { Scored } from './lib/enrichment.ts';
import { cacheKey, readPrepared, writePrepared } from './lib/vs-cache.ts';
import { CATALOGUE_CONFORMERS, QUERY_CONFORMERS } from './lib/vs-preparation.ts';
import type { ConformerSettings, PreparedMolecule } from './lib/vs-preparation.ts';
import { SCORE_COLUMNS } from './lib/vs-scoring.ts';
import type { VsRequest } from './lib/vs-worker.ts';
import { stepTimings } from './lib/vs-timing.ts';
import { consensusReference, consensusScore, fusedRarity, rarityModel } from '@molsearch/engine';
import { drawReferenceRows } from '@molsearch/engine/bench';
import { median } from './lib/statistics.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = join(root, '..', 'shared', 'data');
const BATCH = 20;
const TOP = 30;

type Pool = BenchPool<VsRequest, (PreparedMolecule | null)[] | Float32Array | null>;

/** Today's models and score, the new ones, and the fused scores the report compares. */
const OLD_ELECTROSTATIC = 'esp:neutral:gasteiger:carbo';
/** The electrostatic model and form the product ships: pH 7.4 form, MMFF94 charges, mean of shape and ESP Tanimoto. */
const NEW_ELECTROSTATIC_FORM = 'shape_tanimoto';
const NEW_ELECTROSTATIC = `esp:ph74:mmff94:${NEW_ELECTROSTATIC_FORM}`;
/** The plain mean of Morgan Tanimoto, shape Tanimoto and an electrostatic score (each 0..1), for comparison. */
const consensusOf = (shapeColumn: string, espColumn: string): string => `consensus(${shapeColumn}|${espColumn})`;
/**
 * The consensus method as the engine scores it (packages/engine score-fusion.ts): each score's rarity among
 * a fixed sample of the screened set (the engine's reference sample, drawn the same way), fused by the
 * weighted mean −log10 rarity of Morgan (half), shape and the charges' own ESP Tanimoto (a quarter each).
 */
const FUSED = `fused(morgan|shape:ph74|${NEW_ELECTROSTATIC})`;
/**
 * Rarity fusion of other components, for comparison, each weighted equally: the three scores the methods
 * rank by (the consensus method's definition until its 2D and 3D views were weighted equally, with shape
 * counted in two of them), 2D with the one 3D score that already holds shape and charges, and the engine's
 * three components without its weights.
 */
const FUSED_ALTERNATIVES = [
  `rarity(morgan|shape:ph74|${NEW_ELECTROSTATIC})`,
  `rarity(morgan|${NEW_ELECTROSTATIC})`,
  'rarity(morgan|shape:ph74|esp:ph74:mmff94:tanimoto)',
  // With the colour of vs-colour.ts: 2D with shape + colour, and with shape + colour and the electrostatic score.
  'rarity(morgan|combo:ph74)',
  `rarity(morgan|combo:ph74|${NEW_ELECTROSTATIC})`,
];

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      targets: { type: 'string', default: 'def,mapk2,pa2ga' },
      decoys: { type: 'string' },
      'query-conformers': { type: 'string', default: String(QUERY_CONFORMERS.conformers) },
      'catalogue-conformers': { type: 'string', default: String(CATALOGUE_CONFORMERS.conformers) },
      'cache-dir': { type: 'string', default: join(root, 'data', 'bench', 'vs') },
      'hit-size': { type: 'boolean', default: false },
      timing: { type: 'boolean', default: false },
      'catalogue-rows': { type: 'string', default: '5000' },
      queries: { type: 'string', default: '20' },
    },
  });
  const settings: Sides = {
    query: { ...QUERY_CONFORMERS, conformers: Number(values['query-conformers']) },
    catalogue: { ...CATALOGUE_CONFORMERS, conformers: Number(values['catalogue-conformers']) },
  };
  const cacheDir = resolve(values['cache-dir']);
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (values.timing) {
    await stepTimings(readSmiles(join(SHARED, 'catalogs', 'chemspace_screening.smi.gz')).slice(0, Number(values['catalogue-rows'])));
    return;
  }
  const pool: Pool = new BenchPool(new URL('./lib/vs-worker.ts', import.meta.url), 2);
  const started = performance.now();
  try {
    if (values['hit-size']) {
      await hitSize(pool, cacheDir, Number(values['catalogue-rows']), Number(values.queries), settings);
    } else {
      const decoys = values.decoys === undefined ? undefined : Number(values.decoys);
      const results = new Map<string, Map<string, Metrics>>();
      for (const target of values.targets.split(',').filter((t) => t.length > 0)) {
        results.set(target, await screenTarget(pool, cacheDir, target, decoys, settings));
      }
      report(results);
    }
  } finally {
    await pool.close();
  }
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The conformer settings of the query side and the screened side. */
interface Sides { query: ConformerSettings; catalogue: ConformerSettings }

interface Metrics { auc: number; ef1: number; bedroc: number }

function readSmiles(path: string): string[] {
  const raw = readFileSync(path);
  const text = path.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text.split('\n').map((line) => line.split(/\s+/)[0] ?? '').filter((s) => s.length > 0);
}

/** `count` rows spread evenly over the list, the same every run. */
function evenSample<T>(rows: T[], count: number | undefined): T[] {
  if (count === undefined || rows.length <= count) return rows;
  return Array.from({ length: count }, (_, k) => rows[Math.floor((k * rows.length) / count)]!);
}

/** Prepares `smiles` on the pool, or reads them from the cache. */
async function prepared(pool: Pool, cacheDir: string, label: string, smiles: string[], settings: ConformerSettings): Promise<(PreparedMolecule | null)[]> {
  const path = join(cacheDir, `${label}-K${settings.conformers}-${cacheKey(smiles, settings)}.bin`);
  const cached = readPrepared(path);
  if (cached) return cached;
  const startedAt = performance.now();
  const batches: Promise<(PreparedMolecule | null)[]>[] = [];
  for (let start = 0; start < smiles.length; start += BATCH) {
    batches.push(pool.run({ kind: 'prepare', smiles: smiles.slice(start, start + BATCH), settings }) as Promise<(PreparedMolecule | null)[]>);
  }
  const molecules = (await Promise.all(batches)).flat();
  console.log(`  prepared ${smiles.length} ${label} molecules (K = ${settings.conformers}) in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  await writePrepared(path, molecules);
  return molecules;
}

async function loadCatalogue(pool: Pool, molecules: (PreparedMolecule | null)[]): Promise<void> {
  await Promise.all(Array.from({ length: pool.size }, (_, worker) => pool.run({ kind: 'load', molecules }, worker)));
}

/** Every electrostatic and consensus column the report shows, with the 3D columns they come from. */
function derivedColumns(): string[] {
  const espNew = SCORE_COLUMNS.filter((c) => c.startsWith('esp:ph74:'));
  return [consensusOf('shape:neutral', OLD_ELECTROSTATIC), ...espNew.map((c) => consensusOf('shape:ph74', c)), FUSED, ...FUSED_ALTERNATIVES];
}

/** The engine's fused consensus score of every row, its rarities estimated from the rows `reference` names. */
function fusedValues(scores: Float32Array, rows: number, reference: Uint32Array): number[] {
  const morgan = columnValues(scores, rows, 'morgan', reference);
  const shape = columnValues(scores, rows, 'shape:ph74', reference);
  const esp = columnValues(scores, rows, NEW_ELECTROSTATIC, reference);
  const sample = (values: ArrayLike<number>): number[] => Array.from(reference, (row) => values[row]!);
  const models = consensusReference(NEW_ELECTROSTATIC_FORM, { morgan: sample(morgan), shape: sample(shape), electrostatic: sample(esp) });
  return Array.from({ length: rows }, (_, r) => consensusScore(models, { morgan: morgan[r]!, shape: shape[r]!, electrostatic: esp[r]! }));
}

/** The mean −log10 rarity of the named components, each rarity from the rows `reference` names, as the engine fuses. */
function rarityFusion(scores: Float32Array, rows: number, components: string[], reference: Uint32Array): number[] {
  const values = components.map((component) => columnValues(scores, rows, component, reference));
  const models = values.map((column) => rarityModel(Array.from(reference, (row) => column[row]!)));
  return Array.from({ length: rows }, (_, r) => fusedRarity(models, values.map((column) => column[r]!)));
}

function columnValues(scores: Float32Array, rows: number, column: string, reference: Uint32Array): Float32Array | number[] {
  const index = SCORE_COLUMNS.indexOf(column);
  if (index >= 0) return scores.subarray(index * rows, (index + 1) * rows);
  if (column === FUSED) return fusedValues(scores, rows, reference);
  if (column.startsWith('rarity(')) return rarityFusion(scores, rows, column.slice('rarity('.length, -1).split('|'), reference);
  const [shape, esp] = column.slice('consensus('.length, -1).split('|') as [string, string];
  const morgan = columnValues(scores, rows, 'morgan', reference);
  const shapeValues = columnValues(scores, rows, shape, reference);
  const espValues = columnValues(scores, rows, esp, reference);
  return Array.from({ length: rows }, (_, r) => (morgan[r]! + shapeValues[r]! + espValues[r]!) / 3);
}

async function screenTarget(pool: Pool, cacheDir: string, target: string, decoyCount: number | undefined, settings: Sides): Promise<Map<string, Metrics>> {
  const actives = readSmiles(join(SHARED, 'bench', target, 'actives.smi'));
  const allDecoys = readSmiles(join(SHARED, 'bench', target, 'decoys.smi'));
  const decoys = evenSample(allDecoys, decoyCount);
  const startedAt = performance.now();
  console.log(`\n${target}: ${actives.length} actives, each the query in turn, against the other actives and ${decoys.length} decoys` +
    `${decoys.length < allDecoys.length ? ` (spread evenly over ${allDecoys.length})` : ''}`);
  const queries = await prepared(pool, cacheDir, `${target}-queries`, actives, settings.query);
  const catalogue = await prepared(pool, cacheDir, `${target}-catalogue`, [...actives, ...decoys], settings.catalogue);
  const prepareSeconds = (performance.now() - startedAt) / 1000;
  await loadCatalogue(pool, catalogue);
  const reference = drawReferenceRows(catalogue.length, (row) => catalogue[row]?.models['ph74:mmff94'] !== undefined);
  const columns = [...SCORE_COLUMNS, ...derivedColumns()];
  const sums = new Map(columns.map((c) => [c, { auc: 0, ef1: 0, bedroc: 0 }]));
  const scoringStarted = performance.now();
  const runs = queries.map(async (query, q) => {
    if (!query) return false;
    const scores = (await pool.run({ kind: 'score', query })) as Float32Array;
    const rows = catalogue.length;
    for (const column of columns) {
      const values = columnValues(scores, rows, column, reference);
      const ranked: Scored[] = [];
      for (let r = 0; r < rows; r++) if (r !== q) ranked.push({ score: values[r]!, active: r < actives.length });
      const sum = sums.get(column)!;
      sum.auc += rocAuc(ranked);
      sum.ef1 += enrichmentFactor(ranked, 0.01);
      sum.bedroc += bedroc(ranked, 20);
    }
    return true;
  });
  const scored = (await Promise.all(runs)).filter(Boolean).length;
  const without3D = catalogue.filter((m) => !m?.models['ph74:gasteiger']).length;
  const charged = catalogue.slice(0, actives.length).filter((m) => m && m.ph74Charge !== 0).length;
  const fallback = catalogue.filter((m) => m?.mmffFallback).length;
  console.log(`  ${scored} queries scored in ${((performance.now() - scoringStarted) / 1000).toFixed(0)} s (preparing ${prepareSeconds.toFixed(0)} s); ` +
    `${without3D} catalogue molecules without a 3D model (score 0); ${charged} of ${actives.length} actives charged at pH 7.4; ${fallback} molecules on Gasteiger for lack of MMFF94 types`);
  return new Map(columns.map((c) => {
    const s = sums.get(c)!;
    return [c, { auc: s.auc / scored, ef1: s.ef1 / scored, bedroc: s.bedroc / scored }];
  }));
}

function report(results: Map<string, Map<string, Metrics>>): void {
  const targets = [...results.keys()];
  const columns = [...results.values().next().value!.keys()];
  const mean = (column: string, key: keyof Metrics): number => targets.reduce((s, t) => s + results.get(t)!.get(column)![key], 0) / targets.length;
  console.log('\nMean over queries per target (AUC / EF1% / BEDROC α=20), and the mean over targets.');
  console.log(`shape:<state> = Gaussian shape Tanimoto on that form's conformers; esp:<state>:<charges>:<form> = electrostatic score at the best-shape pose ` +
    `(carbo = (C+1)/2 as today, tanimoto = (T+1/3)/(4/3), shape_* = mean of shape Tanimoto and that score); ` +
    `consensus(shape|esp) = (Morgan + shape + esp) / 3; ${FUSED} = the consensus method (rarity fusion, Morgan half, shape and the charges' own ESP Tanimoto a quarter each; engine score-fusion.ts); rarity(...) = the same fusion of other components, weighted equally; ` +
    `colour:ph74 = pharmacophore colour Tanimoto at the best-shape pose (bench/lib/vs-colour.ts, not in the product), combo:ph74 = mean of shape and colour. ` +
    `Today: ${OLD_ELECTROSTATIC}, shape:neutral; shipped: ${NEW_ELECTROSTATIC}, shape:ph74.`);
  const head = `${'method'.padEnd(60)}${targets.map((t) => t.padStart(22)).join('')}${'mean'.padStart(22)}`;
  console.log(head);
  for (const column of columns) {
    const cells = targets.map((t) => cell(results.get(t)!.get(column)!));
    const meanCell = cell({ auc: mean(column, 'auc'), ef1: mean(column, 'ef1'), bedroc: mean(column, 'bedroc') });
    console.log(`${column.padEnd(60)}${cells.map((c) => c.padStart(22)).join('')}${meanCell.padStart(22)}`);
  }
}

function cell(m: Metrics): string {
  return `${m.auc.toFixed(3)} ${m.ef1.toFixed(1).padStart(5)} ${m.bedroc.toFixed(3)}`;
}

async function hitSize(pool: Pool, cacheDir: string, rows: number, queryCount: number, settings: Sides): Promise<void> {
  const catalogueSmiles = readSmiles(join(SHARED, 'catalogs', 'chemspace_screening.smi.gz')).slice(0, rows);
  const querySmiles = drugQueries(queryCount);
  console.log(`hit size: ${querySmiles.length} drug queries against the first ${catalogueSmiles.length} rows of chemspace_screening, every row scored exactly`);
  const queries = await prepared(pool, cacheDir, 'drug-queries', querySmiles, settings.query);
  const catalogue = await prepared(pool, cacheDir, 'chemspace', catalogueSmiles, settings.catalogue);
  await loadCatalogue(pool, catalogue);
  const reference = drawReferenceRows(catalogue.length, (row) => catalogue[row]?.models['ph74:mmff94'] !== undefined);
  const columns = [...SCORE_COLUMNS, ...derivedColumns()];
  const perQuery = new Map(columns.map((c) => [c, [] as number[]]));
  const pooled = new Map(columns.map((c) => [c, [] as number[]]));
  await Promise.all(queries.map(async (query) => {
    if (!query) return;
    const scores = (await pool.run({ kind: 'score', query })) as Float32Array;
    for (const column of columns) {
      const values = columnValues(scores, catalogue.length, column, reference);
      const top = [...values.keys()].filter((r) => catalogue[r]).sort((a, b) => values[b]! - values[a]! || a - b).slice(0, TOP);
      const ratios = top.map((r) => catalogue[r]!.heavyAtoms / query.heavyAtoms);
      perQuery.get(column)!.push(median(ratios));
      pooled.get(column)!.push(...ratios);
    }
  }));
  console.log(`\nmedian over queries of the median hit/query heavy-atom ratio in the top ${TOP}; pooled median and share of top hits under half the query's size`);
  for (const column of columns) {
    const all = pooled.get(column)!;
    console.log(`${column.padEnd(60)} ${median(perQuery.get(column)!).toFixed(2)}   pooled ${median(all).toFixed(2)}   under 0.5: ${(all.filter((r) => r < 0.5).length / all.length).toFixed(2)}`);
  }
}
