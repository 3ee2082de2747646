import { join } from 'node:path';
import { popcount } from '@molsearch/chem';
import { numericProperties, textProperties } from '../features/prepared-batch.ts';
import type { PreparedBatch } from '../features/prepared-batch.ts';
import { COLUMN_FILES, FINGERPRINT_BYTES, FOLD_BITS_FILE, MODEL_FILES, POPCOUNT_SLOTS, textPropertyFiles } from '../format/catalogue-format.ts';
import { CHARGE_INDEX_FILE, CHARGE_VECTOR_BYTES } from '../format/charge-index-layout.ts';
import type { CatalogueManifest, ManifestFile, StoredProperty } from '../format/catalogue-format.ts';
import { WRITE_ROWS, describeFile, writeBytes, writeColumn } from '../format/column-file.ts';
import { writeFoldBits } from '../format/fold-bits-file.ts';
import { encodeNumericColumn } from '../format/property-columns.ts';
import { withRoom } from '../format/packed-bytes.ts';
import { SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';
import { INDEX_VECTOR_BYTES } from '../format/shape-index-vectors.ts';
import { frameChargeVector } from '../features/charge-index-vector.ts';
import { framePackedIndexVector, rowFrame } from '../features/index-vector.ts';
import { IdSet } from './id-set.ts';
import { RowSpill } from './row-spill.ts';
import { writeIndexGraph } from './index-graph-writer.ts';

const utf8 = { encode: (text: string): Uint8Array => Buffer.from(text, 'utf8'), decode: (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') };

/** The work folder's files of each column in input order, deleted once their columns are written. */
export const SPILL_FILES = {
  fingerprints: 'fingerprints-input-order.bin',
  models: 'models-input-order.bin',
  chargeVectors: 'charge-vectors-input-order.bin',
  volumeVectors: 'volume-vectors-input-order.bin',
  ids: 'ids-input-order.bin',
  numbers: 'numbers-input-order.bin',
  smiles: 'smiles-input-order.bin',
  text: (key: string) => `prop-${key}-input-order.bin`,
} as const;

/**
 * Collects prepared molecules in input order, keeps the first row of each id, and writes the
 * popcount-ordered column files. Every column waits in a file of the work folder as rows arrive
 * (row-spill.ts), and memory holds per molecule only what orders and finds the rows: its popcount, its
 * id's hash (id-set.ts), where its SMILES, id and texts end, 50 to 75 bytes in all. Only a catalogue large
 * enough to get a graph in its stage-1 index holds more, that graph, and only while `write` builds it
 * (import/index-graph-writer.ts).
 */
export class CatalogueBuilder {
  readonly properties: readonly StoredProperty[];
  private readonly numeric: StoredProperty[];
  private readonly text: StoredProperty[];
  private readonly seenIds: IdSet;
  private readonly ids: RowSpill;
  /** Ids kept from the batch being added, before they join `ids`. */
  private pendingIds: string[] = [];
  private readonly smiles: RowSpill;
  /** Fingerprints in input order, in the work folder, and their popcounts (which order the rows) in memory. */
  private readonly fingerprints: RowSpill;
  private popcounts = new Uint16Array(4096);
  /** The numeric properties of each row, 4 bytes each, in input order. */
  private readonly numbers: RowSpill;
  private readonly texts: RowSpill[];
  /** Encoded 3D models in input order, when the catalogue gets the 3D columns. */
  private readonly models: RowSpill | undefined;
  /** The stage-1 index's volume and charge vectors of each row, in input order, with the 3D columns. */
  private readonly volumeVectors: RowSpill | undefined;
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
    this.chargeVectors = withShape ? new RowSpill(join(workDir, SPILL_FILES.chargeVectors), CHARGE_VECTOR_BYTES) : undefined;
    this.ids = new RowSpill(join(workDir, SPILL_FILES.ids));
    this.smiles = new RowSpill(join(workDir, SPILL_FILES.smiles));
    this.seenIds = new IdSet((row) => (row < this.ids.rows ? utf8.decode(this.ids.read(row)) : this.pendingIds[row - this.ids.rows]!));
    this.numeric = numericProperties(properties);
    this.numbers = new RowSpill(join(workDir, SPILL_FILES.numbers), 4 * this.numeric.length);
    this.text = textProperties(properties);
    this.texts = this.text.map((property) => new RowSpill(join(workDir, SPILL_FILES.text(property.key))));
  }

  get count(): number {
    return this.ids.rows;
  }

  get duplicateIds(): number {
    return this.duplicates;
  }

  /** Adds a batch; returns the input lines dropped because their id was already imported. */
  add(batch: PreparedBatch): number[] {
    const duplicateLines: number[] = [];
    const width = this.numeric.length;
    const keep: number[] = [];
    this.pendingIds = [];
    for (let i = 0; i < batch.ids.length; i++) {
      const id = batch.ids[i]!;
      if (!this.seenIds.addIfNew(id, this.count + keep.length)) {
        duplicateLines.push(batch.lines[i]!);
        continue;
      }
      this.pendingIds.push(id);
      keep.push(i);
    }
    this.duplicates += duplicateLines.length;
    const fingerprints = new Uint8Array(keep.length * FINGERPRINT_BYTES);
    const numbers = new Float32Array(keep.length * width);
    const models: Uint8Array[] = [];
    const volumeVectors: Uint8Array[] = [];
    const chargeVectors: Uint8Array[] = [];
    keep.forEach((source, target) => {
      fingerprints.set(batch.fingerprints.subarray(source * FINGERPRINT_BYTES, (source + 1) * FINGERPRINT_BYTES), target * FINGERPRINT_BYTES);
      numbers.set(batch.numbers.subarray(source * width, (source + 1) * width), target * width);
      if (this.models) {
        const model = batch.models?.[source] ?? new Uint8Array(0);
        models.push(model);
        // Decoded and put in its principal frame once for both stage-1 vectors; a row without conformers has empty ones.
        const frame = rowFrame(model);
        const charges = new Uint8Array(CHARGE_VECTOR_BYTES);
        if (frame) frameChargeVector(frame, charges, 0);
        volumeVectors.push(frame ? framePackedIndexVector(frame) : new Uint8Array(INDEX_VECTOR_BYTES));
        chargeVectors.push(charges);
      }
    });
    this.texts.forEach((column, t) => column.append(keep.map((source) => utf8.encode(batch.texts[t]?.[source] ?? ''))));
    this.smiles.append(keep.map((source) => utf8.encode(batch.smiles[source]!)));
    this.appendFingerprints(fingerprints);
    this.ids.append(this.pendingIds.map((id) => utf8.encode(id)));
    this.pendingIds = [];
    this.models?.append(models);
    this.volumeVectors?.append(volumeVectors);
    this.chargeVectors?.append(chargeVectors);
    this.numbers.append(keep.map((_, target) => new Uint8Array(numbers.buffer, target * width * 4, width * 4)));
    return duplicateLines;
  }

  private appendFingerprints(fingerprints: Uint8Array): void {
    const rows = fingerprints.length / FINGERPRINT_BYTES;
    const first = this.fingerprints.rows;
    this.popcounts = withRoom(this.popcounts, first, first + rows);
    const each = Array.from({ length: rows }, (_, k) => fingerprints.subarray(k * FINGERPRINT_BYTES, (k + 1) * FINGERPRINT_BYTES));
    each.forEach((fingerprint, k) => (this.popcounts[first + k] = popcount(fingerprint)));
    this.fingerprints.append(each);
  }

  /** Writes every column into `dir` (which must exist) and returns the file list for the manifest. */
  async write(dir: string): Promise<ManifestFile[]> {
    const fingerprints = this.fingerprints;
    const order = popcountOrder(this.popcounts, this.count);
    const files: ManifestFile[] = [];
    files.push(await writeRows(dir, COLUMN_FILES.fingerprints, order, FINGERPRINT_BYTES, (row, target, at) => fingerprints.readInto(row, target, at)));
    await writeFoldBits(join(dir, FOLD_BITS_FILE), this.count, (first, rows, target) => {
      for (let k = 0; k < rows; k++) fingerprints.readInto(order.rows[first + k]!, target, k * FINGERPRINT_BYTES);
    });
    fingerprints.remove();
    files.push(await describeFile(dir, FOLD_BITS_FILE));
    files.push(await writeBytes(dir, COLUMN_FILES.popcountStarts, new Uint8Array(order.starts.buffer)));
    for (const [spill, index, text] of [[this.smiles, COLUMN_FILES.smilesIndex, COLUMN_FILES.smilesText], [this.ids, COLUMN_FILES.idsIndex, COLUMN_FILES.idsText]] as const) {
      files.push(...(await writeSpilled(dir, index, text, order.rows, spill)));
    }
    const outputRow = new Uint32Array(this.count);
    order.rows.forEach((inputRow, target) => (outputRow[inputRow] = target));
    for (const [k, property] of this.numeric.entries()) {
      const { name, bytes } = encodeNumericColumn(property, this.numericColumn(k, outputRow));
      files.push(await writeBytes(dir, name, bytes));
    }
    this.numbers.remove();
    for (const [t, property] of this.text.entries()) {
      const [index, text] = textPropertyFiles(property);
      files.push(...(await writeSpilled(dir, index, text, order.rows, this.texts[t]!)));
    }
    const models = this.models;
    if (!models) return files;
    files.push(...(await writeRowBytes(dir, MODEL_FILES[0], MODEL_FILES[1], order.rows, (row) => models.read(row))));
    models.remove();
    for (const [spill, name, width] of [[this.volumeVectors!, SHAPE_INDEX_FILES.vectors, INDEX_VECTOR_BYTES], [this.chargeVectors!, CHARGE_INDEX_FILE, CHARGE_VECTOR_BYTES]] as const) {
      files.push(await writeRows(dir, name, order, width, (row, target, at) => spill.readInto(row, target, at)));
      spill.remove();
    }
    if (this.count > this.index.graphRows) files.push((await writeIndexGraph(dir, this.count, this.index.threads)).file);
    return files;
  }

  /** Numeric property `k` of every row in output order (`outputRow[inputRow]` = its catalogue row), read from the spill a block at a time. */
  private numericColumn(k: number, outputRow: Uint32Array): Float32Array {
    const width = this.numeric.length;
    const column = new Float32Array(this.count);
    const block = new Float32Array(WRITE_ROWS * width);
    const bytes = new Uint8Array(block.buffer);
    for (let first = 0; first < this.count; first += WRITE_ROWS) {
      const count = Math.min(WRITE_ROWS, this.count - first);
      this.numbers.readBlock(first, count, bytes);
      for (let i = 0; i < count; i++) column[outputRow[first + i]!] = block[i * width + k]!;
    }
    return column;
  }

  /** Releases what `write` has not: the work folder's files of every column, for an import that failed. */
  discard(): void {
    for (const spill of [this.fingerprints, this.ids, this.smiles, this.numbers, ...this.texts]) spill.remove();
    for (const spill of [this.models, this.volumeVectors, this.chargeVectors]) spill?.remove();
  }
}

export function bytesPerMolecule(manifest: Pick<CatalogueManifest, 'files' | 'count'>): number {
  const total = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  return manifest.count === 0 ? 0 : Math.round((total / manifest.count) * 10) / 10;
}

interface RowOrder {
  /** rows[newRow] = input row. */
  rows: Uint32Array;
  starts: Uint32Array;
}

/** Stable counting sort by popcount: equal popcounts keep input order, so builds are reproducible. */
function popcountOrder(counts: Uint16Array, count: number): RowOrder {
  const starts = new Uint32Array(POPCOUNT_SLOTS);
  const histogram = new Uint32Array(POPCOUNT_SLOTS);
  for (let row = 0; row < count; row++) histogram[counts[row]!] = histogram[counts[row]!]! + 1;
  let next = 0;
  for (let p = 0; p < POPCOUNT_SLOTS; p++) {
    starts[p] = next;
    next += histogram[p]!;
  }
  const cursor = starts.slice();
  const rows = new Uint32Array(count);
  for (let row = 0; row < count; row++) {
    const bits = counts[row]!;
    rows[cursor[bits]!] = row;
    cursor[bits] = cursor[bits]! + 1;
  }
  return { rows, starts };
}

/** Writes fixed-width rows in output order, a block at a time to bound memory. */
function writeRows(
  dir: string,
  name: string,
  order: RowOrder,
  width: number,
  copy: (inputRow: number, target: Uint8Array, at: number) => void,
): Promise<ManifestFile> {
  return writeColumn(dir, name, async (write) => {
    const block = new Uint8Array(WRITE_ROWS * width);
    for (let first = 0; first < order.rows.length; first += WRITE_ROWS) {
      const rows = Math.min(WRITE_ROWS, order.rows.length - first);
      for (let i = 0; i < rows; i++) copy(order.rows[first + i]!, block, i * width);
      await write(block.subarray(0, rows * width));
    }
  });
}

/** Strings (UTF-8) or blobs of every row in output order: a text or blob file and its u32 offsets, a block at a time. */
async function writeRowBytes(dir: string, indexName: string, textName: string, rows: Uint32Array, bytesOf: (inputRow: number) => Uint8Array): Promise<ManifestFile[]> {
  const offsets = new Uint32Array(rows.length + 1);
  const text = await writeColumn(dir, textName, async (write) => {
    let bytes = 0;
    for (let first = 0; first < rows.length; first += WRITE_ROWS) {
      const parts: Uint8Array[] = [];
      const end = Math.min(rows.length, first + WRITE_ROWS);
      for (let i = first; i < end; i++) {
        const encoded = bytesOf(rows[i]!);
        parts.push(encoded);
        bytes += encoded.byteLength;
        if (bytes > 0xffffffff) throw new RangeError(`${textName} would exceed 4 GiB; split the catalogue.`);
        offsets[i + 1] = bytes;
      }
      await write(Buffer.concat(parts));
    }
  });
  return [await writeBytes(dir, indexName, new Uint8Array(offsets.buffer)), text];
}

/** The spilled rows (UTF-8 text) in output order, then the spill's file deleted. */
async function writeSpilled(dir: string, indexName: string, textName: string, rows: Uint32Array, spill: RowSpill): Promise<ManifestFile[]> {
  const files = await writeRowBytes(dir, indexName, textName, rows, (row) => spill.read(row));
  spill.remove();
  return files;
}
