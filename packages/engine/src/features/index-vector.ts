import { AXIS_SIGN_FLIPS, decodeModel } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { HALF_BOX } from '../format/grid-layout.ts';
import { INDEX_BITS, INDEX_DIMS, INDEX_RADIUS, INDEX_SPACING, MORE_CONFORMER_VECTORS } from '../format/shape-index-layout.ts';
import { INDEX_VECTOR_BYTES, packIndexVectors } from '../format/shape-index-vectors.ts';
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
 * The first conformer of a catalogue row's model in its principal frame, every charge site of it (the
 * heavy atoms first): what both of a row's stage-1 vectors are built from, so an import decodes the model
 * and finds the frame once for the two.
 */
export interface RowFrame {
  model: Model3D;
  sites: Float64Array;
}

/** A row's frame (RowFrame); undefined for a row without conformers. */
export function rowFrame(encodedModel: Uint8Array): RowFrame | undefined {
  if (encodedModel.length === 0) return undefined;
  const model = decodeModel(encodedModel);
  return model.conformers.length === 0 ? undefined : { model, sites: principalCoordinates(model, 0, true) };
}

/**
 * The conformers a query probes the stage-1 index with: `conformers` of them evenly spaced among its own,
 * each in its principal frame (with every charge site when `allSites`). Each is probed under the four
 * proper axis flips (principal axes carry no sign), probe `p * AXIS_SIGN_FLIPS.length + f` in order.
 */
export function queryFrames(model: Model3D, conformers: number, allSites = false): Float64Array[] {
  const total = model.conformers.length;
  const used = Math.max(1, Math.min(total, conformers));
  return Array.from({ length: used }, (_, p) => principalCoordinates(model, Math.floor((p * total) / used), allSites));
}

/**
 * A catalogue row's index vector (format/shape-index-layout.ts) into `out` at `at`, INDEX_BITS bytes:
 * its first conformer in its principal frame. False, and nothing written, for a row without conformers.
 */
export function rowIndexVector(encodedModel: Uint8Array, out: Int8Array, at: number): boolean {
  const row = rowFrame(encodedModel);
  if (row) frameIndexVector(row, out, at);
  return row !== undefined;
}

/** rowIndexVector of a row's frame: its heavy atoms, each transformed as principalCoordinates transforms them alone. */
export function frameIndexVector(row: RowFrame, out: Int8Array, at: number): void {
  indexVoxels(row.sites.subarray(0, 3 * row.model.atomicNumbers.length), [1, 1, 1], out, at);
}

/**
 * The packed vectors of a row's conformers after its first (SHAPE_INDEX_FILES.conformerVectors), each in its own
 * principal frame as its stage-1 grid is: MORE_CONFORMER_VECTORS x INDEX_VECTOR_BYTES, zero for a conformer the
 * row lacks.
 */
export function frameConformerVectors(row: RowFrame): Uint8Array {
  const out = new Uint8Array(MORE_CONFORMER_VECTORS * INDEX_VECTOR_BYTES);
  for (let k = 1; k <= MORE_CONFORMER_VECTORS && k < row.model.conformers.length; k++) {
    out.set(packedVolumeVector(principalCoordinates(row.model, k)), (k - 1) * INDEX_VECTOR_BYTES);
  }
  return out;
}

/** frameIndexVector packed as the index stores it (format/shape-index-vectors.ts), INDEX_VECTOR_BYTES. */
export function framePackedIndexVector(row: RowFrame): Uint8Array {
  return packedVolumeVector(row.sites.subarray(0, 3 * row.model.atomicNumbers.length));
}

/** The packed index vector of heavy atoms at `coords`, already in their principal frame. */
function packedVolumeVector(coords: Float64Array): Uint8Array {
  const bits = new Int8Array(INDEX_BITS);
  indexVoxels(coords, [1, 1, 1], bits, 0);
  return packIndexVectors(bits);
}

/** The query's index vectors, one a probe of queryFrames, INDEX_BITS bytes each. */
export function queryIndexVectors(model: Model3D, conformers: number): Int8Array {
  const frames = queryFrames(model, conformers);
  const out = new Int8Array(frames.length * AXIS_SIGN_FLIPS.length * INDEX_BITS);
  frames.forEach((coords, p) => AXIS_SIGN_FLIPS.forEach((flip, f) => indexVoxels(coords, flip, out, (p * AXIS_SIGN_FLIPS.length + f) * INDEX_BITS)));
  return out;
}
