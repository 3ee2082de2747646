import { HALF_BOX } from './grid-layout.ts';
import { INDEX_EXPANSION_ADD } from './shape-index-layout.ts';
import type { IndexGraphLayout } from './shape-index-layout.ts';
import { INDEX_VECTOR_BYTES } from './shape-index-vectors.ts';

/**
 * The charge vectors of the stage-1 index (catalogues whose manifest records `shape.chargeIndex`): one
 * binary vector a catalogue row, in catalogue row order, INDEX_VECTOR_BYTES each like the volume vectors
 * (shape-index-layout.ts), so the same WebAssembly scan reads them (shape/index-scan.ts).
 *
 * A vector is the sign of the row's first conformer's charge field in its principal frame on a coarse
 * lattice: Σ q_a exp(-d²/2σ²) over every charge site (heavy atoms and kept hydrogens) at each lattice
 * point, one bit where it exceeds +CHARGE_FIELD.threshold, another where it is below -threshold. Two
 * molecules whose positive and negative regions lie in the same places share bits, whatever their volume:
 * the electrostatic search scans these as well as the volume vectors, so it finds rows that match by
 * charges, which the volume vectors alone missed (shape/index-candidates.ts, CHARGE_PROBE_SHARE).
 * Rows without conformers have an empty vector, which the scan never keeps.
 *
 * Measured on the first 50,000 Chemspace screening molecules and 20 drug queries (`npm run bench -- engine-3d
 * --size 50000`): electrostatic recall@30 fast 0.693 -> 0.775, very_accurate 0.932 -> 0.990; shape unchanged
 * (0.812, 0.977). On 10,000 molecules with each probe keeping a tenth of its rows (about the share it keeps
 * of 100,000), the rows found held 0.44 of the exact electrostatic top 30 by volume alone, 0.65 by these
 * vectors alone in fewer rows, 0.83 by both; σ 1.2 Å held 0.81, thresholds 0.02 / 0.1 e 0.80 / 0.78, and
 * volume, positive and negative bits together on a 2.2 Å lattice in one vector 0.81. 132 bytes a row.
 *
 *   charge-index.bits      count x INDEX_VECTOR_BYTES; only in catalogues that are scanned
 *   charge-index.usearch   the usearch graph of the same vectors (keys: catalogue rows), in catalogues that
 *                          are walked (shape-index-layout.ts INDEX_WALK) in place of the file above
 *
 * A walked catalogue's electrostatic search walks this graph beside the volume one, as a scan reads both
 * files; before the graph it walked the volume graph alone. At the 100,000 real Chemspace rows walked as a
 * graph, 20 drug queries of set A, each way twice in turn (`npm run bench -- scale --walk graph --methods
 * espsim_electrostatic`, and `--charge-share 0` for the volume walk alone), electrostatic recall@30 of the exact
 * top 30 rose from 0.728 (least 0.37) to 0.888 (0.47) at fast, in 1.06 / 1.10 s against 0.94 / 0.79 s, and from
 * 0.940 (0.73) to 0.992 (0.90) at very_accurate, in 4.17 / 3.80 s against 3.91 / 3.25 s. At 10^6 replicated
 * rows (`--rows 1000000`), of the candidates an exhaustive electrostatic stage 1 keeps, the rows found held
 * 0.431 against 0.277 at fast (1.37 against 0.94 s, one run each) and 0.611 against 0.349 at very_accurate
 * (6.97 against 4.20 s); twice the volume rows instead held 0.384 at fast. The graph holds the vectors again
 * beside its links, so it replaces their file rather than joining it: with 12 neighbours a node rather than
 * the volume graph's 16, 249 bytes a row against the file's 132 (281 with 16), and a walked 3D catalogue of
 * 10^6 replicated rows took 1,477 bytes a molecule, within the 1,500 we allow (before the volume graph took
 * the place of the volume vectors' file too: shape-index-layout.ts).
 *
 * Catalogues imported before these vectors lack the files and the manifest field: their electrostatic
 * search probes the volume vectors only, as before.
 */
export const CHARGE_INDEX_FILE = 'charge-index.bits';

/** The charge vectors' graph in walked catalogues. */
export const CHARGE_GRAPH: IndexGraphLayout = { vectors: CHARGE_INDEX_FILE, graph: 'charge-index.usearch', connectivity: 12, expansionAdd: INDEX_EXPANSION_ADD };

/** How a charge vector is built; recorded in the manifest, so a catalogue says what its vectors hold. */
export interface ChargeIndexBuild {
  /** Lattice spacing (Å), over the box of grid-layout.ts. */
  spacing: number;
  /** Width σ (Å) of each site's Gaussian. */
  sigma: number;
  /** Field (e) beyond which a lattice point is charged. */
  threshold: number;
}

export const CHARGE_FIELD: ChargeIndexBuild = { spacing: 2, sigma: 1.6, threshold: 0.05 };

export const CHARGE_DIMS = HALF_BOX.map((half) => Math.ceil((2 * half) / CHARGE_FIELD.spacing)) as unknown as readonly [number, number, number];
/** Lattice points: the positive bits come first, then the negative ones (770 bits; the scan compares the first 1,048). */
export const CHARGE_POINTS = CHARGE_DIMS[0] * CHARGE_DIMS[1] * CHARGE_DIMS[2];

export const CHARGE_VECTOR_BYTES = INDEX_VECTOR_BYTES;
