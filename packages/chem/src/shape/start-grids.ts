import { AXIS_SIGN_FLIPS, alongAxes } from './principal-axes.ts';
import type { ScratchArrays } from './scratch-arrays.ts';
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

const NO_FLIP = [[1, 1, 1] as const];

/**
 * The start grids of `conformers`: under all four axis flips for the query of a search, unflipped for a candidate;
 * in a view of `scratch` when given.
 */
export function startGrids(conformers: readonly ShapeConformer[], role: 'query' | 'candidate', scratch?: ScratchArrays<Uint8Array>): StartGrids {
  const flips = role === 'query' ? AXIS_SIGN_FLIPS : NO_FLIP;
  const bytes = START_LATTICE.bytes;
  const grids = scratch ? scratch.take(conformers.length * flips.length * bytes) : new Uint8Array(conformers.length * flips.length * bytes);
  const counts = new Int32Array(conformers.length * flips.length);
  const words = gridWords(grids);
  for (let k = 0; k < conformers.length; k++) {
    const conformer = conformers[k]!;
    const atoms = conformer.centred.length / 3;
    if (framedScratch.length < 3 * atoms) framedScratch = new Float64Array(3 * atoms);
    // The conformer's heavy atoms are centred already.
    const framed = alongAxes(conformer.centred, [0, 0, 0], conformer.frame.axes, atoms, framedScratch);
    for (let f = 0; f < flips.length; f++) {
      const g = k * flips.length + f;
      voxelize(framed, flips[f]!, START_LATTICE, grids, g * bytes, atoms);
      counts[g] = setBits(words, g * WORDS, undefined, 0);
    }
  }
  return { grids, counts, flips: flips.length };
}

// A conformer framed for its grids (one thread, never re-entered): stage 2 builds them for every candidate,
// and an array a conformer was a good part of what a candidate's start grids cost.
let framedScratch = new Float64Array(3 * 64);

/** 32-bit words of a grid. */
const WORDS = START_LATTICE.bytes / 4;

/** `grids` (whole grids, starting on a word of their buffer, as startGrids makes them) as 32-bit words. */
function gridWords(grids: Uint8Array): Int32Array {
  return new Int32Array(grids.buffer, grids.byteOffset, grids.byteLength / 4);
}

/**
 * Set bits of a grid of `a` (at word `aAt`), or of its AND with a grid of `b` (at word `bAt`), a word at a
 * time: counted a byte at a time through a table, the counts took longer than the grids' voxels.
 */
function setBits(a: Int32Array, aAt: number, b: Int32Array | undefined, bAt: number): number {
  let bits = 0;
  for (let i = 0; i < WORDS; i++) {
    let v = b ? a[aAt + i]! & b[bAt + i]! : a[aAt + i]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    bits += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
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
  const queryWords = gridWords(query.grids);
  const candidateWords = gridWords(candidate.grids);
  const values: number[] = [];
  const starts: number[] = [];
  for (let qc = 0; qc < kq; qc++) {
    for (let cc = 0; cc < kc; cc++) {
      for (let flip = 0; flip < 4; flip++) {
        const q = 4 * qc + flip;
        const both = setBits(queryWords, q * WORDS, candidateWords, cc * WORDS);
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
