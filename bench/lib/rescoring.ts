// Exact 3D re-scoring speed: aligned re-scores per second per core for shape and for shape + ESP.
// A re-score is one candidate molecule against the query over all conformer pairs (query K_q x
// candidate K_c), read from its stored model bytes as the engine's re-scorer does. Molecules and
// conformers are RDKit ETKDGv3 + MMFF ones from the shape reference file, with RDKit Gasteiger charges.
// Time is CPU time of this process, so figures are per core even on a busy machine.
import { decodeModel, encodeModel, score } from '@molsearch/chem';
import type { Model3D, ScoreMethod, ScoreOptions } from '@molsearch/chem';
import { overlapEvaluations } from '../../packages/chem/src/shape/scorer.ts';
import type { OverlapKernelKind } from '../../packages/chem/src/shape/shape-alignment.ts';
import { readShapeReference, referenceModel } from '../../packages/chem/src/shape/reference-fixture.ts';

export interface RescoringSpeedOptions {
  /** Conformer counts to measure, as [query, candidate] pairs. */
  conformerCounts?: Array<[number, number]>;
  /** CPU seconds spent per measured configuration. */
  secondsPerCase?: number;
  /** Also compare the default search with an exhaustive one (every start climbed to convergence). */
  quality?: boolean;
  log?: (line: string) => void;
}

export interface RescoringFigure {
  method: ScoreMethod;
  kernel: OverlapKernelKind;
  queryConformers: number;
  candidateConformers: number;
  rescoresPerSecond: number;
  conformerPairsPerSecond: number;
  modelBytes: number;
}

function cpuSeconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function modelsOf(queryConformers: number, candidateConformers: number): { query: Model3D; candidates: Uint8Array[] } {
  const reference = readShapeReference();
  const bySmiles = new Map(reference.molecules.map((m) => [m.smiles, m]));
  const models = reference.conformerSets.map((set) => {
    const molecule = bySmiles.get(set.smiles);
    if (!molecule) throw new Error(`Reference conformer set ${set.smiles} has no molecule entry.`);
    return { molecule, conformers: set.conformers };
  });
  const [first, ...rest] = models;
  if (!first) throw new Error('The shape reference file has no conformer sets.');
  return {
    query: referenceModel(first.molecule, first.conformers.slice(0, queryConformers)),
    candidates: rest.map((m) => encodeModel(referenceModel(m.molecule, m.conformers.slice(0, candidateConformers)))),
  };
}

function measure(query: Model3D, candidates: Uint8Array[], method: ScoreMethod, kernel: OverlapKernelKind, seconds: number) {
  // Warm the JIT before timing.
  for (const bytes of candidates) score(query, decodeModel(bytes), method, { kernel });
  let count = 0;
  const evaluationsBefore = overlapEvaluations();
  const start = process.cpuUsage();
  while (cpuSeconds(start) < seconds) {
    for (const bytes of candidates) score(query, decodeModel(bytes), method, { kernel });
    count += candidates.length;
  }
  return { rate: count / cpuSeconds(start), evaluations: (overlapEvaluations() - evaluationsBefore) / count };
}

function meanShortfall(query: Model3D, candidates: Uint8Array[], exhaustive: ScoreOptions): { mean: number; worst: number } {
  const gaps = candidates.map((bytes) => {
    const candidate = decodeModel(bytes);
    return score(query, candidate, 'espsim_shape', exhaustive).shape - score(query, candidate, 'espsim_shape').shape;
  });
  return { mean: gaps.reduce((s, g) => s + g, 0) / gaps.length, worst: Math.max(...gaps) };
}

export async function rescoringSpeed(options: RescoringSpeedOptions = {}): Promise<RescoringFigure[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const seconds = options.secondsPerCase ?? 1;
  const figures: RescoringFigure[] = [];
  log('3D re-scoring (aligned, exact Gaussian shape; ESP at the best-shape pose), per core:');
  for (const [kq, kc] of options.conformerCounts ?? [[1, 1], [1, 3], [6, 3]]) {
    const { query, candidates } = modelsOf(kq, kc);
    const modelBytes = candidates.reduce((s, b) => s + b.length, 0) / candidates.length;
    const cases: Array<[ScoreMethod, OverlapKernelKind]> = [
      ['espsim_shape', 'js'],
      ['espsim_shape', 'wasm-simd'],
      ['espsim_electrostatic', 'wasm-simd'],
    ];
    for (const [method, kernel] of cases) {
      const { rate, evaluations } = measure(query, candidates, method, kernel, seconds);
      const figure = { method, kernel, queryConformers: kq, candidateConformers: kc, rescoresPerSecond: rate, conformerPairsPerSecond: rate * kq * kc, modelBytes };
      figures.push(figure);
      const label = `${method === 'espsim_shape' ? 'shape' : 'shape + ESP'} (${kernel})`.padEnd(24);
      log(
        `  ${label} query ${kq} x candidate ${kc} conformers: ${rate.toFixed(0)} re-scores/s/core, ` +
          `${figure.conformerPairsPerSecond.toFixed(0)} conformer pairs/s/core, ${evaluations.toFixed(0)} overlap evaluations/re-score`,
      );
    }
    log(`  candidate model ${modelBytes.toFixed(0)} bytes (all hydrogens as charge sites, ${kc} conformers)`);
    if (options.quality) {
      const gap = meanShortfall(query, candidates, { screenedStarts: Infinity, screeningIterations: 40, optimizedStarts: Infinity });
      log(`  shape Tanimoto below an exhaustive search: mean ${gap.mean.toFixed(4)}, worst ${gap.worst.toFixed(4)}`);
    }
  }
  return figures;
}
