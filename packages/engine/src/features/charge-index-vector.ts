import { AXIS_SIGN_FLIPS } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { CHARGE_DIMS, CHARGE_FIELD, CHARGE_POINTS, CHARGE_VECTOR_BYTES } from '../format/charge-index-layout.ts';
import { HALF_BOX } from '../format/grid-layout.ts';
import { queryFrames, rowFrame } from './index-vector.ts';
import type { RowFrame } from './index-vector.ts';

type Flip = readonly [number, number, number];

/** Beyond this many σ a site's Gaussian adds less than 1 % of its charge. */
const REACH_SIGMAS = 3;

/**
 * Sets in `out` from `at` (CHARGE_VECTOR_BYTES, packed as the index vectors: the first bit in the top bit
 * of the first byte) the charge bits of the sites at `coords` (principal frame) with `charges`, mirrored
 * by `flip` (format/charge-index-layout.ts).
 */
function chargeBits(coords: Float64Array, charges: Float64Array, flip: Flip, out: Uint8Array, at: number): void {
  const { spacing, sigma, threshold } = CHARGE_FIELD;
  const [nx, ny, nz] = CHARGE_DIMS;
  const field = new Float64Array(CHARGE_POINTS);
  const reach = REACH_SIGMAS * sigma;
  const cells = Math.ceil(reach / spacing);
  const scale = 1 / (2 * sigma * sigma);
  for (let a = 0; a < charges.length; a++) {
    const q = charges[a]!;
    if (q === 0) continue;
    const px = coords[3 * a]! * flip[0], py = coords[3 * a + 1]! * flip[1], pz = coords[3 * a + 2]! * flip[2];
    const cx = Math.floor((px + HALF_BOX[0]) / spacing), cy = Math.floor((py + HALF_BOX[1]) / spacing), cz = Math.floor((pz + HALF_BOX[2]) / spacing);
    for (let x = Math.max(0, cx - cells); x <= Math.min(nx - 1, cx + cells); x++) {
      const dx = (x + 0.5) * spacing - HALF_BOX[0] - px;
      for (let y = Math.max(0, cy - cells); y <= Math.min(ny - 1, cy + cells); y++) {
        const dy = (y + 0.5) * spacing - HALF_BOX[1] - py;
        for (let z = Math.max(0, cz - cells); z <= Math.min(nz - 1, cz + cells); z++) {
          const dz = (z + 0.5) * spacing - HALF_BOX[2] - pz;
          const d2 = dx * dx + dy * dy + dz * dz;
          if (d2 <= reach * reach) field[(x * ny + y) * nz + z]! += q * Math.exp(-d2 * scale);
        }
      }
    }
  }
  field.forEach((value, point) => {
    const bit = value > threshold ? point : value < -threshold ? CHARGE_POINTS + point : -1;
    if (bit >= 0) out[at + (bit >>> 3)]! |= 0x80 >>> (bit & 7);
  });
}

/**
 * A catalogue row's charge vector into `out` at `at`, CHARGE_VECTOR_BYTES: its first conformer in its
 * principal frame, as its volume vector (index-vector.ts). False, and nothing written, without conformers.
 */
export function rowChargeVector(encodedModel: Uint8Array, out: Uint8Array, at: number): boolean {
  const row = rowFrame(encodedModel);
  if (row) frameChargeVector(row, out, at);
  return row !== undefined;
}

/** rowChargeVector of a row's frame (index-vector.ts). */
export function frameChargeVector(row: RowFrame, out: Uint8Array, at: number): void {
  chargeBits(row.sites, row.model.charges, [1, 1, 1], out, at);
}

/** The query's charge vectors, packed, in the order of its volume vectors (queryFrames), CHARGE_VECTOR_BYTES each. */
export function queryChargeVectors(model: Model3D, conformers: number): Uint8Array {
  const frames = queryFrames(model, conformers, true);
  const out = new Uint8Array(frames.length * AXIS_SIGN_FLIPS.length * CHARGE_VECTOR_BYTES);
  frames.forEach((coords, p) => AXIS_SIGN_FLIPS.forEach((flip, f) => chargeBits(coords, model.charges, flip, out, (p * AXIS_SIGN_FLIPS.length + f) * CHARGE_VECTOR_BYTES)));
  return out;
}
