import type { MolGraph } from '../mol-graph.ts';
import type { ConformerOptions, ConformerSet, Coordinates } from '../geometry-types.ts';
import { alignedRmsd } from './conformer-rmsd.ts';
import { placeHydrogens } from './hydrogen-placement.ts';
import { attemptSeed } from './random.ts';
import { skeletonEmbedder } from './skeleton-embedder.ts';
import type { ConformerClock } from './stage-clock.ts';
import { buildTopology } from './topology.ts';
import type { Topology } from './topology.ts';

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
export function generateConformers(graph: MolGraph, options: ConformerOptions, clock?: ConformerClock): ConformerSet {
  try {
    return embedConformers(graph, options, clock);
  } catch {
    return placeholder(graph);
  }
}

/** Never let one odd molecule stop an import: it gets a placeholder geometry, flagged. */
function placeholder(graph: MolGraph): ConformerSet {
  return { conformers: [placeholderGeometry(graph.atoms.length)], timedOut: false, approximate: true };
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

/** One embedding attempt: the heavy-atom skeleton and whether the specified stereo came out right. */
export interface EmbeddedAttempt {
  coordinates: Float64Array;
  stereoOk: boolean;
}

/**
 * Embeds the attempts of one molecule. An attempt's skeleton depends only on the molecule, the seed and
 * the attempt number, so attempts can run on any thread and be collected in order (`ConformerCollector`).
 */
export interface AttemptEmbedder {
  approximate: boolean;
  embed(attempt: number, deadline: number): EmbeddedAttempt;
}

export function attemptEmbedder(topology: Topology, seed: number, clock?: ConformerClock): AttemptEmbedder {
  const embedder = skeletonEmbedder(topology, clock);
  return { approximate: embedder.approximate, embed: (attempt, deadline) => embedder.embed(attemptSeed(seed, attempt), deadline) };
}

/**
 * Takes embedding attempts in attempt order and keeps the distinct ones: the choice of conformers,
 * whichever thread embedded them. `done` once enough are kept, the molecule looks rigid or the attempts
 * run out.
 */
export class ConformerCollector {
  /** Attempts to make at most. */
  readonly attempts: number;
  private readonly topology: Topology;
  private readonly wanted: number;
  private readonly threshold: number;
  private readonly rigidAfter: number;
  private readonly heavy: number[];
  private readonly accepted: Float64Array[] = [];
  private fallback: Float64Array | undefined;
  private duplicates = 0;
  private offered = 0;
  private rigid = false;

  constructor(topology: Topology, count: number) {
    this.topology = topology;
    this.wanted = Math.max(1, Math.floor(count));
    this.attempts = this.wanted * ATTEMPTS_PER_CONFORMER + 2;
    this.threshold = pruneRmsd(this.wanted);
    this.rigidAfter = rigidAfterDuplicates(this.wanted);
    this.heavy = Array.from({ length: topology.size }, (_, i) => i);
  }

  get done(): boolean {
    return this.rigid || this.accepted.length >= this.wanted || this.offered >= this.attempts;
  }

  /** The next attempt's result (attempt number = attempts offered so far). */
  offer({ coordinates, stereoOk }: EmbeddedAttempt): void {
    this.offered++;
    if (!stereoOk) {
      this.fallback ??= coordinates;
      return;
    }
    if (this.accepted.some((other) => alignedRmsd(other, coordinates, this.heavy) < this.threshold)) {
      if (++this.duplicates >= this.rigidAfter) this.rigid = true;
      return;
    }
    this.duplicates = 0;
    this.accepted.push(coordinates);
  }

  /** The kept skeletons with their hydrogens placed. */
  result(timedOut: boolean, approximate: boolean): ConformerSet {
    const stereoMissed = this.accepted.length === 0;
    const skeletons = stereoMissed && this.fallback ? [this.fallback] : this.accepted;
    const atoms = this.topology.graph.atoms.length;
    const conformers: Coordinates[] = skeletons.map((skeleton) => {
      const full = new Float64Array(3 * atoms);
      placeHydrogens(this.topology, skeleton, full);
      return full;
    });
    return { conformers, timedOut, approximate: approximate || stereoMissed };
  }
}

function embedConformers(graph: MolGraph, options: ConformerOptions, clock: ConformerClock | undefined): ConformerSet {
  const deadline = performance.now() + Math.max(0, options.timeBudgetMs);
  if (graph.atoms.length === 0) return { conformers: [new Float64Array(0)], timedOut: false };
  clock?.start();
  const topology = buildTopology(graph);
  clock?.lap('topology');
  const embedder = attemptEmbedder(topology, options.seed, clock);
  const collector = new ConformerCollector(topology, options.count);
  clock?.lap('setup');
  let timedOut = false;
  for (let attempt = 0; !collector.done; attempt++) {
    if (attempt > 0 && performance.now() > deadline) {
      timedOut = true;
      break;
    }
    const embedded = embedder.embed(attempt, deadline);
    clock?.start();
    collector.offer(embedded);
    clock?.lap('pruning');
  }
  const result = collector.result(timedOut || performance.now() > deadline, embedder.approximate);
  clock?.lap('hydrogens');
  return result;
}

/** An attempt embedded elsewhere, with the embedder's `approximate`; undefined when embedding threw there. */
export type RemoteAttempt = (EmbeddedAttempt & { approximate: boolean }) | undefined;

/**
 * `generateConformers` with the attempts embedded by `embed` (on worker threads), `inFlight` at a time
 * and collected in attempt order: the same conformers unless the time budget cuts either short.
 * `embed` gets the attempt number and the milliseconds left of the budget; its rejections (a failed
 * thread) reach the caller, while a molecule the embedder throws on gets the placeholder, as above.
 */
export async function generateConformersWith(
  graph: MolGraph, options: ConformerOptions, embed: (attempt: number, budgetMs: number) => Promise<RemoteAttempt>, inFlight: number,
): Promise<ConformerSet> {
  const deadline = performance.now() + Math.max(0, options.timeBudgetMs);
  if (graph.atoms.length === 0) return { conformers: [new Float64Array(0)], timedOut: false };
  // As in `generateConformers`, a molecule the generator throws on gets the placeholder; only `embed`'s
  // rejections propagate.
  const guarded = <T>(work: () => T): T | undefined => {
    try {
      return work();
    } catch {
      return undefined;
    }
  };
  const collector = guarded(() => new ConformerCollector(buildTopology(graph), options.count));
  if (!collector) return placeholder(graph);
  const pending: Promise<RemoteAttempt>[] = [];
  let next = 0;
  const launch = () => {
    while (pending.length < Math.max(1, inFlight) && next < collector.attempts && (next === 0 || performance.now() <= deadline)) {
      const attempt = embed(next++, deadline - performance.now());
      // Attempts still running when enough are kept finish unread.
      attempt.catch(() => undefined);
      pending.push(attempt);
    }
  };
  let approximate = false;
  let timedOut = false;
  for (launch(); !collector.done; launch()) {
    const attempt = pending.shift();
    if (!attempt) {
      timedOut = true;
      break;
    }
    const embedded = await attempt;
    const offered = embedded && guarded(() => {
      collector.offer(embedded);
      return true;
    });
    if (!offered) return placeholder(graph);
    approximate = embedded.approximate;
  }
  return guarded(() => collector.result(timedOut || performance.now() > deadline, approximate)) ?? placeholder(graph);
}
