import type { MoleculeLimits } from '@molsearch/chem';
import type { ShapeBuildOptions } from '../features/shape-features.ts';
import type { CataloguePart } from '../format/catalogue-part.ts';
import type { MoleculePreparer } from './import-pool.ts';

export interface ImportOptions {
  files: string[];
  id: string;
  dataDir: string;
  /** Worker threads preparing molecules; 0 prepares on the calling thread. Default 2. */
  workers?: number;
  /** Stop after this many input rows (all files together). */
  limit?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  /** Each skipped row, as it is found. */
  onSkipped?: (row: SkippedRow) => void;
  /**
   * Threads inserting rows into the 3D stage-1 index graph. Default 2. With 1 the graph is the same on
   * every import of the same input; on several threads usearch links each row to what the other threads
   * have inserted so far, so the graph (not the rows or their scores) follows the threads' timing.
   */
  indexThreads?: number;
  /**
   * A 3D catalogue of more rows than this gets a graph in its stage-1 index, which its searches walk
   * (format/shape-index-layout.ts). Default INDEX_WALK.exhaustiveRows; 0 builds it for any catalogue.
   */
  indexGraphRows?: number;
  /** Molecules per task sent to a worker. */
  batchSize?: number;
  /**
   * Also build the 3D columns (conformers, compact models, the stage-1 index of volume and charge vectors)
   * for the shape and electrostatic searches: true for CATALOGUE_SHAPE, or explicit options. Conformer
   * generation makes this about 2 ms of CPU a screening compound (10-15 ms a large, flexible one), about
   * three times the 2D work.
   */
  shape?: boolean | ShapeBuildOptions;
  /** A preparer shared by several imports (it stays open); by default each import starts `workers` threads. */
  preparer?: MoleculePreparer;
  /**
   * Continue the work folder of an earlier import of this id that was killed part-way (same files,
   * unchanged, same options): its finished batches are kept and reading starts after them. Without a
   * folder to continue the import starts from the beginning. Default false: start over.
   */
  resume?: boolean;
  /** Molecule size limits other than the defaults (chem's DEFAULT_MOLECULE_LIMITS); larger rows are skipped. */
  moleculeLimits?: Partial<MoleculeLimits>;
  /** A row taking longer on a worker thread is skipped as too complex (default DEFAULT_ROW_TIMEOUT_MS, 60 s). */
  rowTimeoutMs?: number;
  /**
   * Import only this part of the catalogue (`--shard k/N`, rows assigned by format/catalogue-part.ts), into
   * `<id>.part-k-of-N`; N imports of the same files, one per part, build the whole catalogue in parts.
   */
  shard?: CataloguePart;
}

export interface ImportProgress {
  phase: 'reading' | 'writing' | 'indexing' | 'done';
  file: string;
  /** Input rows read so far. */
  rows: number;
  molecules: number;
  skipped: number;
  /** Fraction 0..1 of the input bytes read (or of the limit, when one is set). */
  fraction: number;
  moleculesPerSecond: number;
  /** Estimated seconds left, when it can be told. */
  etaSeconds?: number;
  /**
   * While a walked catalogue's stage-1 graphs are built ('indexing', minutes at 10^7 rows): the rows inserted
   * so far of all there are to insert, every graph's rows counted.
   */
  indexed?: { rows: number; of: number };
}

export interface SkippedRow {
  file: string;
  line: number;
  reason: string;
}

export interface ImportSummary {
  id: string;
  dir: string;
  count: number;
  rows: number;
  skippedRows: number;
  duplicateIds: number;
  seconds: number;
  moleculesPerSecond: number;
  bytesPerMolecule: number;
  /** Input rows taken over from the interrupted import this one resumed (0 when it started afresh). */
  resumedRows: number;
  /** With the 3D columns: molecules whose 3D model has Gasteiger charges because MMFF94 could not type them. */
  chargeFallbacks?: number;
  /** The part imported, with --shard. */
  part?: CataloguePart;
}
