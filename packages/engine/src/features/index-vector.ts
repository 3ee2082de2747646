import { AXIS_SIGN_FLIPS, decodeModel } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { HALF_BOX } from '../format/grid-layout.ts';
import { INDEX_BITS, INDEX_DIMS, INDEX_RADIUS, INDEX_SPACING } from '../format/shape-index-layout.ts';
import { principalCoordinates } from './pose-grid.ts';

type Flip = readonly [number, number, number];

/** Sets to 1 the bytes of `out` from `at` (one a voxel of the index lattice) whose voxels the heavy atoms at `coords` cover, mirrored by `flip`. */
function indexVoxels(coords: Float64Array, flip: Flip, out: Int8Array, at: number): void {
  const reach = Math.ceil(INDEX_RADIUS / INDEX_SPACING);
  const r2 = INDEX_RADIUS * INDEX_RADIUS;
  const [nx, ny, nz] = INDEX_DIMS;
  for (let i = 0; i < coords.length / 3; i++) {
    const px = coords[3 * i]! * flip[0], py = coords[3 * i + 1]! * flip[1], pz = coords[3 * i + 2]! * flip[2];
    const cx = Math.floor((px + HALF_BOX[0]) / INDEX_SPACING), cy = Math.floor((py + HALF_BOX[1]) / INDEX_SPACING), cz = Math.floor((pz + HALF_BOX[2]) / INDEX_SPACING);
    for (let x = Math.max(0, cx - reach); x <= Math.min(nx - 1, cx + reach); x++) {
      const dx = (x + 0.5) * INDEX_SPACING - HALF_BOX[0] - px;
      for (let y = Math.max(0, cy - reach); y <= Math.min(ny - 1, cy + reach); y++) {
        const dy = (y + 0.5) * INDEX_SPACING - HALF_BOX[1] - py;
        for (let z = Math.max(0, cz - reach); z <= Math.min(nz - 1, cz + reach); z++) {
          const dz = (z + 0.5) * INDEX_SPACING - HALF_BOX[2] - pz;
          if (dx * dx + dy * dy + dz * dz <= r2) out[at + (x * ny + y) * nz + z] = 1;
        }
      }
    }
  }
}

/**
 * A catalogue row's index vector (format/shape-index-layout.ts) into `out` at `at`, INDEX_BITS bytes:
 * its first conformer in its principal frame. False, and nothing written, for a row without conformers.
 */
export function rowIndexVector(encodedModel: Uint8Array, out: Int8Array, at: number): boolean {
  if (encodedModel.length === 0) return false;
  const model = decodeModel(encodedModel);
  if (model.conformers.length === 0) return false;
  indexVoxels(principalCoordinates(model, 0), [1, 1, 1], out, at);
  return true;
}

/**
 * The query's index vectors: `conformers` evenly spaced conformers, each in its principal frame under
 * the four proper axis flips (principal axes carry no sign), INDEX_BITS bytes each.
 */
export function queryIndexVectors(model: Model3D, conformers: number): Int8Array {
  const total = model.conformers.length;
  const used = Math.max(1, Math.min(total, conformers));
  const out = new Int8Array(used * AXIS_SIGN_FLIPS.length * INDEX_BITS);
  for (let p = 0; p < used; p++) {
    const coords = principalCoordinates(model, Math.floor((p * total) / used));
    AXIS_SIGN_FLIPS.forEach((flip, f) => indexVoxels(coords, flip, out, (p * AXIS_SIGN_FLIPS.length + f) * INDEX_BITS));
  }
  return out;
}
