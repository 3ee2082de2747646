/**
 * The charge sites stage 1 of the electrostatic method reads (shape/charge-lattice.ts), built for the
 * index's candidates from their models (features/charge-sites.ts) and placed in the grid kernel's memory.
 * GRID_SLOTS slots a row, the conformers of its grids.
 */
export interface EspSiteColumn {
  /** Sites of row r, slot s are offsets[r * GRID_SLOTS + s] .. offsets[r * GRID_SLOTS + s + 1]. */
  offsets: Uint32Array;
  /** Every site as x, y, z in its conformer's principal frame and its charge. */
  records: Float32Array;
  /** O_AA of each row slot (NaN for an empty slot). */
  selfOverlaps: Float64Array;
}
