// Exact 3D re-scoring speed: aligned re-scores per second per core for shape and for shape + ESP.
// A re-score is one candidate molecule against the query over all conformer pairs (query K_q x
// candidate K_c), read from its stored model bytes as the engine's re-scorer does. Two sets of models:
// - 'rdkit': RDKit ETKDGv3 + MMFF conformers of the shape reference file (at most 6 per molecule) with
//   RDKit Gasteiger charges, the set earlier figures were measured on;
// - 'catalogue': real catalogue molecules prepared exactly as the import and the query path prepare them
//   (our conformers, K = 10 for queries and K = 3 for catalogue entries), the production case.
// Time is CPU time of this process, so figures are per core even on a busy machine.
import { decodeModel, encodeModel, loadRDKit, score } from '@molsearch/chem';
import type { Model3D, ScoreMethod, ScoreOptions } from '@molsearch/chem';
import { CATALOGUE_SHAPE, QUERY_SHAPE, encodedShapeModel } from '@molsearch/engine/bench';
import type { ShapeBuildOptions } from '@molsearch/engine/bench';
import { overlapEvaluations } from '../../packages/chem/src/shape/scorer.ts';
import type { OverlapKernelKind } from '../../packages/chem/src/shape/shape-alignment.ts';
import { readShapeReference, referenceModel } from '../../packages/chem/src/shape/reference-fixture.ts';
import { catalogueMolecules } from './catalogue-molecules.ts';

export type ModelSource = 'rdkit' | 'catalogue';

export interface RescoringCase {
  source: ModelSource;
  /** Conformers of the query and of each candidate (the 'rdkit' set has at most 6 per molecule). */
  queryConformers: number;
  candidateConformers: number;
}

export interface RescoringSpeedOptions {
  cases?: RescoringCase[];
  /** CPU seconds spent per measured configuration. */
  secondsPerCase?: number;
  /** Also compare the default search with an exhaustive one (every start climbed to convergence). */
  quality?: boolean;
  /** Kernels to measure; the JavaScript float64 one is the reference. */
  kernels?: OverlapKernelKind[];
  log?: (line: string) => void;
}

export interface RescoringFigure {
  method: ScoreMethod;
  kernel: OverlapKernelKind;
  source: ModelSource;
  queryConformers: number;
  candidateConformers: number;
  rescoresPerSecond: number;
  conformerPairsPerSecond: number;
  modelBytes: number;
}

interface ModelSet {
  queries: Model3D[];
  candidates: Uint8Array[];
  /** Mean conformers actually present (a generator may return fewer than asked). */
  queryConformers: number;
  candidateConformers: number;
}

const CATALOGUE_QUERIES = 3;
const CATALOGUE_CANDIDATES = 60;

function cpuSeconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function rdkitModels(queryConformers: number, candidateConformers: number): ModelSet {
  const reference = readShapeReference();
  const bySmiles = new Map(reference.molecules.map((m) => [m.smiles, m]));
  const models = reference.conformerSets.map((set) => {
    const molecule = bySmiles.get(set.smiles);
    if (!molecule) throw new Error(`Reference conformer set ${set.smiles} has no molecule entry.`);
    return { molecule, conformers: set.conformers };
  });
  const [first, ...rest] = models;
  if (!first) throw new Error('The shape reference file has no conformer sets.');
  const query = referenceModel(first.molecule, first.conformers.slice(0, queryConformers));
  const candidates = rest.map((m) => referenceModel(m.molecule, m.conformers.slice(0, candidateConformers)));
  return {
    queries: [query],
    candidates: candidates.map(encodeModel),
    queryConformers: query.conformers.length,
    candidateConformers: candidates.reduce((s, m) => s + m.conformers.length, 0) / candidates.length,
  };
}

async function catalogueModels(queryConformers: number, candidateConformers: number): Promise<ModelSet> {
  await loadRDKit();
  const { smiles } = catalogueMolecules(CATALOGUE_QUERIES + CATALOGUE_CANDIDATES);
  const build = (s: string, options: ShapeBuildOptions, conformers: number) => encodedShapeModel(s, { ...options, conformers });
  const queries = smiles.slice(0, CATALOGUE_QUERIES).map((s) => build(s, QUERY_SHAPE, queryConformers)).filter((b) => b.length > 0).map(decodeModel);
  const candidates = smiles.slice(CATALOGUE_QUERIES).map((s) => build(s, CATALOGUE_SHAPE, candidateConformers)).filter((b) => b.length > 0);
  const meanConformers = (models: Model3D[]) => models.reduce((s, m) => s + m.conformers.length, 0) / models.length;
  return {
    queries,
    candidates,
    queryConformers: meanConformers(queries),
    candidateConformers: meanConformers(candidates.map(decodeModel)),
  };
}

function scoreAll(set: ModelSet, method: ScoreMethod, options: ScoreOptions): number {
  for (const query of set.queries) for (const bytes of set.candidates) score(query, decodeModel(bytes), method, options);
  return set.queries.length * set.candidates.length;
}

function measure(set: ModelSet, method: ScoreMethod, kernel: OverlapKernelKind, seconds: number) {
  scoreAll(set, method, { kernel }); // warm the JIT before timing
  let count = 0;
  const evaluationsBefore = overlapEvaluations();
  const start = process.cpuUsage();
  while (cpuSeconds(start) < seconds) count += scoreAll(set, method, { kernel });
  return { rate: count / cpuSeconds(start), evaluations: (overlapEvaluations() - evaluationsBefore) / count };
}

function meanShortfall(set: ModelSet, exhaustive: ScoreOptions): { mean: number; worst: number } {
  const gaps: number[] = [];
  for (const query of set.queries) {
    for (const bytes of set.candidates) {
      const candidate = decodeModel(bytes);
      gaps.push(score(query, candidate, 'espsim_shape', { ...exhaustive, kernel: 'js' }).shape - score(query, candidate, 'espsim_shape').shape);
    }
  }
  return { mean: gaps.reduce((s, g) => s + g, 0) / gaps.length, worst: Math.max(...gaps) };
}

export async function rescoringSpeed(options: RescoringSpeedOptions = {}): Promise<RescoringFigure[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const seconds = options.secondsPerCase ?? 1;
  const kernels = options.kernels ?? ['js', 'wasm-simd'];
  const figures: RescoringFigure[] = [];
  log('3D re-scoring (aligned, exact Gaussian shape; ESP at the best-shape pose), per core:');
  const cases = options.cases ?? [
    { source: 'rdkit', queryConformers: 1, candidateConformers: 1 },
    { source: 'catalogue', queryConformers: 10, candidateConformers: 3 },
  ];
  for (const { source, queryConformers, candidateConformers } of cases) {
    const set = source === 'rdkit' ? rdkitModels(queryConformers, candidateConformers) : await catalogueModels(queryConformers, candidateConformers);
    const modelBytes = set.candidates.reduce((s, b) => s + b.length, 0) / set.candidates.length;
    const kq = set.queryConformers;
    const kc = set.candidateConformers;
    log(`  ${source} models: ${set.queries.length} queries x ${set.candidates.length} candidates, ` +
      `${kq.toFixed(1)} x ${kc.toFixed(1)} conformers on average, candidate model ${modelBytes.toFixed(0)} bytes (all hydrogens as charge sites)`);
    const runs: Array<[ScoreMethod, OverlapKernelKind]> = [
      ...kernels.map((kernel): [ScoreMethod, OverlapKernelKind] => ['espsim_shape', kernel]),
      ['espsim_electrostatic', kernels[kernels.length - 1]!],
    ];
    for (const [method, kernel] of runs) {
      const { rate, evaluations } = measure(set, method, kernel, seconds);
      const figure = { method, kernel, source, queryConformers, candidateConformers, rescoresPerSecond: rate, conformerPairsPerSecond: rate * kq * kc, modelBytes };
      figures.push(figure);
      const label = `${method === 'espsim_shape' ? 'shape' : 'shape + ESP'} (${kernel})`.padEnd(24);
      log(
        `    ${label} query ${queryConformers} x candidate ${candidateConformers}: ${rate.toFixed(0)} re-scores/s/core, ` +
          `${figure.conformerPairsPerSecond.toFixed(0)} conformer pairs/s/core, ${evaluations.toFixed(0)} overlap evaluations/re-score`,
      );
    }
    if (options.quality) {
      const gap = meanShortfall(set, { screenedStarts: Infinity, screeningIterations: 40, optimizedStarts: Infinity });
      log(`    shape Tanimoto below an exhaustive search: mean ${gap.mean.toFixed(4)}, worst ${gap.worst.toFixed(4)}`);
    }
  }
  return figures;
}
