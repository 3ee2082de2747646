import { closeSync, openSync, readSync } from 'node:fs';
import { decodeHeavyConformers, decodeModel } from '@molsearch/chem';
import { modelSites } from '../features/charge-sites.ts';
import { heavyAtomGrids, modelGrids, slotCoordinates } from '../features/pose-grid.ts';
import { EngineError } from '../format/engine-error.ts';
import { COARSE_GRID_BYTES, GRID_BYTES, GRID_SLOTS } from '../format/grid-layout.ts';
import { concatFloats, packedOffsets } from '../format/packed-bytes.ts';
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
  const counts = new Uint32Array(part.charges ? rows * GRID_SLOTS : 0);
  const selfOverlaps = new Float64Array(part.charges ? rows * GRID_SLOTS : 0);
  const records: Float32Array[] = [];
  for (let i = 0; i < rows; i++) {
    const encoded = bytes.subarray(offsets[i]!, offsets[i + 1]!);
    if (!part.charges) {
      // Shape grids need the heavy atoms only: decoding the rest of each model took about a sixth of this loop.
      if (encoded.length > 0) heavyAtomGrids(decodeHeavyConformers(encoded, GRID_SLOTS), fine, i * GRID_SLOTS * GRID_BYTES, coarse, i * GRID_SLOTS * COARSE_GRID_BYTES);
      continue;
    }
    const model = encoded.length > 0 ? decodeModel(encoded) : undefined;
    // The grids and the charge sites are placed in the same principal frames, computed once.
    const slots = model ? slotCoordinates(model, true) : undefined;
    if (model) modelGrids(model, fine, i * GRID_SLOTS * GRID_BYTES, coarse, i * GRID_SLOTS * COARSE_GRID_BYTES, slots);
    const found = modelSites(model, slots);
    records.push(found.records);
    counts.set(found.counts, i * GRID_SLOTS);
    selfOverlaps.set(found.selfOverlaps, i * GRID_SLOTS);
  }
  // Kept inside the query lattice here, on the part's thread, rather than all at once when placed.
  return part.charges ? { counts, records: keepSitesInLattice(concatFloats(records)), selfOverlaps } : null;
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
