import type { MolGraph } from '../mol-graph.ts';
import type { ConformerOptions, ConformerSet } from '../geometry-types.ts';
import { ConformerCollector, type EmbeddedAttempt } from './conformer-collector.ts';
import { chosenConformers } from './chosen-conformers.ts';
import { fragmentEmbedder } from './fragment-embedder.ts';
import { attemptSeed } from './random.ts';
import { skeletonEmbedder } from './skeleton-embedder.ts';
import type { ConformerClock } from './stage-clock.ts';
import { buildTopology } from './topology.ts';
import type { Topology } from './topology.ts';

/**
 * 3D conformers of a hydrogenated molecular graph, its heavy-atom skeleton embedded one of two ways, then
 * hydrogens placed on it:
 * - `distance-geometry` (the default): ideal-geometry bounds, triangle smoothing, random metric embedding
 *   (in 4D when there are chiral centres), error-function minimisation with chiral volumes, and a
 *   torsion-aware force-field polish, attempt after attempt;
 * - `fragments`: skeletons assembled from ring systems and chain atoms at torsion minima, the most
 *   representative by shape polished (chosen-conformers.ts); molecules it cannot cut into pieces take
 *   distance geometry.
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

function embedConformers(graph: MolGraph, options: ConformerOptions, clock: ConformerClock | undefined): ConformerSet {
  const deadline = performance.now() + Math.max(0, options.timeBudgetMs);
  if (graph.atoms.length === 0) return { conformers: [new Float64Array(0)], timedOut: false };
  clock?.start();
  const topology = buildTopology(graph);
  clock?.lap('topology');
  const fragments = options.method === 'fragments' ? fragmentEmbedder(topology, options.seed, ringShapes(options.count), clock) : undefined;
  clock?.lap('setup');
  if (fragments) return chosenConformers(fragments, options.count, deadline, clock);
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

/** Shapes of each flexible ring system a molecule's fragment assemblies share: one more than the conformers wanted. */
function ringShapes(count: number): number {
  return Math.max(1, Math.floor(count)) + 1;
}

/** An attempt embedded elsewhere, with the embedder's `approximate`; undefined when embedding threw there. */
export type RemoteAttempt = (EmbeddedAttempt & { approximate: boolean }) | undefined;

/**
 * `generateConformers` by distance geometry with the attempts embedded by `embed` (on worker threads), `inFlight` at a time
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
