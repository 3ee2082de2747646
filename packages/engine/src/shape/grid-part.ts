import { closeSync, openSync, readSync } from 'node:fs';
import { decodeHeavyConformers, decodeModelInto } from '@molsearch/chem';
import type { DecodeScratch } from '@molsearch/chem';
import { SiteRecords, slotSelfOverlap } from '../features/charge-sites.ts';
import { framedInScratch, heavyAtomGrids, slotGrids } from '../features/pose-grid.ts';
import { EngineError } from '../format/engine-error.ts';
import { COARSE_GRID_BYTES, GRID_BYTES, GRID_SLOTS } from '../format/grid-layout.ts';
import { packedOffsets } from '../format/packed-bytes.ts';
import type { PackedBytes } from '../format/packed-bytes.ts';
import { keepSitesInLattice } from './charge-lattice.ts';
import type { GridTarget } from './pose-grid-scan.ts';

/**
 * The encoded models of a part's rows: where they lie in the catalogue's model file, for the thread that
 * builds the part to read them itself, or the bytes, packed back to back (model i is bytes
 * offsets[i]..offsets[i + 1]) when the catalogue cannot say where they lie.
 */
export type PartModels =
  | { kind: 'file'; path: string; positions: Float64Array; lengths: Uint32Array }
  | { kind: 'packed'; bytes: Uint8Array; offsets: Uint32Array };

/** Consecutive rows of a candidate column, built on one thread straight into the column's memory. */
export interface GridPart {
  target: GridTarget;
  /** The part's first row in the column. */
  firstRow: number;
  models: PartModels;
  /** Also place each row's charge sites (the electrostatic stage 1). */
  charges: boolean;
}

/** The charge sites of a part's rows (features/charge-sites.ts), GRID_SLOTS slots a row, row after row, kept inside the query lattice (keepSitesInLattice). */
export interface PartSites {
  /** Sites per row slot. */
  counts: Uint32Array;
  records: Float32Array;
  /** O_AA per row slot, NaN for an empty slot. */
  selfOverlaps: Float64Array;
}

/**
 * Builds the part's grids into the column's memory (each row as features/pose-grid.ts builds it, so on
 * any thread bit for bit the same) and returns its rows' charge sites when asked for them, else null.
 */
export function buildGridPart(part: GridPart): PartSites | null {
  const { bytes, offsets } = partModels(part.models);
  const rows = offsets.length - 1;
  const buffer = part.target.memory.buffer;
  const fine = new Uint8Array(buffer, part.target.fine + part.firstRow * GRID_SLOTS * GRID_BYTES, rows * GRID_SLOTS * GRID_BYTES);
  const coarse = new Uint8Array(buffer, part.target.coarse + part.firstRow * GRID_SLOTS * COARSE_GRID_BYTES, rows * GRID_SLOTS * COARSE_GRID_BYTES);
  if (part.charges) return gridsAndSites(bytes, offsets, fine, coarse);
  for (let i = 0; i < rows; i++) {
    const encoded = bytes.subarray(offsets[i]!, offsets[i + 1]!);
    // Shape grids need the heavy atoms only: decoding the rest of each model took about a sixth of this loop.
    // Decoded into the thread's scratch, the candidate column of grids alone took 0.88-0.92 of the time it took
    // with a new array a conformer (stage1-grids --against the tree before, two runs).
    if (encoded.length > 0) heavyAtomGrids(decodeHeavyConformers(encoded, GRID_SLOTS, DECODE_SCRATCH), fine, i * GRID_SLOTS * GRID_BYTES, coarse, i * GRID_SLOTS * COARSE_GRID_BYTES);
  }
  return null;
}

// The thread's scratch (never re-entered): a row's conformers as decoded for its grids (and sites), and a
// part's site records, which grow to the largest part's and are copied out once a part.
const DECODE_SCRATCH: DecodeScratch = { coords: new Float64Array(3 * GRID_SLOTS * 64) };
const partRecords = new SiteRecords(1 << 16);

/**
 * The grids of the electrostatic stage 1's rows and their charge sites (features/charge-sites.ts rowSites),
 * each slot framed once for both, into scratch, and its sites appended to the part's records. With each slot
 * framed into new arrays and each row's sites in arrays of their own, joined once a part, and each model's
 * conformers decoded into new arrays, a column with charge sites took 1.5-1.7 times as long on the grid pool
 * (`npm run bench -- stage1-grids --against` that tree: ratios 0.60-0.67 in four runs; 0.68-0.74 with the
 * framing and the sites alone).
 */
function gridsAndSites(bytes: Uint8Array, offsets: Uint32Array, fine: Uint8Array, coarse: Uint8Array): PartSites {
  const rows = offsets.length - 1;
  const counts = new Uint32Array(rows * GRID_SLOTS);
  const selfOverlaps = new Float64Array(rows * GRID_SLOTS).fill(Number.NaN);
  const records = partRecords;
  records.length = 0;
  for (let i = 0; i < rows; i++) {
    if (offsets[i + 1] === offsets[i]) continue;
    const model = decodeModelInto(bytes.subarray(offsets[i]!, offsets[i + 1]!), DECODE_SCRATCH);
    const heavy = model.atomicNumbers.length;
    for (let k = 0; k < Math.min(GRID_SLOTS, model.conformers.length); k++) {
      // The heavy atoms come first among the sites, transformed alike.
      const framed = framedInScratch(model.conformers[k]!, heavy, true);
      slotGrids(framed, heavy, k, fine, i * GRID_SLOTS * GRID_BYTES, coarse, i * GRID_SLOTS * COARSE_GRID_BYTES);
      counts[i * GRID_SLOTS + k] = records.append(framed, model.charges);
      selfOverlaps[i * GRID_SLOTS + k] = slotSelfOverlap(model, k, framed);
    }
  }
  // Kept inside the query lattice here, on the part's thread, rather than all at once when placed.
  return { counts, records: keepSitesInLattice(records.records.slice(0, records.length)), selfOverlaps };
}

/** The part's models packed back to back: as sent, or read from the model file, neighbouring rows in one read. */
function partModels(models: PartModels): PackedBytes {
  if (models.kind === 'packed') return models;
  const { path, positions, lengths } = models;
  const offsets = packedOffsets(lengths);
  const bytes = new Uint8Array(offsets[lengths.length]!);
  if (bytes.length === 0) return { bytes, offsets };
  const fd = openSync(path, 'r');
  try {
    for (let i = 0; i < lengths.length; ) {
      let end = i + 1;
      while (end < lengths.length && positions[end] === positions[end - 1]! + lengths[end - 1]!) end++;
      const length = offsets[end]! - offsets[i]!;
      if (length > 0 && readSync(fd, bytes, offsets[i]!, length, positions[i]!) !== length) {
        throw new EngineError('CATALOGUE_CORRUPT', `${path} is shorter than its index says: re-import the catalogue.`);
      }
      i = end;
    }
  } finally {
    closeSync(fd);
  }
  return { bytes, offsets };
}
