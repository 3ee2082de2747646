import { expNegative } from './fast-exp.ts';
import { OVERLAP_EXPONENT_CUTOFF, shapeOverlap, shapeTanimoto } from './gaussian-shape.ts';
import type { OverlapTable } from './gaussian-shape.ts';
import { AXIS_SIGN_FLIPS, frameRotation, principalFrame } from './principal-axes.ts';
import type { PrincipalFrame } from './principal-axes.ts';
import {
  multiplyQuaternions,
  quaternionFromMatrix,
  quaternionFromRotationVector,
  quaternionToMatrix,
  transformPoints,
} from './quaternion.ts';
import type { Quaternion } from './quaternion.ts';
import type { ScratchArrays } from './scratch-arrays.ts';
import { chosenStarts } from './start-grids.ts';
import type { StartGrids } from './start-grids.ts';

/**
 * Rigid alignment that maximises the Gaussian volume overlap of a candidate with a query: starts
 * from the principal-axes superpositions (four sign flips), then climbs with BFGS over rotation and
 * translation using the analytic gradient. Rotations are kept as quaternions and stepped by small
 * rotation vectors, the gradient of which is the torque Σ (R·x_j) × ∂V/∂x_j.
 */

/** One conformer's heavy atoms moved to their centroid, with the frame and self-overlap kept. */
export interface ShapeConformer {
  centred: Float64Array;
  frame: Pick<PrincipalFrame, 'centroid' | 'axes'>;
  selfOverlap: number;
}

export function shapeConformer(coords: Float64Array, atomCount: number, selfTable: OverlapTable): ShapeConformer {
  const frame = principalFrame(coords, atomCount);
  const centred = new Float64Array(3 * atomCount);
  const [cx, cy, cz] = frame.centroid;
  for (let i = 0; i < atomCount; i++) {
    centred[3 * i] = coords[3 * i]! - cx;
    centred[3 * i + 1] = coords[3 * i + 1]! - cy;
    centred[3 * i + 2] = coords[3 * i + 2]! - cz;
  }
  return { centred, frame, selfOverlap: shapeOverlap(centred, centred, selfTable) };
}

/** `shapeConformer` from stored principal axes and self-overlap (a decoded model's summary); its arrays taken from `scratch` when given. */
export function summarisedShapeConformer(coords: Float64Array, atomCount: number, axes: Quaternion, selfOverlap: number, scratch?: ScratchArrays<Float64Array>): ShapeConformer {
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < atomCount; i++) {
    cx += coords[3 * i]!;
    cy += coords[3 * i + 1]!;
    cz += coords[3 * i + 2]!;
  }
  const n = Math.max(atomCount, 1);
  cx /= n;
  cy /= n;
  cz /= n;
  const centred = scratch ? scratch.take(3 * atomCount) : new Float64Array(3 * atomCount);
  for (let i = 0; i < atomCount; i++) {
    centred[3 * i] = coords[3 * i]! - cx;
    centred[3 * i + 1] = coords[3 * i + 1]! - cy;
    centred[3 * i + 2] = coords[3 * i + 2]! - cz;
  }
  return { centred, frame: { centroid: [cx, cy, cz], axes: quaternionToMatrix(axes, scratch?.take(9)) }, selfOverlap };
}

/** A pose of a centred candidate in the centred query frame: x' = R(rotation)·x + translation. */
export interface CentredPose {
  rotation: Quaternion;
  translation: [number, number, number];
  overlap: number;
}

export interface AlignmentOptions {
  /** Upper bound on BFGS iterations of one local optimisation. */
  maxIterations?: number;
  /** Stop when an accepted step gains less than this fraction of the overlap. */
  relativeTolerance?: number;
}

export const DEFAULT_MAX_ITERATIONS = 40;
export const DEFAULT_RELATIVE_TOLERANCE = 1e-4;

/**
 * The overlap of the current query conformer with the current candidate conformer moved by a pose,
 * optionally with its gradient; implemented in JavaScript (float64) and in WebAssembly SIMD.
 */
export interface OverlapEvaluator {
  readonly kind: OverlapKernelKind;
  /** Overlap evaluations so far (with or without gradient), for benchmarks. */
  evaluations: number;
  /** Pair constants of the two molecules; call before `setQuery` / `setCandidate`. */
  setTable(table: OverlapTable): void;
  /** Centred heavy-atom coordinates of the query conformer. */
  setQuery(centred: Float64Array): void;
  /** Centred heavy-atom coordinates of the candidate conformer. */
  setCandidate(centred: Float64Array): void;
  /**
   * Overlap with the candidate moved by x' = R·x + t; with `gradient`, also its derivatives with
   * respect to a small rotation vector (the torque Σ (R·x_j) × ∂V/∂x'_j) and the translation.
   */
  evaluate(rotation: Float64Array, tx: number, ty: number, tz: number, gradient?: Float64Array): number;
}

export type OverlapKernelKind = 'js' | 'wasm-simd';

/** The float64 JavaScript evaluator, the reference for the SIMD one. */
export class JsOverlapEvaluator implements OverlapEvaluator {
  readonly kind = 'js';
  evaluations = 0;
  private table: OverlapTable = { na: 0, nb: 0, k: new Float64Array(0), c: new Float64Array(0) };
  private query: Float64Array = new Float64Array(0);
  private candidate: Float64Array = new Float64Array(0);
  private moved: Float64Array = new Float64Array(0);
  private atomGradient: Float64Array = new Float64Array(0);

  setTable(table: OverlapTable): void {
    this.table = table;
    if (this.moved.length < 3 * table.nb) {
      this.moved = new Float64Array(3 * table.nb);
      this.atomGradient = new Float64Array(3 * table.nb);
    }
  }

  setQuery(centred: Float64Array): void {
    this.query = centred;
  }

  setCandidate(centred: Float64Array): void {
    this.candidate = centred;
  }

  evaluate(rotation: Float64Array, tx: number, ty: number, tz: number, gradient?: Float64Array): number {
    this.evaluations++;
    const { na, nb, k, c } = this.table;
    const query = this.query;
    const moved = transformPoints(this.candidate, nb, rotation, tx, ty, tz, this.moved);
    if (!gradient) return shapeOverlap(query, moved, this.table);
    const g = this.atomGradient;
    g.fill(0, 0, 3 * nb);
    let total = 0;
    for (let i = 0; i < na; i++) {
      const xi = query[3 * i]!, yi = query[3 * i + 1]!, zi = query[3 * i + 2]!;
      const row = i * nb;
      for (let j = 0; j < nb; j++) {
        const dx = moved[3 * j]! - xi;
        const dy = moved[3 * j + 1]! - yi;
        const dz = moved[3 * j + 2]! - zi;
        const cij = c[row + j]!;
        const e = cij * (dx * dx + dy * dy + dz * dz);
        if (e >= OVERLAP_EXPONENT_CUTOFF) continue;
        const v = k[row + j]! * expNegative(e);
        total += v;
        const f = -2 * cij * v;
        g[3 * j] = g[3 * j]! + f * dx;
        g[3 * j + 1] = g[3 * j + 1]! + f * dy;
        g[3 * j + 2] = g[3 * j + 2]! + f * dz;
      }
    }
    torqueAndForce(moved, g, nb, tx, ty, tz, gradient);
    return total;
  }
}

/** Σ u_j × g_j with u_j = x'_j − t, and Σ g_j, into gradient[0..2] and gradient[3..5]. */
export function torqueAndForce(
  moved: ArrayLike<number>,
  atomGradient: ArrayLike<number>,
  count: number,
  tx: number,
  ty: number,
  tz: number,
  gradient: Float64Array,
): void {
  let fx = 0, fy = 0, fz = 0, mx = 0, my = 0, mz = 0;
  for (let j = 0; j < count; j++) {
    const gx = atomGradient[3 * j]!, gy = atomGradient[3 * j + 1]!, gz = atomGradient[3 * j + 2]!;
    const ux = moved[3 * j]! - tx, uy = moved[3 * j + 1]! - ty, uz = moved[3 * j + 2]! - tz;
    fx += gx;
    fy += gy;
    fz += gz;
    mx += uy * gz - uz * gy;
    my += uz * gx - ux * gz;
    mz += ux * gy - uy * gx;
  }
  gradient[0] = mx;
  gradient[1] = my;
  gradient[2] = mz;
  gradient[3] = fx;
  gradient[4] = fy;
  gradient[5] = fz;
}

/** Reusable BFGS buffers, so the hot loop allocates nothing. */
export class AlignmentWorkspace {
  rotation = new Float64Array(9);
  gradient = new Float64Array(6);
  trialGradient = new Float64Array(6);
  inverseHessian = new Float64Array(36);
  direction = new Float64Array(6);
  step = new Float64Array(6);
  change = new Float64Array(6);
  hy = new Float64Array(6);
}

/**
 * Local maximisation of the overlap from a starting pose (BFGS with a backtracking line search), for
 * the query and candidate conformers currently set on `evaluator`.
 */
export function optimizePose(
  evaluator: OverlapEvaluator,
  start: CentredPose,
  work: AlignmentWorkspace,
  options: AlignmentOptions = {},
): CentredPose {
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const tolerance = options.relativeTolerance ?? DEFAULT_RELATIVE_TOLERANCE;
  const { rotation, gradient, trialGradient, inverseHessian: h, direction, step: s, change: y } = work;
  let q = start.rotation;
  let [tx, ty, tz] = start.translation;
  quaternionToMatrix(q, rotation);
  let value = evaluator.evaluate(rotation, tx, ty, tz, gradient);
  resetInverseHessian(h, 0.1 / (norm6(gradient) + 1e-12));

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    multiply6(h, gradient, direction);
    let slope = dot6(gradient, direction);
    if (!(slope > 0)) {
      resetInverseHessian(h, 0.1 / (norm6(gradient) + 1e-12));
      multiply6(h, gradient, direction);
      slope = dot6(gradient, direction);
      if (!(slope > 0)) break;
    }
    let stepLength = 1;
    let accepted = false;
    let trialQ = q;
    let trialValue = value;
    let trialT: [number, number, number] = [tx, ty, tz];
    for (let halving = 0; halving < 10; halving++) {
      trialQ = multiplyQuaternions(
        quaternionFromRotationVector(stepLength * direction[0]!, stepLength * direction[1]!, stepLength * direction[2]!),
        q,
      );
      trialT = [tx + stepLength * direction[3]!, ty + stepLength * direction[4]!, tz + stepLength * direction[5]!];
      quaternionToMatrix(trialQ, rotation);
      trialValue = evaluator.evaluate(rotation, trialT[0], trialT[1], trialT[2], trialGradient);
      if (trialValue >= value + 1e-4 * stepLength * slope) {
        accepted = true;
        break;
      }
      stepLength *= 0.5;
    }
    if (!accepted) break;
    const gain = trialValue - value;
    // Secant pair for the minimisation of −V: s = step, y = ∇(−V)_new − ∇(−V)_old.
    for (let i = 0; i < 6; i++) {
      s[i] = stepLength * direction[i]!;
      y[i] = gradient[i]! - trialGradient[i]!;
    }
    updateInverseHessian(h, s, y, work.hy, iteration === 0);
    q = trialQ;
    [tx, ty, tz] = trialT;
    value = trialValue;
    gradient.set(trialGradient);
    if (gain <= tolerance * value) break;
  }
  return { rotation: q, translation: [tx, ty, tz], overlap: value };
}

/** A starting superposition of one conformer pair, scored before any optimisation. */
export interface AlignmentStart {
  queryConformer: number;
  candidateConformer: number;
  rotation: Quaternion;
  tanimoto: number;
}

/**
 * The principal-axes superpositions of every conformer pair, best first; with `chosen`, only the starts it
 * flags (start 4 x (qc x candidates + cc) + flip, start-grids.ts chosenStarts).
 */
export function alignmentStarts(
  queryConformers: readonly ShapeConformer[],
  candidateConformers: readonly ShapeConformer[],
  evaluator: OverlapEvaluator,
  chosen?: Uint8Array,
): AlignmentStart[] {
  const starts: AlignmentStart[] = [];
  for (let qc = 0; qc < queryConformers.length; qc++) {
    const query = queryConformers[qc]!;
    evaluator.setQuery(query.centred);
    for (let cc = 0; cc < candidateConformers.length; cc++) {
      const candidate = candidateConformers[cc]!;
      evaluator.setCandidate(candidate.centred);
      for (let f = 0; f < AXIS_SIGN_FLIPS.length; f++) {
        if (chosen && chosen[4 * (qc * candidateConformers.length + cc) + f] === 0) continue;
        const flip = AXIS_SIGN_FLIPS[f]!;
        const rotation = frameRotation(query.frame.axes, candidate.frame.axes, flip);
        const overlap = evaluator.evaluate(rotation, 0, 0, 0);
        starts.push({
          queryConformer: qc,
          candidateConformer: cc,
          rotation: quaternionFromMatrix(rotation),
          tanimoto: shapeTanimoto(overlap, query.selfOverlap, candidate.selfOverlap),
        });
      }
    }
  }
  return starts.sort((a, b) => b.tanimoto - a.tanimoto);
}

export interface BestAlignment {
  queryConformer: number;
  candidateConformer: number;
  pose: CentredPose;
  tanimoto: number;
}

export interface BestAlignmentOptions extends AlignmentOptions {
  /**
   * Starting superpositions (best first over all conformer pairs) that get a short climb of
   * `screeningIterations`; `Infinity` takes every start of every pair.
   */
  screenedStarts?: number;
  screeningIterations?: number;
  /** How many of the best screened poses are then climbed to convergence. */
  optimizedStarts?: number;
  /**
   * Starts scored as they lie, the best by the grid Tanimoto of their start grids (start-grids.ts) when the
   * caller gives the grids; every start without them, or with `Infinity`.
   */
  gridStarts?: number;
}

export const DEFAULT_SCREENED_STARTS = 8;
export const DEFAULT_SCREENING_ITERATIONS = 3;
export const DEFAULT_OPTIMIZED_STARTS = 2;
/**
 * Starts scored as they lie, chosen by their grid Tanimoto (start-grids.ts). A query of 30 conformers and
 * a candidate of 3 have 360 starts, and scoring each as it lies took about three quarters of an exact
 * score. Choosing 32 by their grids, on 5,000 very accurate stage-1 candidates of each of three drug
 * queries at the 100,000 Chemspace rows, one thread (electrostatic score, which aligns as shape does): 92
 * overlap evaluations a candidate instead of 420, and 160 / 166 / 102 µs instead of 351 / 375 / 129 µs
 * (queries of 29 / 28 / 19 heavy atoms). The search is a heuristic either way: over 3,000 Chemspace rows
 * per query, the shape Tanimoto changed by more than 0.005 for 2-10 % of the rows, up or down in about
 * equal shares (mean change below 0.0005), and the exact shape top 30 of 20 drug queries over all
 * 100,000 rows kept 0.995 of its rows (at least 0.97 a query).
 */
export const DEFAULT_GRID_STARTS = 32;

/**
 * The best shape Tanimoto over conformer pairs and starting orientations, with its pose. Search in
 * three rounds, each on fewer poses: score every principal-axes start as it lies, climb the best
 * `screenedStarts` a few steps, then climb the best `optimizedStarts` of those to convergence. The
 * reported overlap and Tanimoto are recomputed in float64 at the final pose, whatever the kernel.
 */
export function bestAlignment(
  queryConformers: readonly ShapeConformer[],
  candidateConformers: readonly ShapeConformer[],
  table: OverlapTable,
  evaluator: OverlapEvaluator,
  work: AlignmentWorkspace,
  options: BestAlignmentOptions = {},
  grids?: { query: StartGrids; candidate: StartGrids },
): BestAlignment {
  evaluator.setTable(table);
  const chosen = grids && chosenStarts(grids.query, grids.candidate, options.gridStarts ?? DEFAULT_GRID_STARTS);
  const starts = alignmentStarts(queryConformers, candidateConformers, evaluator, chosen);
  if (starts.length === 0) throw new Error('Cannot align molecules without conformers.');
  const screened = Math.min(starts.length, Math.max(1, options.screenedStarts ?? DEFAULT_SCREENED_STARTS));
  const screeningIterations = options.screeningIterations ?? DEFAULT_SCREENING_ITERATIONS;
  const climb = (start: BestAlignment, maxIterations: number): BestAlignment => {
    const query = queryConformers[start.queryConformer]!;
    const candidate = candidateConformers[start.candidateConformer]!;
    evaluator.setQuery(query.centred);
    evaluator.setCandidate(candidate.centred);
    const pose = optimizePose(evaluator, start.pose, work, { ...options, maxIterations });
    return { ...start, pose, tanimoto: shapeTanimoto(pose.overlap, query.selfOverlap, candidate.selfOverlap) };
  };
  const rough = starts.slice(0, screened).map((start) =>
    climb(
      {
        queryConformer: start.queryConformer,
        candidateConformer: start.candidateConformer,
        pose: { rotation: start.rotation, translation: [0, 0, 0], overlap: 0 },
        tanimoto: start.tanimoto,
      },
      screeningIterations,
    ),
  );
  rough.sort((a, b) => b.tanimoto - a.tanimoto);
  const optimized = Math.min(rough.length, Math.max(1, options.optimizedStarts ?? DEFAULT_OPTIMIZED_STARTS));
  let best = rough[0]!;
  for (let index = 0; index < optimized; index++) {
    const refined = climb(rough[index]!, options.maxIterations ?? DEFAULT_MAX_ITERATIONS);
    if (refined.tanimoto > best.tanimoto) best = refined;
  }
  const query = queryConformers[best.queryConformer]!;
  const candidate = candidateConformers[best.candidateConformer]!;
  const [tx, ty, tz] = best.pose.translation;
  const placed = transformPoints(candidate.centred, table.nb, quaternionToMatrix(best.pose.rotation), tx, ty, tz, new Float64Array(3 * table.nb));
  const overlap = shapeOverlap(query.centred, placed, table);
  return { ...best, pose: { ...best.pose, overlap }, tanimoto: shapeTanimoto(overlap, query.selfOverlap, candidate.selfOverlap) };
}

function resetInverseHessian(h: Float64Array, scale: number): void {
  h.fill(0);
  for (let i = 0; i < 6; i++) h[i * 7] = scale;
}

function multiply6(h: Float64Array, v: Float64Array, out: Float64Array): void {
  for (let i = 0; i < 6; i++) {
    let sum = 0;
    for (let j = 0; j < 6; j++) sum += h[i * 6 + j]! * v[j]!;
    out[i] = sum;
  }
}

function dot6(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += a[i]! * b[i]!;
  return sum;
}

function norm6(v: Float64Array): number {
  return Math.sqrt(dot6(v, v));
}

/** BFGS update of the inverse Hessian; the first update rescales it (Nocedal & Wright 6.20). */
function updateInverseHessian(h: Float64Array, s: Float64Array, y: Float64Array, hy: Float64Array, first: boolean): void {
  const sy = dot6(s, y);
  if (!(sy > 1e-12)) return;
  if (first) resetInverseHessian(h, sy / dot6(y, y));
  multiply6(h, y, hy);
  const yhy = dot6(y, hy);
  const rho = 1 / sy;
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      h[i * 6 + j] = h[i * 6 + j]! + rho * ((1 + rho * yhy) * s[i]! * s[j]! - hy[i]! * s[j]! - s[i]! * hy[j]!);
    }
  }
}
