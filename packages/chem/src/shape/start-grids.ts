import { AXIS_SIGN_FLIPS, alongAxes } from './principal-axes.ts';
import type { ShapeConformer } from './shape-alignment.ts';
import { volumeLattice, voxelize } from './volume-grid.ts';

/**
 * The volume grids by which the scorer ranks its starting poses: 1 Å voxels within 1.5 Å of a heavy atom, in
 * the conformer's principal frame, as the 3D search's stage 1 ranks molecules. A start lays the candidate's
 * principal frame on the query's under one of four axis flips, so the grid Tanimoto of the query's grid under
 * that flip with the candidate's grid estimates the start's shape Tanimoto for a few AND and popcounts, where
 * the Gaussian overlap costs an exponential per pair of atoms.
 */
export const START_LATTICE = volumeLattice(1, 1.5, [11, 7, 5]);

export interface StartGrids {
  /** Grid g is START_LATTICE.bytes at g x bytes: conformer k under flip f at k x flips + f. */
  grids: Uint8Array;
  /** Set voxels of each grid. */
  counts: Int32Array;
  /** Grids a conformer: 4 for a query, 1 for a candidate. */
  flips: number;
}

const BITS = Uint8Array.from({ length: 256 }, (_, byte) => {
  let bits = 0;
  for (let rest = byte; rest > 0; rest >>= 1) bits += rest & 1;
  return bits;
});

const NO_FLIP = [[1, 1, 1] as const];

/** The start grids of `conformers`: under all four axis flips for the query of a search, unflipped for a candidate. */
export function startGrids(conformers: readonly ShapeConformer[], role: 'query' | 'candidate'): StartGrids {
  const flips = role === 'query' ? AXIS_SIGN_FLIPS : NO_FLIP;
  const bytes = START_LATTICE.bytes;
  const grids = new Uint8Array(conformers.length * flips.length * bytes);
  const counts = new Int32Array(conformers.length * flips.length);
  conformers.forEach((conformer, k) => {
    // The conformer's heavy atoms are centred already.
    const framed = alongAxes(conformer.centred, [0, 0, 0], conformer.frame.axes);
    flips.forEach((flip, f) => {
      const g = k * flips.length + f;
      voxelize(framed, flip, START_LATTICE, grids, g * bytes);
      counts[g] = setBits(grids, g * bytes, undefined, 0);
    });
  });
  return { grids, counts, flips: flips.length };
}

/** Set bits of a grid of `a` (at `aAt`), or of its AND with a grid of `b` (at `bAt`). */
function setBits(a: Uint8Array, aAt: number, b: Uint8Array | undefined, bAt: number): number {
  let bits = 0;
  for (let i = 0; i < START_LATTICE.bytes; i++) bits += BITS[b ? a[aAt + i]! & b[bAt + i]! : a[aAt + i]!]!;
  return bits;
}

/**
 * Which starts the `wanted` best grid Tanimotos choose, as the WebAssembly kernel chooses them (start s =
 * 4 x (qc x kc + cc) + flip; ties to the earlier start): a flag a start, or undefined when every start is
 * scored.
 */
export function chosenStarts(query: StartGrids, candidate: StartGrids, wanted: number): Uint8Array | undefined {
  const kq = query.counts.length / query.flips;
  const kc = candidate.counts.length / candidate.flips;
  const total = 4 * kq * kc;
  // As the kernel takes it: a whole number of starts, at least one, fewer than all.
  const count = Math.floor(wanted);
  if (!(count >= 1 && count < total)) return undefined;
  const bytes = START_LATTICE.bytes;
  const values: number[] = [];
  const starts: number[] = [];
  for (let qc = 0; qc < kq; qc++) {
    for (let cc = 0; cc < kc; cc++) {
      for (let flip = 0; flip < 4; flip++) {
        const q = 4 * qc + flip;
        const both = setBits(query.grids, q * bytes, candidate.grids, cc * bytes);
        const union = query.counts[q]! + candidate.counts[cc]! - both;
        const value = union > 0 ? both / union : 0;
        if (values.length === count && value <= values[count - 1]!) continue;
        let at = values.length < count ? values.length : count - 1;
        if (values.length < count) {
          values.push(0);
          starts.push(0);
        }
        while (at > 0 && values[at - 1]! < value) {
          values[at] = values[at - 1]!;
          starts[at] = starts[at - 1]!;
          at--;
        }
        values[at] = value;
        starts[at] = 4 * (qc * kc + cc) + flip;
      }
    }
  }
  const chosen = new Uint8Array(total);
  for (const start of starts) chosen[start] = 1;
  return chosen;
}
