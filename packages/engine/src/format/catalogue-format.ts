import { MORGAN_BITS, MORGAN_BYTES, MORGAN_RADIUS } from '@molsearch/chem';
import type { ConformerMethod, PartialChargeModel } from '@molsearch/chem';
import type { CataloguePart, PART_RULE } from './catalogue-part.ts';
import type { ChargeIndexBuild } from './charge-index-layout.ts';

/**
 * On-disk layout of one catalogue, `<dataDir>/catalogues/<DB-ID>/`. Every per-molecule column is in
 * the same row order: molecules sorted by fingerprint popcount (stable, so ties keep file order),
 * which lets a Morgan search read only the popcount range BitBound allows.
 *
 *   manifest.json         CatalogueManifest
 *   fingerprints.bin      count x 256 bytes, Morgan r=2 2048 bits, LSB-first (as @molsearch/chem)
 *   fingerprint-fold-bits.bin  the 256-bit fold of every fingerprint, bit column by bit column
 *                         (fingerprint-fold.ts); absent from catalogues built before it, which are
 *                         searched from their file without it (fingerprint-folds.bin, its row-by-row
 *                         predecessor, is no longer read)
 *   popcount-starts.u32   2050 x u32: first row with popcount p (p = 0..2048), then count
 *   smiles.idx / .txt     (count + 1) x u32 byte offsets into UTF-8 canonical SMILES
 *   ids.idx / .txt        same for vendor ids
 *   prop-<key>.u16 / .u8 / .f32  one value a row per numeric property: counts as u16, booleans as u8,
 *                         other numbers as f32 (property-columns.ts; every one f32 in older catalogues)
 *   prop-<key>.idx / .txt strings per text property (the molecular formula)
 *
 * With 3D columns (`manifest.shape` set) more files, all listed in `files`:
 *   models.idx / .bin     the compact 3D models (@molsearch/chem encodeModel), offsets + blob like the strings
 *   shape-index.*         the stage-1 index of the 3D searches (shape-index-layout.ts)
 *   charge-index.*        its charge vectors, as a file or, in catalogues walked as a graph, as a graph
 *                         (charge-index-layout.ts), when `shape.chargeIndex` is set
 *
 * Every file has its size and CRC-32 in `files`; a file is checked against both when it is first read.
 *
 * Version 2 dropped version 1's clustered USRCAT / ElectroShape descriptor files (no search read them)
 * and requires the grid and charge-site files, which early version-1 catalogues lacked; version 3 adds
 * the checksums; version 4 replaces the grid and charge-site files (2.6 KB a molecule, read whole by every
 * search) by the stage-1 index, and stage 1 builds grids and sites for the index's candidates from their
 * models; version 5 stores the index's volume vectors in their own file in catalogue row order and gives
 * only catalogues large enough to be walked a graph over them (shape-index-layout.ts). A catalogue of
 * another version is refused with a request to re-import it.
 *
 * All numbers are little-endian. The u32 offsets cap a string blob at 4 GiB (about 60M molecules).
 * Measured: 380-580 bytes per molecule for the Morgan path (256 fingerprint, ~45 SMILES, ~15 id,
 * 8 offsets, 39 of properties (6 numbers x 4, 7 counts x 2, a flag), ~20 formula + offsets); small catalogues
 * pay the fixed 8 KiB popcount table.
 * Loaded, the Morgan search adds a 32-byte fold per molecule in memory (morgan/fingerprint-memory.ts),
 * derived from the fingerprints when its column is loaded. A column too large for memory stays in its
 * file, and the search reads the fold bits of the query's groups from fingerprint-fold-bits.bin first
 * (about 4 bytes a row) and then only the fingerprints their bound lets through.
 */
export const CATALOGUE_FORMAT_VERSION = 5;
export const MANIFEST_FILE = 'manifest.json';
export const FINGERPRINT_BYTES = MORGAN_BYTES;
export const POPCOUNT_SLOTS = MORGAN_BITS + 2;

export const COLUMN_FILES = {
  fingerprints: 'fingerprints.bin',
  popcountStarts: 'popcount-starts.u32',
  smilesIndex: 'smiles.idx',
  smilesText: 'smiles.txt',
  idsIndex: 'ids.idx',
  idsText: 'ids.txt',
} as const;

/** The folds of the fingerprints as bit columns (fingerprint-fold.ts); optional, listed in `files` when written. */
export const FOLD_BITS_FILE = 'fingerprint-fold-bits.bin';

/** Compact 3D models (@molsearch/chem encodeModel), one per row; empty for a molecule without conformers. */
export const MODEL_FILES = ['models.idx', 'models.bin'] as const;

export type PropertyKind = 'number' | 'integer' | 'boolean' | 'text';

export interface StoredProperty {
  key: string;
  kind: PropertyKind;
}

export interface ManifestFile {
  name: string;
  bytes: number;
  /** CRC-32 of the file's bytes, eight hex digits (checksum.ts). */
  crc32: string;
}

export interface ManifestSource {
  path: string;
  bytes: number;
}

export interface CatalogueBuildParameters {
  fingerprint: { type: 'morgan'; radius: number; bits: number; bitOrder: 'lsb-first' };
  /** What import did to each input structure before fingerprinting. */
  standardization: string;
  rowOrder: 'popcount';
}

export interface CatalogueManifest {
  formatVersion: number;
  id: string;
  count: number;
  created: string;
  build: CatalogueBuildParameters;
  sources: ManifestSource[];
  /** Input rows that were not imported: unreadable rows, invalid SMILES, duplicate ids. */
  skippedRows: number;
  duplicateIds: number;
  properties: StoredProperty[];
  files: ManifestFile[];
  /** Sum of the column files divided by count. */
  bytesPerMolecule: number;
  /** How the 3D columns were built, when the catalogue has them. */
  shape?: ManifestShape;
  /** Set when this folder is one part of the catalogue `id` (catalogue-part.ts), imported with --shard k/N. */
  part?: ManifestPart;
}

export interface ManifestPart extends CataloguePart {
  /** How rows were assigned to parts (PART_RULE). */
  rule: typeof PART_RULE;
}

/** The charge state the 3D models were built from: the neutral standard form, or the dominant form at pH 7.4. */
export type Protonation = 'neutral' | 'ph7.4';

export interface ManifestShape {
  conformers: number;
  seed: number;
  timeBudgetMs: number;
  /** How the conformers were embedded. Absent in catalogues built before the field: distance geometry. */
  method?: ConformerMethod;
  /**
   * The partial-charge model of the 3D models (a molecule MMFF94 cannot type has Gasteiger charges).
   * Absent in catalogues built before the field: Gasteiger.
   */
  charges?: PartialChargeModel;
  /** Absent in catalogues built before the field: the neutral form. */
  protonation?: Protonation;
  /**
   * How the charge vectors of the stage-1 index were built (charge-index-layout.ts). Absent in catalogues
   * built before them, which have no such file: their electrostatic search probes the volume vectors only.
   */
  chargeIndex?: ChargeIndexBuild;
}

export const MORGAN_BUILD: CatalogueBuildParameters['fingerprint'] = {
  type: 'morgan',
  radius: MORGAN_RADIUS,
  bits: MORGAN_BITS,
  bitOrder: 'lsb-first',
};

/** The offsets and text files of a text property (numeric ones: property-columns.ts). */
export function textPropertyFiles(property: StoredProperty): [string, string] {
  return [`prop-${property.key}.idx`, `prop-${property.key}.txt`];
}

/** Catalogue ids are folder names and URL segments: letters, digits, dash and underscore. */
export const CATALOGUE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
