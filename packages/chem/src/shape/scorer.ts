import { espOverlap, espSelfOverlap, espSimilarity, renormalizeEsp } from './esp-overlap.ts';
import type { EspMetric } from './esp-overlap.ts';
import { elementOverlapTable, shapeOverlapByElement, shapeTanimoto } from './gaussian-shape.ts';
import type { Model3D } from './model-3d.ts';
import { principalQuaternion } from './conformer-summary.ts';
import { quaternionFromMatrix, quaternionToMatrix, transformPoints } from './quaternion.ts';
import type { Quaternion } from './quaternion.ts';
import {
  AlignmentWorkspace,
  bestAlignment,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_GRID_STARTS,
  DEFAULT_OPTIMIZED_STARTS,
  DEFAULT_RELATIVE_TOLERANCE,
  DEFAULT_SCREENED_STARTS,
  DEFAULT_SCREENING_ITERATIONS,
  JsOverlapEvaluator,
  shapeConformer,
  summarisedShapeConformer,
} from './shape-alignment.ts';
import type { BestAlignment, BestAlignmentOptions, OverlapKernelKind, ShapeConformer } from './shape-alignment.ts';
import { simdOverlapAvailable } from './shape-kernel-module.ts';
import { ScratchArrays } from './scratch-arrays.ts';
import { startGrids } from './start-grids.ts';
import type { StartGrids } from './start-grids.ts';
import { packShape, WasmAligner } from './wasm-alignment.ts';
import type { PackedShape } from './wasm-alignment.ts';

/**
 * Exact 3D re-scoring of a candidate against a query, as ESPsim does it: the candidate is aligned to
 * maximise the shape overlap over all conformer pairs, and the electrostatic similarity is taken at
 * that best-shape pose.
 *
 * - `espsim_shape`: similarity = shape Tanimoto V_AB / (V_AA + V_BB − V_AB) of Gaussian heavy-atom
 *   volumes at the best pose (0..1).
 * - `espsim_electrostatic`: similarity = the electrostatic score at the best-shape pose in the form
 *   `electrostaticForm` chooses (see `ElectrostaticForm`; ESPsim's Carbó index by default).
 */
export type ScoreMethod = 'espsim_shape' | 'espsim_electrostatic';

/**
 * Where the candidate goes: its conformer `candidateConformer`, moved by x' = R(rotation)·x +
 * translation, lies on the query's conformer `queryConformer` in the query's own coordinates.
 */
export interface Pose {
  queryConformer: number;
  candidateConformer: number;
  /** Unit quaternion [w, x, y, z]. */
  rotation: Quaternion;
  /** Ångström. */
  translation: [number, number, number];
}

export interface ScoreResult {
  /** The method's score, 0..1 (see `ScoreMethod`). */
  similarity: number;
  /** Shape Tanimoto at the best pose. */
  shape: number;
  /** The electrostatic score at the best pose (in the options' form); computed for the electrostatic method or on request. */
  electrostatic: number | undefined;
  pose: Pose;
}

export interface ScoreOptions extends BestAlignmentOptions {
  /** How the electrostatic score is formed from the overlaps at the best-shape pose; Carbó by default, as in ESPsim. */
  electrostaticForm?: ElectrostaticForm;
  /** Also compute the electrostatic score when the method is shape. */
  withElectrostatic?: boolean;
  /**
   * Alignment search: the whole search in one WebAssembly SIMD call per candidate (float32 overlaps)
   * when the runtime has it, else JavaScript (float64). Reported scores are float64 either way.
   */
  kernel?: OverlapKernelKind;
  /**
   * The candidate is scored this once and dropped (a search's stage 2): what the scorer derives from it is built
   * in this thread's scratch arrays, reused by the next such candidate, and not kept for another score of it.
   */
  once?: boolean;
}

interface PreparedModel {
  shapeConformers: ShapeConformer[];
  /** The same in the WebAssembly kernel's layout, built on first use. */
  packed: PackedShape | undefined;
  /** Start grids of the conformers as a query (under the four flips) and as a candidate, built on first use. */
  queryGrids: StartGrids | undefined;
  candidateGrids: StartGrids | undefined;
  /** O_AA per conformer, NaN until first needed. */
  espSelf: Float64Array;
  /** Its arrays are views of ONCE: valid only while its candidate is scored (ScoreOptions.once). */
  scratch: boolean;
}

// The arrays of candidates scored once (ScoreOptions.once), reset for each.
const ONCE = {
  f64: new ScratchArrays((length) => new Float64Array(length)),
  f32: new ScratchArrays((length) => new Float32Array(length)),
  u8: new ScratchArrays((length) => new Uint8Array(length)),
};

const prepared = new WeakMap<Model3D, PreparedModel>();
const workspace = new AlignmentWorkspace();
const jsEvaluator = new JsOverlapEvaluator();
let aligner: WasmAligner | undefined;

function kernelFor(kind: OverlapKernelKind | undefined): OverlapKernelKind {
  return kind ?? (simdOverlapAvailable() ? 'wasm-simd' : 'js');
}

/** Overlap evaluations done by the alignment search so far, over both kernels (benchmarks report it). */
export function overlapEvaluations(): number {
  return jsEvaluator.evaluations + (aligner?.evaluations ?? 0);
}
let movedSites = new Float64Array(3 * 64);

function prepare(model: Model3D): PreparedModel {
  let entry = prepared.get(model);
  if (!entry) {
    entry = preparedModel(model, false);
    prepared.set(model, entry);
  }
  return entry;
}

/** What the scorer derives from a model, in ONCE's arrays (reset first) when `scratch`, else in arrays of its own. */
function preparedModel(model: Model3D, scratch: boolean): PreparedModel {
  if (model.conformers.length === 0) throw new Error('The 3D model has no conformers to score.');
  if (scratch) for (const arrays of Object.values(ONCE)) arrays.reset();
  const n = model.atomicNumbers.length;
  const summaries = model.summaries?.length === model.conformers.length ? model.summaries : undefined;
  let shapeConformers: ShapeConformer[];
  if (summaries) {
    const into = scratch ? ONCE.f64 : undefined;
    shapeConformers = model.conformers.map((coords, k) => summarisedShapeConformer(coords, n, summaries[k]!.axes ?? principalQuaternion(coords, n), summaries[k]!.shapeSelfOverlap, into));
  } else {
    const selfTable = elementOverlapTable(model.atomicNumbers, model.atomicNumbers);
    shapeConformers = model.conformers.map((coords) => shapeConformer(coords, n, selfTable));
  }
  return {
    shapeConformers,
    packed: undefined,
    queryGrids: undefined,
    candidateGrids: undefined,
    espSelf: summaries ? Float64Array.from(summaries, (s) => s.espSelfOverlap) : new Float64Array(model.conformers.length).fill(Number.NaN),
    scratch,
  };
}

function cachedEspSelfOverlap(model: Model3D, entry: PreparedModel, conformer: number): number {
  let value = entry.espSelf[conformer]!;
  if (Number.isNaN(value)) {
    const coords = model.conformers[conformer]!;
    value = espSelfOverlap(coords, model.charges, model.charges.length);
    entry.espSelf[conformer] = value;
  }
  return value;
}

/** The candidate's charge sites of the pose's conformer, moved onto the query. */
export function applyPose(candidate: Model3D, pose: Pose, out?: Float64Array): Float64Array {
  const coords = candidate.conformers[pose.candidateConformer];
  if (!coords) throw new Error(`The candidate has no conformer ${pose.candidateConformer}.`);
  const sites = coords.length / 3;
  const [tx, ty, tz] = pose.translation;
  return transformPoints(coords, sites, quaternionToMatrix(pose.rotation), tx, ty, tz, out ?? new Float64Array(coords.length));
}

/** ESPsim's overlap integrals of a pose: O_AA of the query conformer, O_BB of the candidate's, O_AB between them. */
export interface EspOverlaps {
  query: number;
  candidate: number;
  between: number;
}

/** The Coulomb-overlap integrals of the candidate placed by `pose` with the query, from which every score form follows. */
export function electrostaticOverlaps(query: Model3D, candidate: Model3D, pose: Pose): EspOverlaps {
  return overlapsAtPose(query, candidate, pose, prepare(query), prepare(candidate));
}

function overlapsAtPose(query: Model3D, candidate: Model3D, pose: Pose, queryPrepared: PreparedModel, candidatePrepared: PreparedModel): EspOverlaps {
  const queryCoords = query.conformers[pose.queryConformer];
  if (!queryCoords) throw new Error(`The query has no conformer ${pose.queryConformer}.`);
  const sites = candidate.charges.length;
  if (movedSites.length < 3 * sites) movedSites = new Float64Array(3 * sites);
  const moved = applyPose(candidate, pose, movedSites);
  return {
    query: cachedEspSelfOverlap(query, queryPrepared, pose.queryConformer),
    candidate: cachedEspSelfOverlap(candidate, candidatePrepared, pose.candidateConformer),
    between: espOverlap(queryCoords, query.charges, query.charges.length, moved, candidate.charges, sites),
  };
}

/**
 * How the electrostatic method scores a pose from its overlaps (O_AA, O_BB, O_AB) and its shape Tanimoto:
 * - 'carbo': ESPsim's Carbó index O_AB / √(O_AA·O_BB), renormalised as (C + 1) / 2. Blind to size: a
 *   small fragment whose few charges line up with part of the query's scores as high as the query itself;
 * - 'tanimoto': ESPsim's Tanimoto form O_AB / (O_AA + O_BB − O_AB), renormalised as (T + 1/3) / (4/3),
 *   which falls when the two charge distributions differ in size;
 * - 'shape_carbo' / 'shape_tanimoto': the mean of the shape Tanimoto and that renormalised score, as
 *   ROCS's TanimotoCombo combines shape and colour: shape and charge distribution together.
 * Measured on DUD-E def, mapk2 and pa2ga (npm run bench -- vs: every active the query in turn against the
 * other actives and 1,000 decoys each; mean ROC AUC / EF1% / BEDROC over the targets, MMFF94 charges,
 * neutral form): carbo 0.644 / 8.5 / 0.418, tanimoto 0.644 / 8.5 / 0.420, shape_carbo 0.686 / 9.2 / 0.484,
 * shape_tanimoto 0.690 / 9.2 / 0.487. 'shape_tanimoto' is the form the electrostatic method should rank by:
 * the best measured, and the one that does not favour fragments a fraction of the query's size.
 */
export const ELECTROSTATIC_FORMS = ['carbo', 'tanimoto', 'shape_carbo', 'shape_tanimoto'] as const;
export type ElectrostaticForm = (typeof ELECTROSTATIC_FORMS)[number];

export function electrostaticFormScore(overlaps: EspOverlaps, shapeTanimoto: number, form: ElectrostaticForm): number {
  const metric = form === 'carbo' || form === 'shape_carbo' ? 'carbo' : 'tanimoto';
  const esp = renormalizeEsp(espSimilarity(overlaps.query, overlaps.candidate, overlaps.between, metric), metric);
  return form === 'carbo' || form === 'tanimoto' ? esp : (shapeTanimoto + esp) / 2;
}

/** ESPsim's electrostatic similarity (renormalised) of the candidate placed by `pose` with the query. */
export function electrostaticSimilarity(query: Model3D, candidate: Model3D, pose: Pose, metric: EspMetric = 'carbo'): number {
  return electrostaticFormScore(electrostaticOverlaps(query, candidate, pose), 0, metric);
}

/**
 * The best shape alignment over conformer pairs, by the chosen kernel; its overlap and Tanimoto are
 * float64 at the final pose whatever the kernel.
 */
function alignModels(query: Model3D, candidate: Model3D, queryPrepared: PreparedModel, candidatePrepared: PreparedModel, options: ScoreOptions): BestAlignment {
  const grids = startGridsOf(queryPrepared, candidatePrepared, options.gridStarts ?? DEFAULT_GRID_STARTS);
  if (kernelFor(options.kernel) === 'js') {
    const table = elementOverlapTable(query.atomicNumbers, candidate.atomicNumbers);
    return bestAlignment(queryPrepared.shapeConformers, candidatePrepared.shapeConformers, table, jsEvaluator, workspace, options, grids);
  }
  aligner ??= new WasmAligner();
  queryPrepared.packed ??= packShape(query.atomicNumbers, queryPrepared.shapeConformers);
  candidatePrepared.packed ??= packShape(candidate.atomicNumbers, candidatePrepared.shapeConformers, candidatePrepared.scratch ? ONCE : undefined);
  const found = aligner.align(queryPrepared.packed, candidatePrepared.packed, {
    screenedStarts: options.screenedStarts ?? DEFAULT_SCREENED_STARTS,
    screeningIterations: options.screeningIterations ?? DEFAULT_SCREENING_ITERATIONS,
    optimizedStarts: options.optimizedStarts ?? DEFAULT_OPTIMIZED_STARTS,
    maxIterations: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    relativeTolerance: options.relativeTolerance ?? DEFAULT_RELATIVE_TOLERANCE,
    gridStarts: options.gridStarts ?? DEFAULT_GRID_STARTS,
  }, grids);
  const queryConformer = queryPrepared.shapeConformers[found.queryConformer]!;
  const candidateConformer = candidatePrepared.shapeConformers[found.candidateConformer]!;
  const nb = candidate.atomicNumbers.length;
  const [tx, ty, tz] = found.translation;
  if (placed.length < 3 * nb) placed = new Float64Array(3 * nb);
  transformPoints(candidateConformer.centred, nb, found.rotation, tx, ty, tz, placed);
  const overlap = shapeOverlapByElement(queryConformer.centred, query.atomicNumbers, placed, candidate.atomicNumbers);
  return {
    queryConformer: found.queryConformer,
    candidateConformer: found.candidateConformer,
    pose: { rotation: quaternionFromMatrix(found.rotation), translation: found.translation, overlap },
    tanimoto: shapeTanimoto(overlap, queryConformer.selfOverlap, candidateConformer.selfOverlap),
  };
}
let placed = new Float64Array(3 * 64);

/** Both molecules' start grids when fewer starts are wanted than a pair of them has, else none (every start is scored). */
function startGridsOf(query: PreparedModel, candidate: PreparedModel, wanted: number): { query: StartGrids; candidate: StartGrids } | undefined {
  if (!(wanted < 4 * query.shapeConformers.length * candidate.shapeConformers.length)) return undefined;
  query.queryGrids ??= startGrids(query.shapeConformers, 'query');
  candidate.candidateGrids ??= startGrids(candidate.shapeConformers, 'candidate', candidate.scratch ? ONCE.u8 : undefined);
  return { query: query.queryGrids, candidate: candidate.candidateGrids };
}

/** Aligns `candidate` onto `query` and scores it by `method` (see `ScoreMethod` for the formulas). */
export function score(query: Model3D, candidate: Model3D, method: ScoreMethod, options: ScoreOptions = {}): ScoreResult {
  const queryPrepared = prepare(query);
  const candidatePrepared = options.once ? (prepared.get(candidate) ?? preparedModel(candidate, true)) : prepare(candidate);
  const best = alignModels(query, candidate, queryPrepared, candidatePrepared, options);
  const queryFrame = queryPrepared.shapeConformers[best.queryConformer]!.frame;
  const candidateFrame = candidatePrepared.shapeConformers[best.candidateConformer]!.frame;
  // Undo the centring: X' = R·(X − c_B) + t + c_A.
  const r = quaternionToMatrix(best.pose.rotation);
  const [bx, by, bz] = candidateFrame.centroid;
  const [ax, ay, az] = queryFrame.centroid;
  const [tx, ty, tz] = best.pose.translation;
  const pose: Pose = {
    queryConformer: best.queryConformer,
    candidateConformer: best.candidateConformer,
    rotation: best.pose.rotation,
    translation: [
      tx + ax - (r[0]! * bx + r[1]! * by + r[2]! * bz),
      ty + ay - (r[3]! * bx + r[4]! * by + r[5]! * bz),
      tz + az - (r[6]! * bx + r[7]! * by + r[8]! * bz),
    ],
  };
  const wantElectrostatic = method === 'espsim_electrostatic' || options.withElectrostatic === true;
  const electrostatic = wantElectrostatic
    ? electrostaticFormScore(overlapsAtPose(query, candidate, pose, queryPrepared, candidatePrepared), best.tanimoto, options.electrostaticForm ?? 'carbo')
    : undefined;
  return {
    similarity: method === 'espsim_shape' ? best.tanimoto : electrostatic!,
    shape: best.tanimoto,
    electrostatic,
    pose,
  };
}
