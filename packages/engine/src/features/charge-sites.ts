import { decodeModel, espSelfOverlap } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { GRID_SLOTS } from '../format/grid-layout.ts';
import { principalCoordinates } from './pose-grid.ts';

/** One row's charge sites as the electrostatic stage 1 reads them (format/charge-site-layout.ts): its slots' sites back to back. */
export interface RowSites {
  /** Sites per slot (0 for an empty slot), GRID_SLOTS of them. */
  counts: Uint32Array;
  records: Float32Array;
  selfOverlaps: Float64Array;
}

/** The charge sites of a row's first GRID_SLOTS conformers in their principal frames, as its grids are placed. */
export function rowSites(encodedModel: Uint8Array): RowSites {
  return modelSites(encodedModel.length === 0 ? undefined : decodeModel(encodedModel));
}

/**
 * `rowSites` of a decoded model (undefined: a row without conformers); `slotCoords`, its slots' coordinates
 * with every charge site when the caller has them (slotCoordinates), spares computing them again.
 */
export function modelSites(decoded: Model3D | undefined, slotCoords?: readonly Float64Array[]): RowSites {
  const counts = new Uint32Array(GRID_SLOTS);
  const selfOverlaps = new Float64Array(GRID_SLOTS).fill(Number.NaN);
  if (!decoded) return { counts, records: new Float32Array(0), selfOverlaps };
  const { charges, summaries } = decoded;
  const slots = Math.min(GRID_SLOTS, decoded.conformers.length);
  const sites = charges.length;
  const records = new Float32Array(4 * sites * slots);
  for (let s = 0; s < slots; s++) {
    const coords = slotCoords ? slotCoords[s]! : principalCoordinates(decoded, s, true);
    for (let b = 0; b < sites; b++) {
      const at = 4 * (s * sites + b);
      records[at] = coords[3 * b]!;
      records[at + 1] = coords[3 * b + 1]!;
      records[at + 2] = coords[3 * b + 2]!;
      records[at + 3] = charges[b]!;
    }
    counts[s] = sites;
    selfOverlaps[s] = summaries?.[s]?.espSelfOverlap ?? espSelfOverlap(coords, charges, sites);
  }
  return { counts, records, selfOverlaps };
}
