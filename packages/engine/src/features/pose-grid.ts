import { AXIS_SIGN_FLIPS, alongAxes, decodeModel, principalFrame, voxelize } from '@molsearch/chem';
import type { Model3D, PrincipalFrame } from '@molsearch/chem';
import { COARSE, COARSE_GRID_BYTES, FINE, GRID_BYTES, GRID_SLOTS } from '../format/grid-layout.ts';

const NO_FLIP = [1, 1, 1] as const;

/**
 * A conformer in the principal frame of its heavy atoms (centred, first axis the longest): the heavy
 * atoms, or with `allSites` every charge site of the model.
 */
export function principalCoordinates(model: Model3D, conformer: number, allSites = false): Float64Array {
  return framedSites(model.conformers[conformer]!, model.atomicNumbers.length, allSites);
}

/**
 * principalCoordinates of one conformer's sites `all`, its `n` heavy atoms first (all of them, or only those),
 * written to `out` when given (long enough) and returned. The frame itself lives in scratch arrays: stage 1
 * frames every conformer of thousands of rows a search, and allocating each frame and framed copy cost about
 * as much as their voxels.
 */
export function framedSites(all: Float64Array, n: number, allSites = false, out?: Float64Array): Float64Array {
  const frame = principalFrame(all, n, FRAME_SCRATCH);
  return alongAxes(all, frame.centroid, frame.axes, allSites ? all.length / 3 : n, out);
}

// Scratch of framedSites and framedInScratch (one thread, never re-entered).
const FRAME_SCRATCH: PrincipalFrame = { centroid: [0, 0, 0], axes: new Float64Array(9), spreads: [0, 0, 0] };
let framedScratch = new Float64Array(3 * 64);

/** framedSites written to the thread's scratch, grown as needed: valid until the next call. */
export function framedInScratch(all: Float64Array, n: number, allSites: boolean): Float64Array {
  if (framedScratch.length < all.length) framedScratch = new Float64Array(all.length);
  return framedSites(all, n, allSites, framedScratch);
}

/** A catalogue row's grids: its first GRID_SLOTS conformers in their own principal frames. */
export function catalogueGridRow(encodedModel: Uint8Array, out: Uint8Array, at: number): void {
  if (encodedModel.length > 0) modelGridRow(decodeModel(encodedModel), out, at);
}

/** `catalogueGridRow` of a decoded model. */
export function modelGridRow(model: Model3D, out: Uint8Array, at: number): void {
  modelGrids(model, out, at, out, at + GRID_SLOTS * GRID_BYTES);
}

/**
 * A decoded model's grids with the fine and the coarse ones apart: slot k's fine grid at `fineAt` + k x
 * GRID_BYTES of `fine`, its coarse grid at `coarseAt` + k x COARSE_GRID_BYTES of `coarse` (the grid
 * kernel's column layout). Each grid overwrites the bytes there.
 */
export function modelGrids(model: Model3D, fine: Uint8Array, fineAt: number, coarse: Uint8Array, coarseAt: number): void {
  const count = Math.min(GRID_SLOTS, model.conformers.length);
  for (let k = 0; k < count; k++) slotGrids(principalCoordinates(model, k), model.atomicNumbers.length, k, fine, fineAt, coarse, coarseAt);
}

/**
 * modelGrids of the heavy atoms of a row's conformers alone (decodeHeavyConformers, at most GRID_SLOTS): what
 * the shape stage 1 builds, without decoding the rest of the model.
 */
export function heavyAtomGrids(conformers: readonly Float64Array[], fine: Uint8Array, fineAt: number, coarse: Uint8Array, coarseAt: number): void {
  for (let k = 0; k < conformers.length; k++) {
    const atoms = conformers[k]!;
    slotGrids(framedInScratch(atoms, atoms.length / 3, false), atoms.length / 3, k, fine, fineAt, coarse, coarseAt);
  }
}

/** Slot k's fine and coarse grids of the first `atoms` heavy atoms at `framed`, already in their principal frame. */
export function slotGrids(framed: Float64Array, atoms: number, k: number, fine: Uint8Array, fineAt: number, coarse: Uint8Array, coarseAt: number): void {
  voxelize(framed, NO_FLIP, FINE, fine, fineAt + k * GRID_BYTES, atoms);
  voxelize(framed, NO_FLIP, COARSE, coarse, coarseAt + k * COARSE_GRID_BYTES, atoms);
}

export interface QueryGrids {
  /** Grid `j` is conformer `conformers[j >> 2]` mirrored by AXIS_SIGN_FLIPS[j & 3]. */
  grids: Uint8Array;
  /** The same as coarse grids. */
  coarse: Uint8Array;
  count: number;
  conformers: number[];
}

/** `wanted` (at least 1, at most `total`) indices evenly spaced from 0 among `total`: the query conformers a stage uses. */
export function evenlySpaced(total: number, wanted: number): number[] {
  const used = Math.max(1, Math.min(total, wanted));
  return Array.from({ length: used }, (_, i) => Math.floor((i * total) / used));
}

/**
 * The query's grids: each chosen conformer in its principal frame under the four proper axis flips,
 * since principal axes carry no sign. `conformers` picks evenly spaced conformers of the model; `shift`
 * moves each conformer that many Å along its first principal axis, before the flips, so that a flip
 * moves the shifted conformer with it (the stage-1 shape scores, grid-candidates.ts STAGE1_SHAPE_SHIFTS).
 */
export function queryGrids(model: Model3D, conformers: number, shift = 0): QueryGrids {
  const picks = evenlySpaced(model.conformers.length, conformers);
  const count = picks.length * AXIS_SIGN_FLIPS.length;
  const grids = new Uint8Array(count * GRID_BYTES);
  const coarse = new Uint8Array(count * COARSE_GRID_BYTES);
  picks.forEach((k, p) => {
    const coords = principalCoordinates(model, k);
    for (let i = 0; shift !== 0 && i < coords.length; i += 3) coords[i]! += shift;
    AXIS_SIGN_FLIPS.forEach((flip, f) => {
      const j = p * AXIS_SIGN_FLIPS.length + f;
      voxelize(coords, flip, FINE, grids, j * GRID_BYTES);
      voxelize(coords, flip, COARSE, coarse, j * COARSE_GRID_BYTES);
    });
  });
  return { grids, coarse, count, conformers: picks };
}
