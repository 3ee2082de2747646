import { GRID_SLOTS } from './grid-layout.ts';

/**
 * The charge sites stage 1 of the electrostatic method reads (shape/charge-lattice.ts), written at import
 * so that a catalogue's first electrostatic search does not derive them from every model (2.6 to 5.5 s
 * per 100,000 molecules on the search's thread). GRID_SLOTS slots a row, the conformers of its grids:
 *
 *   charge-sites.idx       (count x GRID_SLOTS + 1) x u32: first site of each slot, then the total
 *   charge-sites.f32       4 x f32 a site: x, y, z in its conformer's principal frame, charge
 *   charge-sites-self.f64  count x GRID_SLOTS x f64: each slot's O_AA (NaN for an empty slot)
 */
export const CHARGE_SITE_FILES = { index: 'charge-sites.idx', sites: 'charge-sites.f32', selfOverlaps: 'charge-sites-self.f64' } as const;

export const SITE_BYTES = 16;

/** The three files in memory. */
export interface EspSiteColumn {
  /** Sites of row r, slot s are offsets[r * GRID_SLOTS + s] .. offsets[r * GRID_SLOTS + s + 1]. */
  offsets: Uint32Array;
  /** Every site as x, y, z in its conformer's principal frame and its charge. */
  records: Float32Array;
  /** O_AA of each row slot (NaN for an empty slot). */
  selfOverlaps: Float64Array;
}

/** Fixed sizes of the index and self-overlap files; the sites file's size is the index's last entry. */
export function chargeSiteFileSizes(count: number): [string, number][] {
  return [
    [CHARGE_SITE_FILES.index, (count * GRID_SLOTS + 1) * 4],
    [CHARGE_SITE_FILES.selfOverlaps, count * GRID_SLOTS * 8],
  ];
}
