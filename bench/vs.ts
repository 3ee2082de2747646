// `npm run bench -- vs [--targets def,mapk2,pa2ga] [--decoys N] [--queries Q]`: retrospective virtual
// screening on DUD-E targets (../shared/data/bench/<target>/{actives,decoys}.smi). The first Q actives are
// the queries; every other active and the (evenly subsampled) decoys are ranked by each method, max-fused
// over the queries, and ROC AUC and EF1% are printed. Molecules go through the import's own preparation
// (catalogue K=3 conformers; queries K=10) on 2 worker threads. A report, not something to tune against.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MORGAN_BYTES, decodeModel, score, tanimoto } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { CATALOGUE_SHAPE, QUERY_SHAPE, createPreparer } from '@molsearch/engine';
import type { MoleculePreparer } from '@molsearch/engine';
import type { ShapeBuildOptions } from '../packages/engine/src/import/prepare-shape.ts';
import { enrichmentFactor, rocAuc } from './lib/enrichment.ts';
import type { Scored } from './lib/enrichment.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BENCH_DIR = join(root, '..', 'shared', 'data', 'bench');
const METHODS = ['morgan', 'shape', 'electrostatic'] as const;
type Method = (typeof METHODS)[number];
const BATCH = 25;

interface Prepared {
  fingerprint: Uint8Array;
  model: Model3D | undefined;
}

function readSmiles(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').map((line) => line.split(/\s+/)[0] ?? '').filter((s) => s.length > 0);
}

/** `count` rows spread evenly over the list, the same every run. */
function evenSample<T>(rows: T[], count: number): T[] {
  if (rows.length <= count) return rows;
  return Array.from({ length: count }, (_, k) => rows[Math.floor((k * rows.length) / count)]!);
}

/** Prepares molecules as the import does; undefined for a molecule RDKit rejects. */
async function prepareAll(preparer: MoleculePreparer, smiles: string[], shape: ShapeBuildOptions): Promise<(Prepared | undefined)[]> {
  const out: (Prepared | undefined)[] = smiles.map(() => undefined);
  const batches: Promise<void>[] = [];
  for (let start = 0; start < smiles.length; start += BATCH) {
    const molecules = smiles.slice(start, start + BATCH).map((s, k) => ({ line: start + k, smiles: s, id: String(start + k) }));
    batches.push(preparer.prepare({ molecules, properties: [], shape }).then((batch) => {
      batch.lines.forEach((line, row) => {
        const model = batch.models![row]!;
        out[line] = {
          fingerprint: batch.fingerprints.slice(row * MORGAN_BYTES, (row + 1) * MORGAN_BYTES),
          model: model.length > 0 ? decodeModel(model) : undefined,
        };
      });
    }));
  }
  await Promise.all(batches);
  return out;
}

function similarities(query: Prepared, candidate: Prepared): Record<Method, number> {
  const exact = query.model && candidate.model ? score(query.model, candidate.model, 'espsim_electrostatic') : undefined;
  return {
    morgan: tanimoto(query.fingerprint, candidate.fingerprint),
    shape: exact?.shape ?? 0,
    electrostatic: exact?.electrostatic ?? 0,
  };
}

async function screenTarget(preparer: MoleculePreparer, target: string, decoyCount: number, queryCount: number, log: (line: string) => void): Promise<void> {
  const actives = readSmiles(join(BENCH_DIR, target, 'actives.smi'));
  const allDecoys = readSmiles(join(BENCH_DIR, target, 'decoys.smi'));
  const decoys = evenSample(allDecoys, decoyCount);
  const queriesSmiles = actives.slice(0, queryCount);
  const candidateSmiles = [...actives.slice(queryCount), ...decoys];
  const started = performance.now();
  const queries = (await prepareAll(preparer, queriesSmiles, QUERY_SHAPE)).filter((q): q is Prepared => q !== undefined);
  const candidates = await prepareAll(preparer, candidateSmiles, CATALOGUE_SHAPE);
  const prepareSeconds = (performance.now() - started) / 1000;
  const activeCount = actives.length - queryCount;
  const rows = new Map<Method, Scored[]>(METHODS.map((m) => [m, []]));
  let without3D = 0;
  candidates.forEach((candidate, index) => {
    const active = index < activeCount;
    if (!candidate?.model) without3D++;
    const best = Object.fromEntries(METHODS.map((m) => [m, 0])) as Record<Method, number>;
    if (candidate) {
      for (const query of queries) {
        const s = similarities(query, candidate);
        for (const m of METHODS) best[m] = Math.max(best[m], s[m]);
      }
    }
    for (const m of METHODS) rows.get(m)!.push({ score: best[m], active });
  });
  const seconds = (performance.now() - started) / 1000;
  log(`${target}: queries = first ${queries.length} actives (max-fused); ranked ${activeCount} actives + ${decoys.length} decoys` +
    `${decoys.length < allDecoys.length ? ` (decoys subsampled evenly from ${allDecoys.length})` : ''}; ` +
    `${without3D} without 3D model (scored 0); ${prepareSeconds.toFixed(0)} s preparing, ${seconds.toFixed(0)} s in all`);
  for (const m of METHODS) {
    const ranked = rows.get(m)!;
    log(`  ${m.padEnd(14)} ROC AUC ${rocAuc(ranked).toFixed(3)}   EF1% ${enrichmentFactor(ranked, 0.01).toFixed(1).padStart(5)}`);
  }
}

function listOption(args: string[], name: string, fallback: string[]): string[] {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? '').split(',').filter((t) => t.length > 0) : fallback;
}

function numberOption(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a positive whole number`);
  return value;
}

export async function run(args: string[]): Promise<void> {
  const targets = listOption(args, '--targets', ['def', 'mapk2', 'pa2ga']);
  const decoys = numberOption(args, '--decoys', 1000);
  const queries = numberOption(args, '--queries', 3);
  const log = (line: string) => console.log(line);
  log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  log(`DUD-E targets from ${BENCH_DIR}; shape = exact Gaussian shape Tanimoto, electrostatic = ESP Carbó at the best-shape pose; ` +
    `EF1% over the top 1% of the ranked set\n`);
  const preparer = createPreparer(2);
  try {
    for (const target of targets) await screenTarget(preparer, target, decoys, queries, log);
  } finally {
    await preparer.close();
  }
}
