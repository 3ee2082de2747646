// Where the 3D import's per-molecule time goes: CPU milliseconds per molecule of each stage of the import's
// prepare step (run one after another on one thread, each stage as the import does it: one parse for the
// fingerprint, properties and the pH 7.4 form, CATALOGUE_SHAPE's charge model), conformer generation
// split into its own stages and by molecule class; and the prepare step's rate on two worker threads.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import {
  CONFORMER_STAGES, ConformerClock, addHydrogenAtoms, buildModel3D, encodeModel, generateConformers, graphFromRDKitJson, loadRDKit,
  moleculeProperties, morganFingerprint, partialCharges, protonatedGraphOf, withStandardMol,
} from '@molsearch/chem';
import type { MolGraph } from '@molsearch/chem';
import { CATALOGUE_SHAPE, prepareMolecules } from '@molsearch/engine/bench';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATA = join(root, '..', 'shared', 'data');
const DUDE_TARGETS = ['def', 'mapk2', 'pa2ga'];

export interface MoleculeSet {
  name: string;
  smiles: string[];
  /** Other rows of the same file (the one after each of the first sampled), run before the stage tables are timed. */
  warmup: string[];
}

/**
 * Rows run untimed before the stage tables: the first 500 rows of a fresh thread took 1.23 ms a molecule to
 * standardise against about 0.25 ms in a running import, as JavaScript and WebAssembly are compiled as they run.
 */
const WARMUP_ROWS = 300;

function smilesLines(path: string): string[] {
  const raw = readFileSync(path);
  const text = path.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text.split('\n').map((line) => line.split('\t')[0]?.trim() ?? '').filter((smiles) => smiles.length > 0);
}

/** `count` evenly spaced lines, starting `offset` lines in. */
function everyNth(lines: string[], count: number, offset = 0): string[] {
  const step = Math.max(1, Math.floor(lines.length / count));
  const picked: string[] = [];
  for (let i = offset; i < lines.length && picked.length < count; i += step) picked.push(lines[i] ?? '');
  return picked;
}

function sampleOf(name: string, lines: string[], count: number): MoleculeSet {
  return { name, smiles: everyNth(lines, count), warmup: everyNth(lines, count, 1).slice(0, WARMUP_ROWS) };
}

/** The SMILES of the 100k Chemspace screening catalogue, the import issue 17 measures, in file order. */
export function chemspaceLines(): string[] {
  return smilesLines(join(DATA, 'catalogs', 'chemspace_screening.smi.gz'));
}

/** `count` evenly spaced rows of the Chemspace screening catalogue. */
export function chemspaceSample(count: number): MoleculeSet {
  const lines = chemspaceLines();
  return sampleOf(`chemspace_screening (${Math.min(count, lines.length)} of ${lines.length} rows, evenly spaced)`, lines, count);
}

/** `count` evenly spaced rows of the DUD-E targets' actives and decoys: larger, more flexible molecules. */
export function dudeSample(count: number): MoleculeSet {
  const lines = DUDE_TARGETS.flatMap((target) => ['actives', 'decoys'].flatMap((kind) => smilesLines(join(DATA, 'bench', target, `${kind}.smi`))));
  return sampleOf(`DUD-E ${DUDE_TARGETS.join(', ')} actives and decoys (${Math.min(count, lines.length)} of ${lines.length} rows)`, lines, count);
}

const STAGES = ['standardise', 'parse + graph', 'fingerprint', 'properties', 'model graph', 'conformers', 'charges', 'model'] as const;
type Stage = (typeof STAGES)[number];

/** The classes of each grouping, in the order they are printed. */
const CLASSES: Record<string, string[]> = {
  'ring systems': ['0 (acyclic)', '1', '2', '3+'],
  'rotatable bonds': ['0-2', '3-5', '6-8', '9+'],
  'heavy atoms': ['<= 15', '16-25', '26-35', '36+'],
  macrocycle: ['none', 'ring of 12+ atoms'],
};

/** The class a molecule is counted in, per grouping. */
function moleculeClasses(graph: MolGraph, rotatableBonds: number): Record<string, string> {
  const parent = graph.rings.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] ?? i)));
  const ringOf = new Map<number, number>();
  graph.rings.forEach((ring, r) => {
    for (const atom of ring) {
      const other = ringOf.get(atom);
      if (other === undefined) ringOf.set(atom, r);
      else parent[find(r)] = find(other);
    }
  });
  const systems = new Set(graph.rings.map((_, r) => find(r))).size;
  const heavy = graph.atoms.filter((atom) => atom.atomicNumber > 1).length;
  const bucket = (grouping: string, value: number, edges: number[]) => {
    const labels = CLASSES[grouping] ?? [];
    const index = edges.findIndex((edge) => value <= edge);
    return labels[index < 0 ? labels.length - 1 : index] ?? '';
  };
  return {
    'ring systems': bucket('ring systems', systems, [0, 1, 2]),
    'rotatable bonds': bucket('rotatable bonds', rotatableBonds, [2, 5, 8]),
    'heavy atoms': bucket('heavy atoms', heavy, [15, 25, 35]),
    macrocycle: bucket('macrocycle', graph.rings.some((ring) => ring.length >= 12) ? 1 : 0, [0]),
  };
}

/** CPU milliseconds of the whole process so far, every thread included. */
export const cpuMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** Prints the per-stage and per-class tables for one set of molecules. */
export async function pipelineStages(set: MoleculeSet, log: (line: string) => void): Promise<void> {
  await loadRDKit();
  const spent = new Map<Stage, number>(STAGES.map((s) => [s, 0]));
  const timed = <T>(stage: Stage, work: () => T): T => {
    const start = cpuMs();
    const result = work();
    spent.set(stage, (spent.get(stage) ?? 0) + cpuMs() - start);
    return result;
  };
  let clock = new ConformerClock();
  const classes = new Map<string, Map<string, { molecules: number; ms: number }>>();
  let measured = 0;
  /** One row's prepare step, stage by stage. */
  const stageRow = (raw: string): void => {
    // As the import reads a row (prepare-molecules.ts): one parse, or two when the input is not already its
    // standard form; 'standardise' is the parses and the standard form, the rest is timed inside.
    const started = cpuMs();
    let inside = 0;
    const read = withStandardMol(raw, (_standard, mol) => {
      const from = cpuMs();
      const parsed = timed('parse + graph', () => graphFromRDKitJson(mol.get_json()));
      timed('fingerprint', () => morganFingerprint(mol));
      const properties = timed('properties', () => moleculeProperties(mol, parsed));
      inside += cpuMs() - from;
      return { parsed, properties };
    });
    spent.set('standardise', (spent.get('standardise') ?? 0) + cpuMs() - started - inside);
    if (!read) return;
    const { properties } = read;
    // The charge state the catalogue's models are built from, as shape-features.ts builds it.
    const graph = timed('model graph', () => CATALOGUE_SHAPE.protonation === 'ph7.4'
      ? protonatedGraphOf(read.parsed).graph
      : addHydrogenAtoms({ atoms: read.parsed.atoms.map((atom) => ({ ...atom })), bonds: [...read.parsed.bonds], rings: read.parsed.rings }));
    const before = spent.get('conformers') ?? 0;
    const { conformers } = timed('conformers', () =>
      generateConformers(graph, { count: CATALOGUE_SHAPE.conformers, seed: CATALOGUE_SHAPE.seed, timeBudgetMs: CATALOGUE_SHAPE.timeBudgetMs, method: CATALOGUE_SHAPE.method }, clock));
    const conformerMs = (spent.get('conformers') ?? 0) - before;
    for (const [grouping, label] of Object.entries(moleculeClasses(graph, properties.rotatable_bonds))) {
      const group = classes.get(grouping) ?? new Map<string, { molecules: number; ms: number }>();
      const entry = group.get(label) ?? { molecules: 0, ms: 0 };
      entry.molecules++;
      entry.ms += conformerMs;
      group.set(label, entry);
      classes.set(grouping, group);
    }
    measured++;
    if (conformers.length === 0) return;
    const charges = timed('charges', () => partialCharges(graph, CATALOGUE_SHAPE.charges ?? 'mmff94').charges);
    timed('model', () => encodeModel(buildModel3D(graph, conformers, charges)));
  };
  for (const raw of set.warmup) stageRow(raw);
  for (const stage of STAGES) spent.set(stage, 0);
  classes.clear();
  measured = 0;
  clock = new ConformerClock();
  for (const raw of set.smiles) stageRow(raw);
  const total = [...spent.values()].reduce((a, b) => a + b, 0);
  const conformerTotal = spent.get('conformers') ?? 0;
  const clockTotal = CONFORMER_STAGES.reduce((sum, stage) => sum + clock.ms[stage], 0);
  log(`${set.name}: per-molecule stages, one thread, CPU ms/molecule over ${measured} molecules after ${set.warmup.length} others untimed (K=${CATALOGUE_SHAPE.conformers}, seed ${CATALOGUE_SHAPE.seed}, ` +
    `${CATALOGUE_SHAPE.protonation ?? 'neutral'} form, ${CATALOGUE_SHAPE.charges ?? 'gasteiger'} charges):`);
  for (const stage of STAGES) {
    const ms = (spent.get(stage) ?? 0) / measured;
    log(`  ${stage.padEnd(22)} ${ms.toFixed(3).padStart(8)} ms  ${((100 * (spent.get(stage) ?? 0)) / total).toFixed(0).padStart(3)}%`);
    if (stage !== 'conformers' || clockTotal === 0) continue;
    // The clock reads wall time; its shares split the stage's CPU time.
    for (const part of CONFORMER_STAGES) {
      const share = clock.ms[part] / clockTotal;
      if (share > 0) log(`    ${part.padEnd(20)} ${((share * conformerTotal) / measured).toFixed(3).padStart(8)} ms  ${(100 * share).toFixed(0).padStart(3)}% of conformers`);
    }
  }
  log(`  ${'total'.padEnd(22)} ${(total / measured).toFixed(3).padStart(8)} ms  -> ${(measured / (total / 1000)).toFixed(1)} molecules/s/core`);
  log(`  conformer time by molecule class:`);
  for (const [grouping, group] of classes) {
    log(`    ${grouping}:`);
    for (const label of CLASSES[grouping] ?? []) {
      const { molecules, ms } = group.get(label) ?? { molecules: 0, ms: 0 };
      if (molecules === 0) continue;
      log(`      ${label.padEnd(18)} ${String(molecules).padStart(6)} molecules (${((100 * molecules) / measured).toFixed(0).padStart(3)}%)  ` +
        `${(ms / molecules).toFixed(3).padStart(8)} ms/molecule  ${((100 * ms) / conformerTotal).toFixed(0).padStart(3)}% of conformer time`);
    }
  }
}

interface PrepareTask { smiles: string[] }
type PrepareReply = { ready: true } | { done: number };

// Run as a worker thread of `prepareRate` (started with workerData.prepareWorker).
if (!isMainThread && (workerData as { prepareWorker?: boolean } | undefined)?.prepareWorker) {
  await loadRDKit();
  parentPort!.on('message', ({ smiles }: PrepareTask) => {
    // The import's own prepare step (standardise, fingerprint, properties, 3D model), batch by batch.
    void prepareMolecules({ molecules: smiles.map((row, i) => ({ line: i + 1, smiles: row, id: String(i + 1) })), shape: CATALOGUE_SHAPE }).then((batch) => {
      parentPort!.postMessage({ done: (batch.models ?? []).filter((model) => model.length > 0).length } satisfies PrepareReply);
    });
  });
  parentPort!.postMessage({ ready: true } satisfies PrepareReply);
}

const PREPARE_CHUNK = 50;

/**
 * The prepare step (standardise, fingerprint, properties, conformers, charges, model) on `workers` threads,
 * rows handed out in chunks so both stay busy to the end: molecules/s wall clock and CPU ms/molecule.
 */
export async function prepareRate(set: MoleculeSet, workers: number, log: (line: string) => void): Promise<void> {
  // Started from the benchmarks' bootstrap file: a thread started from evaluated code hung for good while
  // loading the engine's native index library (usearch), so the prepare step never printed.
  const bootstrap = new URL('./worker-bootstrap.mjs', import.meta.url);
  const threads = Array.from({ length: workers }, () => new Worker(bootstrap, { workerData: { entry: import.meta.url, prepareWorker: true } }));
  try {
    const chunks: string[][] = [];
    for (let i = 0; i < set.smiles.length; i += PREPARE_CHUNK) chunks.push(set.smiles.slice(i, i + PREPARE_CHUNK));
    const reply = (thread: Worker, task?: PrepareTask) => new Promise<PrepareReply>((resolve, reject) => {
      thread.once('error', reject);
      thread.once('message', (message: PrepareReply) => {
        thread.off('error', reject);
        resolve(message);
      });
      if (task) thread.postMessage(task);
    });
    await Promise.all(threads.map((thread) => reply(thread)));
    const cpuStart = cpuMs();
    const start = performance.now();
    let prepared = 0;
    await Promise.all(threads.map(async (thread) => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        const result = await reply(thread, { smiles: chunk });
        if ('done' in result) prepared += result.done;
      }
    }));
    const seconds = (performance.now() - start) / 1000;
    const cpu = cpuMs() - cpuStart;
    log(`prepare step (standardise, fingerprint, properties, conformers K=${CATALOGUE_SHAPE.conformers}, charges, model) on ${workers} worker threads, ` +
      `${set.name}:`);
    log(`  ${set.smiles.length} rows (${prepared} with a model) in ${seconds.toFixed(1)} s = ${(set.smiles.length / seconds).toFixed(0)} molecules/s wall clock; ` +
      `CPU ${(cpu / set.smiles.length).toFixed(2)} ms/molecule -> ${((workers * 1000 * set.smiles.length) / cpu).toFixed(0)} molecules/s on ${workers} fully available cores`);
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}
