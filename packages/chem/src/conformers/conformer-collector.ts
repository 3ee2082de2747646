import type { ConformerSet, Coordinates } from '../geometry-types.ts';
import { alignedRmsd } from './conformer-rmsd.ts';
import { placeHydrogens } from './hydrogen-placement.ts';
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

/** One embedding attempt: the heavy-atom skeleton and whether the specified stereo came out right. */
export interface EmbeddedAttempt {
  coordinates: Float64Array;
  stereoOk: boolean;
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

