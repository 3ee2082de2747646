import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { popcount } from '@molsearch/chem';
import { numericProperties, textProperties } from '../features/prepared-batch.ts';
import type { PreparedBatch } from '../features/prepared-batch.ts';
import { COLUMN_FILES, FINGERPRINT_BYTES, FOLD_BITS_FILE, MODEL_FILES, POPCOUNT_SLOTS, textPropertyFiles } from '../format/catalogue-format.ts';
import { CHARGE_GRAPH, CHARGE_INDEX_FILE, CHARGE_VECTOR_BYTES } from '../format/charge-index-layout.ts';
import type { CatalogueManifest, ManifestFile, StoredProperty } from '../format/catalogue-format.ts';
import { WRITE_ROWS, describeFile, writeBytes, writeColumn } from '../format/column-file.ts';
import { writeFoldBitsOf } from '../format/fold-bits-file.ts';
import { encodeNumericColumn } from '../format/property-columns.ts';
import { SHAPE_INDEX_FILES, VOLUME_GRAPH } from '../format/shape-index-layout.ts';
import { CONFORMER_VECTOR_BYTES, INDEX_VECTOR_BYTES } from '../format/shape-index-vectors.ts';
import { frameChargeVector } from '../features/charge-index-vector.ts';
import { frameConformerVectors, framePackedIndexVector, rowFrame } from '../features/index-vector.ts';
import { idHash, repeatedIdRows } from './repeated-ids.ts';
import { RowSpill } from './row-spill.ts';
import { DROPPED, writeInOrder } from './spill-order.ts';
import type { OutputOrder } from './spill-order.ts';
import { writeIndexGraph } from './index-graph-writer.ts';

const utf8 = { encode: (text: string): Uint8Array => Buffer.from(text, 'utf8'), decode: (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') };

/** The work folder's files of each column in input order, deleted once their columns are written. */
export const SPILL_FILES = {
  fingerprints: 'fingerprints-input-order.bin',
  models: 'models-input-order.bin',
  chargeVectors: 'charge-vectors-input-order.bin',
  volumeVectors: 'volume-vectors-input-order.bin',
  conformerVectors: 'conformer-vectors-input-order.bin',
  ids: 'ids-input-order.bin',
  numbers: 'numbers-input-order.bin',
  smiles: 'smiles-input-order.bin',
  popcounts: 'popcounts-input-order.u16',
  idHashes: 'id-hashes-input-order.f64',
  lines: 'lines-input-order.u32',
  text: (key: string) => `prop-${key}-input-order.bin`,
} as const;

/** An input row dropped because an earlier row has its id: its file (an index into the import's files) and line. */
export interface RepeatedIdRow {
  file: number;
  line: number;
}

/**
 * Collects prepared molecules in input order, keeps the first row of each id, and writes the
 * popcount-ordered column files. Every column waits in a file of the work folder as rows arrive
 * (row-spill.ts), and so does what orders and finds the rows (popcount, id hash, where each string ends):
 * memory does not grow with the rows while they arrive. Once they are all in, `dropRepeatedIds` finds the
 * rows whose id an earlier row has (repeated-ids.ts) and `write` leaves them out. Writing holds a few
 * bytes a row (the row order both ways, where each string of the column being written ends), up to 64 MiB
 * of the column being written (spill-order.ts), and a catalogue large enough to get a graph in its stage-1
 * index that graph while it is built (import/index-graph-writer.ts).
 * Measured on 10^6 replicated rows, holding the popcounts, id hashes and string ends in memory as rows
 * arrived grew the importing process by 87 to 97 bytes a row (docs/measurement-log.md).
 */
export class CatalogueBuilder {
  readonly properties: readonly StoredProperty[];
  private readonly numeric: StoredProperty[];
  private readonly text: StoredProperty[];
  private readonly ids: RowSpill;
  /** Each row's id hash (f64) and input file and line (u32 each), to find and report repeated ids. */
  private readonly idHashes: RowSpill;
  private readonly lines: RowSpill;
  private readonly smiles: RowSpill;
  /** Fingerprints in input order and their popcounts (u16), which order the rows. */
  private readonly fingerprints: RowSpill;
  private readonly popcounts: RowSpill;
  /** Rows dropped for a repeated id, 1 a row; set by dropRepeatedIds. */
  private dropped: Uint8Array | undefined;
  /** The numeric properties of each row, 4 bytes each, in input order. */
  private readonly numbers: RowSpill;
  private readonly texts: RowSpill[];
  /** Encoded 3D models in input order, when the catalogue gets the 3D columns. */
  private readonly models: RowSpill | undefined;
  /** The stage-1 index's volume vectors (of the first conformer, and of the others) and charge vectors of each row, in input order, with the 3D columns. */
  private readonly volumeVectors: RowSpill | undefined;
  private readonly conformerVectors: RowSpill | undefined;
  private readonly chargeVectors: RowSpill | undefined;
  private duplicates = 0;

  /**
   * `workDir`: the import's work folder, where every column waits for `write`; `index`: the rows above which the
   * 3D stage-1 index gets a graph (format/shape-index-layout.ts) and the threads that build it.
   */
  constructor(properties: readonly StoredProperty[], withShape: boolean, workDir: string, private readonly index: { graphRows: number; threads: number }) {
    this.properties = properties;
    this.fingerprints = new RowSpill(join(workDir, SPILL_FILES.fingerprints), FINGERPRINT_BYTES);
    this.models = withShape ? new RowSpill(join(workDir, SPILL_FILES.models)) : undefined;
    this.volumeVectors = withShape ? new RowSpill(join(workDir, SPILL_FILES.volumeVectors), INDEX_VECTOR_BYTES) : undefined;
    this.conformerVectors = withShape ? new RowSpill(join(workDir, SPILL_FILES.conformerVectors), CONFORMER_VECTOR_BYTES) : undefined;
    this.chargeVectors = withShape ? new RowSpill(join(workDir, SPILL_FILES.chargeVectors), CHARGE_VECTOR_BYTES) : undefined;
    this.popcounts = new RowSpill(join(workDir, SPILL_FILES.popcounts), 2);
    this.ids = new RowSpill(join(workDir, SPILL_FILES.ids));
    this.idHashes = new RowSpill(join(workDir, SPILL_FILES.idHashes), 8);
    this.lines = new RowSpill(join(workDir, SPILL_FILES.lines), 8);
    this.smiles = new RowSpill(join(workDir, SPILL_FILES.smiles));
    this.numeric = numericProperties(properties);
    this.numbers = new RowSpill(join(workDir, SPILL_FILES.numbers), 4 * this.numeric.length);
    this.text = textProperties(properties);
    this.texts = this.text.map((property) => new RowSpill(join(workDir, SPILL_FILES.text(property.key))));
  }

  /** Rows added, less those dropped for a repeated id once `dropRepeatedIds` has run. */
  get count(): number {
    return this.ids.rows - this.duplicates;
  }

  get duplicateIds(): number {
    return this.duplicates;
  }

  /** Adds a batch of rows read from input file `file` (an index into the import's files). */
  add(batch: PreparedBatch, file: number): void {
    if (this.dropped) throw new Error('Rows were added after the repeated ids were dropped.');
    const rows = batch.ids.length;
    const models: Uint8Array[] = [];
    const volumeVectors: Uint8Array[] = [];
    const conformerVectors: Uint8Array[] = [];
    const chargeVectors: Uint8Array[] = [];
    for (let i = 0; this.models && i < rows; i++) {
      const model = batch.models?.[i] ?? new Uint8Array(0);
      models.push(model);
      // Decoded and put in its principal frame once for both stage-1 vectors; a row without conformers has empty ones.
      const frame = rowFrame(model);
      const charges = new Uint8Array(CHARGE_VECTOR_BYTES);
      if (frame) frameChargeVector(frame, charges, 0);
      volumeVectors.push(frame ? framePackedIndexVector(frame) : new Uint8Array(INDEX_VECTOR_BYTES));
      conformerVectors.push(frame ? frameConformerVectors(frame) : new Uint8Array(CONFORMER_VECTOR_BYTES));
      chargeVectors.push(charges);
    }
    const width = this.numeric.length;
    const each = <T>(make: (i: number) => T): T[] => Array.from({ length: rows }, (_, i) => make(i));
    const fingerprints = each((i) => batch.fingerprints.subarray(i * FINGERPRINT_BYTES, (i + 1) * FINGERPRINT_BYTES));
    this.texts.forEach((column, t) => column.append(each((i) => utf8.encode(batch.texts[t]?.[i] ?? ''))));
    this.smiles.append(each((i) => utf8.encode(batch.smiles[i]!)));
    this.fingerprints.append(fingerprints);
    this.popcounts.append(fingerprints.map((fingerprint) => new Uint8Array(Uint16Array.of(popcount(fingerprint)).buffer)));
    this.ids.append(each((i) => utf8.encode(batch.ids[i]!)));
    this.idHashes.append(each((i) => new Uint8Array(Float64Array.of(idHash(batch.ids[i]!)).buffer)));
    this.lines.append(each((i) => new Uint8Array(Uint32Array.of(file, batch.lines[i]!).buffer)));
    this.models?.append(models);
    this.volumeVectors?.append(volumeVectors);
    this.conformerVectors?.append(conformerVectors);
    this.chargeVectors?.append(chargeVectors);
    this.numbers.append(each((i) => new Uint8Array(batch.numbers.buffer, batch.numbers.byteOffset + i * width * 4, width * 4)));
  }

  /**
   * Once every row is in: drops the rows whose id an earlier row has (the first row of an id is kept) and
   * returns where they were read, in input order. Runs once; later calls return nothing more.
   */
  dropRepeatedIds(): RepeatedIdRow[] {
    if (this.dropped) return [];
    const rows = this.ids.rows;
    const hashes = new Float64Array(rows);
    this.idHashes.readBlock(0, rows, new Uint8Array(hashes.buffer));
    this.idHashes.remove();
    const repeats = repeatedIdRows(hashes, (row) => utf8.decode(this.ids.read(row)));
    this.dropped = new Uint8Array(rows);
    const where = new Uint32Array(2);
    const found = Array.from(repeats, (row) => {
      this.dropped![row] = 1;
      this.lines.readInto(row, new Uint8Array(where.buffer), 0);
      return { file: where[0]!, line: where[1]! };
    });
    this.lines.remove();
    this.duplicates = repeats.length;
    return found;
  }

  /**
   * Writes every column into `dir` (which must exist) and returns the file list for the manifest. A walked
   * catalogue's graphs are built last, `onIndexed` told the rows inserted of all there are as they go.
   */
  async write(dir: string, onIndexed?: (rows: number, of: number) => void): Promise<ManifestFile[]> {
    const { dropped } = this;
    if (!dropped) throw new Error('The repeated ids are dropped before the columns are written.');
    const fingerprints = this.fingerprints;
    const popcounts = new Uint16Array(this.popcounts.rows);
    this.popcounts.readBlock(0, popcounts.length, new Uint8Array(popcounts.buffer));
    this.popcounts.remove();
    const { starts, ...order } = popcountOrder(popcounts, dropped);
    const files: ManifestFile[] = [];
    files.push(await writeSpilled(dir, COLUMN_FILES.fingerprints, order, fingerprints));
    await writeFoldBitsOf(join(dir, COLUMN_FILES.fingerprints), this.count, join(dir, FOLD_BITS_FILE));
    files.push(await describeFile(dir, FOLD_BITS_FILE));
    files.push(await writeBytes(dir, COLUMN_FILES.popcountStarts, new Uint8Array(starts.buffer)));
    for (const [spill, index, text] of [[this.smiles, COLUMN_FILES.smilesIndex, COLUMN_FILES.smilesText], [this.ids, COLUMN_FILES.idsIndex, COLUMN_FILES.idsText]] as const) {
      files.push(...(await writeRowBytes(dir, index, text, order, spill)));
    }
    for (const [k, property] of this.numeric.entries()) {
      const { name, bytes } = encodeNumericColumn(property, this.numericColumn(k, order.outputOf));
      files.push(await writeBytes(dir, name, bytes));
    }
    this.numbers.remove();
    for (const [t, property] of this.text.entries()) {
      const [index, text] = textPropertyFiles(property);
      files.push(...(await writeRowBytes(dir, index, text, order, this.texts[t]!)));
    }
    if (!this.models) return files;
    files.push(...(await writeRowBytes(dir, MODEL_FILES[0], MODEL_FILES[1], order, this.models)));
    const walked = this.count > this.index.graphRows;
    const volume = await writeSpilled(dir, SHAPE_INDEX_FILES.vectors, order, this.volumeVectors!);
    const charges = await writeSpilled(dir, CHARGE_INDEX_FILE, order, this.chargeVectors!);
    if (!walked) return [...files, volume, await writeSpilled(dir, SHAPE_INDEX_FILES.conformerVectors, order, this.conformerVectors!), charges];
    // A walked catalogue's graph holds first conformers only, and each graph holds its vectors again and takes
    // the place of their file (format/shape-index-layout.ts, format/charge-index-layout.ts).
    this.conformerVectors!.remove();
    const graphs = [VOLUME_GRAPH, CHARGE_GRAPH];
    for (const [g, layout] of graphs.entries()) {
      const indexed = (rows: number) => onIndexed?.(g * this.count + rows, graphs.length * this.count);
      files.push((await writeIndexGraph(dir, this.count, this.index.threads, undefined, layout, indexed)).file);
    }
    for (const layout of graphs) await rm(join(dir, layout.vectors));
    return files;
  }

  /** Numeric property `k` of every row in output order (`outputRow[inputRow]` = its catalogue row), read from the spill a block at a time. */
  private numericColumn(k: number, outputRow: Uint32Array): Float32Array {
    const width = this.numeric.length;
    const column = new Float32Array(this.count);
    const block = new Float32Array(WRITE_ROWS * width);
    const bytes = new Uint8Array(block.buffer);
    for (let first = 0; first < outputRow.length; first += WRITE_ROWS) {
      const count = Math.min(WRITE_ROWS, outputRow.length - first);
      this.numbers.readBlock(first, count, bytes);
      for (let i = 0; i < count; i++) {
        const target = outputRow[first + i]!;
        if (target !== DROPPED) column[target] = block[i * width + k]!;
      }
    }
    return column;
  }

  /** Releases what `write` has not: the work folder's files of every column, for an import that failed. */
  discard(): void {
    for (const spill of [this.fingerprints, this.popcounts, this.ids, this.idHashes, this.lines, this.smiles, this.numbers, ...this.texts]) spill.remove();
    for (const spill of [this.models, this.volumeVectors, this.conformerVectors, this.chargeVectors]) spill?.remove();
  }
}

export function bytesPerMolecule(manifest: Pick<CatalogueManifest, 'files' | 'count'>): number {
  const total = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  return manifest.count === 0 ? 0 : Math.round((total / manifest.count) * 10) / 10;
}

/** Stable counting sort by popcount of the rows not dropped: equal popcounts keep input order, so builds are reproducible. */
function popcountOrder(counts: Uint16Array, dropped: Uint8Array): OutputOrder & { starts: Uint32Array } {
  const starts = new Uint32Array(POPCOUNT_SLOTS);
  const histogram = new Uint32Array(POPCOUNT_SLOTS);
  for (let row = 0; row < counts.length; row++) if (!dropped[row]) histogram[counts[row]!] = histogram[counts[row]!]! + 1;
  let next = 0;
  for (let p = 0; p < POPCOUNT_SLOTS; p++) {
    starts[p] = next;
    next += histogram[p]!;
  }
  const cursor = starts.slice();
  const rows = new Uint32Array(next);
  // Dropped rows have no place in the output.
  const outputOf = new Uint32Array(counts.length).fill(DROPPED);
  for (let row = 0; row < counts.length; row++) {
    if (dropped[row]) continue;
    const bits = counts[row]!;
    outputOf[row] = cursor[bits]!;
    rows[cursor[bits]!] = row;
    cursor[bits] = cursor[bits]! + 1;
  }
  return { rows, outputOf, starts };
}

/** A column of fixed-width rows in output order, then the spill's files deleted. */
async function writeSpilled(dir: string, name: string, order: OutputOrder, spill: RowSpill): Promise<ManifestFile> {
  const file = await writeColumn(dir, name, (write) => writeInOrder(spill, order, write));
  spill.remove();
  return file;
}

/** Strings (UTF-8) or blobs of every row in output order: a text or blob file and its u32 offsets, then the spill's files deleted. */
async function writeRowBytes(dir: string, indexName: string, textName: string, order: OutputOrder, spill: RowSpill): Promise<ManifestFile[]> {
  const offsets = new Uint32Array(order.rows.length + 1);
  for (let i = 0; i < order.rows.length; i++) {
    const end = offsets[i]! + spill.length(order.rows[i]!);
    if (end > 0xffffffff) throw new RangeError(`${textName} would exceed 4 GiB; split the catalogue.`);
    offsets[i + 1] = end;
  }
  const text = await writeColumn(dir, textName, (write) => writeInOrder(spill, order, write, offsets));
  spill.remove();
  return [await writeBytes(dir, indexName, new Uint8Array(offsets.buffer)), text];
}
