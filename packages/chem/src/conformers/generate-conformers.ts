import type { MolGraph } from '../mol-graph.ts';
import type { ConformerOptions, ConformerSet, Coordinates } from '../geometry-types.ts';
import { alignedRmsd } from './conformer-rmsd.ts';
import { placeHydrogens } from './hydrogen-placement.ts';
import { attemptSeed } from './random.ts';
import { skeletonEmbedder } from './skeleton-embedder.ts';
import { buildTopology } from './topology.ts';

/**
 * Conformers closer than this (heavy-atom RMSD after superposition, Å) count as the same one. A few
 * catalogue conformers must differ clearly; a query's many may differ less, since close neighbours
 * still change the best shape overlap (the finer threshold raised the K = 30 gate mean by 0.01).
 */
function pruneRmsd(wanted: number): number {
  return Math.max(0.25, 0.5 * Math.sqrt(3 / wanted));
}
/** Embedding attempts per wanted conformer before settling for fewer. */
const ATTEMPTS_PER_CONFORMER = 2;
/** Consecutive duplicates after which the molecule is taken to be rigid (no more distinct conformers). */
function rigidAfterDuplicates(wanted: number): number {
  return 3 + Math.floor(wanted / 3);
}

/**
 * 3D conformers of a hydrogenated molecular graph by distance geometry: ideal-geometry bounds, triangle
 * smoothing, random metric embedding (in 4D when there are chiral centres), error-function minimisation
 * with chiral volumes, a torsion-aware force-field polish, then hydrogens placed on the heavy-atom skeleton.
 *
 * Deterministic for a given seed (unless the time cap cuts it short); up to `count` conformers at least
 * `pruneRmsd(count)` apart; specified tetrahedral centres and double bonds are honoured when any attempt
 * manages it. Past `timeBudgetMs` it returns what it has (at least one conformer) with `timedOut`.
 */
export function generateConformers(graph: MolGraph, options: ConformerOptions): ConformerSet {
  try {
    return embedConformers(graph, options);
  } catch {
    // Never let one odd molecule stop an import: index it with a placeholder geometry, flagged.
    return { conformers: [placeholderGeometry(graph.atoms.length)], timedOut: false, approximate: true };
  }
}

/** Atoms on a loose helix 1.5 Å apart: finite, clash-free coordinates that carry no chemistry. */
function placeholderGeometry(atoms: number): Float64Array {
  const x = new Float64Array(3 * atoms);
  for (let i = 0; i < atoms; i++) {
    x[3 * i] = 2 * Math.cos(i * 0.8);
    x[3 * i + 1] = 2 * Math.sin(i * 0.8);
    x[3 * i + 2] = 0.6 * i;
  }
  return x;
}

function embedConformers(graph: MolGraph, options: ConformerOptions): ConformerSet {
  const started = performance.now();
  const deadline = started + Math.max(0, options.timeBudgetMs);
  const wanted = Math.max(1, Math.floor(options.count));
  const atoms = graph.atoms.length;
  if (atoms === 0) return { conformers: [new Float64Array(0)], timedOut: false };
  const topology = buildTopology(graph);
  const embedder = skeletonEmbedder(topology);
  const heavy = Array.from({ length: topology.size }, (_, i) => i);
  const accepted: Float64Array[] = [];
  let fallback: Float64Array | undefined;
  let timedOut = false;
  const attempts = wanted * ATTEMPTS_PER_CONFORMER + 2;
  let duplicates = 0;
  const threshold = pruneRmsd(wanted);
  const rigidAfter = rigidAfterDuplicates(wanted);
  for (let attempt = 0; attempt < attempts && accepted.length < wanted; attempt++) {
    if (attempt > 0 && performance.now() > deadline) {
      timedOut = true;
      break;
    }
    const { coordinates, stereoOk } = embedder.embed(attemptSeed(options.seed, attempt), deadline);
    if (!stereoOk) {
      fallback ??= coordinates;
      continue;
    }
    if (accepted.some((other) => alignedRmsd(other, coordinates, heavy) < threshold)) {
      if (++duplicates >= rigidAfter) break;
      continue;
    }
    duplicates = 0;
    accepted.push(coordinates);
  }
  if (performance.now() > deadline) timedOut = true;
  const stereoMissed = accepted.length === 0;
  if (stereoMissed && fallback) accepted.push(fallback);
  const conformers: Coordinates[] = accepted.map((skeleton) => {
    const full = new Float64Array(3 * atoms);
    placeHydrogens(topology, skeleton, full);
    return full;
  });
  return { conformers, timedOut, approximate: embedder.approximate || stereoMissed };
}
