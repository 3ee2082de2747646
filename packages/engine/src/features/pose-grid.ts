import { AXIS_SIGN_FLIPS, decodeModel, principalFrame } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { COARSE, COARSE_GRID_BYTES, FINE, GRID_BYTES, GRID_SLOTS, HALF_BOX } from '../format/grid-layout.ts';
import type { Lattice } from '../format/grid-layout.ts';

type Flip = readonly [number, number, number];

/**
 * A conformer in the principal frame of its heavy atoms (centred, first axis the longest): the heavy
 * atoms, or with `allSites` every charge site of the model.
 */
export function principalCoordinates(model: Model3D, conformer: number, allSites = false): Float64Array {
  const n = model.atomicNumbers.length;
  const all = model.conformers[conformer]!;
  const frame = principalFrame(all.subarray(0, 3 * n), n);
  const coords = allSites ? all : all.subarray(0, 3 * n);
  const [cx, cy, cz] = frame.centroid;
  const axes = frame.axes;
  const out = new Float64Array(coords.length);
  for (let i = 0; i < coords.length / 3; i++) {
    const x = coords[3 * i]! - cx, y = coords[3 * i + 1]! - cy, z = coords[3 * i + 2]! - cz;
    for (let a = 0; a < 3; a++) out[3 * i + a] = axes[a]! * x + axes[3 + a]! * y + axes[6 + a]! * z;
  }
  return out;
}

/** Sets the voxels of atoms at `coords` (principal frame), mirrored by `flip`, into `out` at `at`. */
function voxelize(coords: Float64Array, flip: Flip, grid: Lattice, out: Uint8Array, at: number): void {
  const { spacing, radius } = grid;
  const reach = Math.ceil(radius / spacing);
  const r2 = radius * radius;
  const [nx, ny, nz] = grid.dims;
  for (let i = 0; i < coords.length / 3; i++) {
    const p = [coords[3 * i]! * flip[0], coords[3 * i + 1]! * flip[1], coords[3 * i + 2]! * flip[2]];
    const cell = p.map((v, a) => Math.floor((v + HALF_BOX[a]!) / spacing));
    for (let x = Math.max(0, cell[0]! - reach); x <= Math.min(nx - 1, cell[0]! + reach); x++) {
      const dx = (x + 0.5) * spacing - HALF_BOX[0] - p[0]!;
      for (let y = Math.max(0, cell[1]! - reach); y <= Math.min(ny - 1, cell[1]! + reach); y++) {
        const dy = (y + 0.5) * spacing - HALF_BOX[1] - p[1]!;
        for (let z = Math.max(0, cell[2]! - reach); z <= Math.min(nz - 1, cell[2]! + reach); z++) {
          const dz = (z + 0.5) * spacing - HALF_BOX[2] - p[2]!;
          if (dx * dx + dy * dy + dz * dz > r2) continue;
          const bit = (x * ny + y) * nz + z;
          out[at + (bit >> 3)]! |= 1 << (bit & 7);
        }
      }
    }
  }
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
 * kernel's column layout). Voxels are set into the bytes there, which must be zero.
 */
export function modelGrids(model: Model3D, fine: Uint8Array, fineAt: number, coarse: Uint8Array, coarseAt: number): void {
  const count = Math.min(GRID_SLOTS, model.conformers.length);
  for (let k = 0; k < count; k++) {
    const coords = principalCoordinates(model, k);
    voxelize(coords, [1, 1, 1], FINE, fine, fineAt + k * GRID_BYTES);
    voxelize(coords, [1, 1, 1], COARSE, coarse, coarseAt + k * COARSE_GRID_BYTES);
  }
}

export interface QueryGrids {
  /** Grid `j` is conformer `conformers[j >> 2]` mirrored by AXIS_SIGN_FLIPS[j & 3]. */
  grids: Uint8Array;
  /** The same as coarse grids. */
  coarse: Uint8Array;
  count: number;
  conformers: number[];
}

/**
 * The query's grids: each chosen conformer in its principal frame under the four proper axis flips,
 * since principal axes carry no sign. `conformers` picks evenly spaced conformers of the model.
 */
export function queryGrids(model: Model3D, conformers: number): QueryGrids {
  const total = model.conformers.length;
  const used = Math.max(1, Math.min(total, conformers));
  const picks = Array.from({ length: used }, (_, i) => Math.floor((i * total) / used));
  const count = picks.length * AXIS_SIGN_FLIPS.length;
  const grids = new Uint8Array(count * GRID_BYTES);
  const coarse = new Uint8Array(count * COARSE_GRID_BYTES);
  picks.forEach((k, p) => {
    const coords = principalCoordinates(model, k);
    AXIS_SIGN_FLIPS.forEach((flip, f) => {
      const j = p * AXIS_SIGN_FLIPS.length + f;
      voxelize(coords, flip, FINE, grids, j * GRID_BYTES);
      voxelize(coords, flip, COARSE, coarse, j * COARSE_GRID_BYTES);
    });
  });
  return { grids, coarse, count, conformers: picks };
}
