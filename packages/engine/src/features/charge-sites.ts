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
  const counts = new Uint32Array(GRID_SLOTS);
  const selfOverlaps = new Float64Array(GRID_SLOTS).fill(Number.NaN);
  if (encodedModel.length === 0) return { counts, records: new Float32Array(0), selfOverlaps };
  const decoded = decodeModel(encodedModel);
  const slots = Math.min(GRID_SLOTS, decoded.conformers.length);
  const records = new SiteRecords(4 * decoded.charges.length * slots);
  for (let s = 0; s < slots; s++) {
    const coords = principalCoordinates(decoded, s, true);
    counts[s] = records.append(coords, decoded.charges);
    selfOverlaps[s] = slotSelfOverlap(decoded, s, coords);
  }
  return { counts, records: records.records, selfOverlaps };
}

/** O_AA of conformer `slot` of `model` at `framed` (its sites in the slot's frame): the stored one where the model has it. */
export function slotSelfOverlap(model: Model3D, slot: number, framed: Float64Array): number {
  return model.summaries?.[slot]?.espSelfOverlap ?? espSelfOverlap(framed, model.charges, model.charges.length);
}

/**
 * Charge site records (x, y, z, charge as f32) appended slot after slot to one array that grows as needed,
 * so the rows of a candidate column's part need no array each (shape/grid-part.ts).
 */
export class SiteRecords {
  records: Float32Array;
  /** Floats written. */
  length = 0;

  constructor(capacity: number) {
    this.records = new Float32Array(capacity);
  }

  /** Appends a site for each charge at the coordinates of `framed` (3 a site, in order); returns the sites appended. */
  append(framed: Float64Array, charges: ArrayLike<number>): number {
    const sites = charges.length;
    if (this.length + 4 * sites > this.records.length) {
      const grown = new Float32Array(Math.max(2 * this.records.length, this.length + 4 * sites));
      grown.set(this.records.subarray(0, this.length));
      this.records = grown;
    }
    const records = this.records;
    let at = this.length;
    for (let b = 0; b < sites; b++) {
      records[at] = framed[3 * b]!;
      records[at + 1] = framed[3 * b + 1]!;
      records[at + 2] = framed[3 * b + 2]!;
      records[at + 3] = charges[b]!;
      at += 4;
    }
    this.length = at;
    return sites;
  }
}
