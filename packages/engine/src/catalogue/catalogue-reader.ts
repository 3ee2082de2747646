import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CATALOGUE_FORMAT_VERSION, COLUMN_FILES, FINGERPRINT_BYTES, FOLD_BITS_FILE, MANIFEST_FILE, MODEL_FILES, POPCOUNT_SLOTS, textPropertyFiles } from '../format/catalogue-format.ts';
import type { CatalogueManifest, StoredProperty } from '../format/catalogue-format.ts';
import type { CataloguePart } from '../format/catalogue-part.ts';
import { catalogueDir, partDir } from '../format/catalogue-paths.ts';
import { offsetsAscendFromZero, toArrayBuffer } from '../format/column-file.ts';
import { EngineError } from '../format/engine-error.ts';
import type { PackedBytes } from '../format/packed-bytes.ts';
import { numericColumn } from '../format/property-columns.ts';
import { SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';
import { CONFORMER_VECTOR_BYTES, INDEX_VECTOR_BYTES } from '../format/shape-index-vectors.ts';
import { manifestStamp } from './catalogue-damage.ts';
import { CatalogueFiles } from './catalogue-files.ts';
import { stageOneIndexOpener } from './stage-one-index.ts';
import type { StageOneIndex } from './stage-one-index.ts';

export type PropertyValue = number | boolean | string;

/**
 * An opened catalogue, rows in popcount order. Only row offsets stay in memory (4 bytes a row and string
 * column): SMILES, ids, properties and 3D models are read from their files per row, as hits and stage-2
 * candidates ask for them, and the stage-1 index is memory-mapped, so the resident set hardly grows with
 * the catalogue. Every file is checked against its manifest checksum when it is first read in full: the
 * row columns at open, the kernels' columns (fingerprints) when a search first loads them.
 */
export interface Catalogue {
  id: string;
  dir: string;
  manifest: CatalogueManifest;
  count: number;
  /** Identifies this build of the catalogue; changes when it is re-imported. */
  version: string;
  /** First row of each popcount 0..2048, then count (POPCOUNT_SLOTS entries). */
  popcountStarts: Uint32Array;
  /** Reads the fingerprint column (count x FINGERPRINT_BYTES, row order) into `target`, checked. */
  readFingerprints(target: Uint8Array): Promise<void>;
  /** Checks the fingerprint file against its checksum and returns its path, for scans that read it in place. */
  fingerprintFile?(): Promise<string>;
  /** Likewise the fingerprints' fold bits file (FOLD_BITS_FILE), or undefined for a catalogue built without one. */
  foldBitsFile?(): Promise<string | undefined>;
  smiles(row: number): string;
  compoundId(row: number): string;
  /** The UTF-8 bytes of the compound ids of rows first..end - 1, in one read (id i - first is bytes offsets[i - first]..offsets[i - first + 1]). */
  compoundIdBytes?(first: number, end: number): PackedBytes;
  /** One row's fingerprint, read from the file (not checked: for single rows). */
  fingerprint(row: number): Uint8Array;
  properties(row: number): Record<string, PropertyValue>;
  /** The 3D columns, when the catalogue was imported with them. */
  shape?: ShapeColumns;
  /**
   * A catalogue imported in parts (catalogue-parts.ts): the parts, each searched on its own, and the first
   * row of each in this catalogue's numbering, then the count. Absent for a catalogue imported whole.
   */
  parts?: readonly Catalogue[];
  partStarts?: Uint32Array;
}

export interface ShapeColumns {
  /** Encoded compact 3D model of a row (@molsearch/chem decodeModel), read from the file; empty when it has no conformer. */
  model(row: number): Uint8Array;
  /**
   * Where the models of `rows` lie in the model file, for a worker thread to read them itself instead of
   * being sent them (absent where the models are not in a local file: ask `model`).
   */
  modelSpans?(rows: Uint32Array): ModelSpans;
  /**
   * The stage-1 index (format/shape-index-layout.ts), its files checked against their checksums on first
   * use and its graph, where it has one, memory-mapped; `expansion` sets how much of the graph a walk explores.
   */
  index(expansion: number): Promise<StageOneIndex>;
}

/** Where some rows' encoded models lie in a catalogue's model file: row i's are lengths[i] bytes at positions[i]. */
export interface ModelSpans {
  path: string;
  positions: Float64Array;
  lengths: Uint32Array;
}

/**
 * Reads and checks a catalogue folder (with `part`, the folder of that part of it); any missing, truncated
 * or inconsistent file is named in the error.
 */
export async function readCatalogue(dataDir: string, id: string, part?: CataloguePart): Promise<Catalogue> {
  const dir = part ? partDir(dataDir, id, part) : catalogueDir(dataDir, id);
  const stamp = await manifestStamp(dir).catch(() => 'missing');
  const manifest = await readManifest(dir, id);
  if (part && !(manifest.part?.index === part.index && manifest.part.of === part.of)) {
    throw new EngineError('CATALOGUE_CORRUPT', `${join(dir, MANIFEST_FILE)} does not describe part ${part.index} of ${part.of} of catalogue ${id}: re-import that part.`);
  }
  const count = manifest.count;
  await checkFileSizes(dir, manifest);
  const files = new CatalogueFiles(dir, manifest, stamp);
  const popcountStarts = new Uint32Array(toArrayBuffer(await files.read(COLUMN_FILES.popcountStarts)));
  checkPopcountStarts(files.path(COLUMN_FILES.popcountStarts), popcountStarts, count);
  const smiles = await readStrings(files, COLUMN_FILES.smilesIndex, COLUMN_FILES.smilesText, count);
  const ids = await readStrings(files, COLUMN_FILES.idsIndex, COLUMN_FILES.idsText, count);
  const properties = await readProperties(files, manifest.properties, count);
  const shape = manifest.shape ? await readShapeColumns(files, count) : undefined;
  return {
    ...(shape ? { shape } : {}),
    id: manifest.id,
    dir,
    manifest,
    count,
    version: `${manifest.id}@${manifest.created}`,
    popcountStarts,
    readFingerprints: (target) => files.readInto(COLUMN_FILES.fingerprints, target),
    fingerprintFile: () => verifiedPath(files, COLUMN_FILES.fingerprints),
    foldBitsFile: async () => (files.has(FOLD_BITS_FILE) ? verifiedPath(files, FOLD_BITS_FILE) : undefined),
    smiles: smiles.one,
    compoundId: ids.one,
    compoundIdBytes: ids.range,
    fingerprint: (row) => {
      checkRow(row, count);
      return files.readRange(COLUMN_FILES.fingerprints, row * FINGERPRINT_BYTES, FINGERPRINT_BYTES);
    },
    properties: (row) => {
      const values: Record<string, PropertyValue> = {};
      for (const property of properties) values[property.key] = property.value(row);
      return values;
    },
  };
}

export async function readManifest(dir: string, id: string): Promise<CatalogueManifest> {
  const path = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isNotFound(error)) {
      throw new EngineError('CATALOGUE_NOT_FOUND', `Catalogue ${id} is not imported: ${path} does not exist.`, { cause: error });
    }
    throw new EngineError('CATALOGUE_CORRUPT', `Cannot read ${path}: ${String(error)}`, { cause: error });
  }
  let manifest: CatalogueManifest;
  try {
    manifest = JSON.parse(text) as CatalogueManifest;
  } catch (error) {
    throw new EngineError('CATALOGUE_CORRUPT', `${path} is not valid JSON (truncated or damaged): re-import catalogue ${id}.`, { cause: error });
  }
  if (typeof manifest.formatVersion !== 'number') throw new EngineError('CATALOGUE_CORRUPT', `${path} lacks a format version: re-import catalogue ${id}.`);
  if (manifest.formatVersion !== CATALOGUE_FORMAT_VERSION) throw new EngineError('CATALOGUE_FORMAT', formatProblem(manifest, id));
  if (!Number.isInteger(manifest.count) || manifest.count < 0 || !Array.isArray(manifest.files) || !manifest.files.every(isFileEntry) || !Array.isArray(manifest.properties)) {
    throw new EngineError('CATALOGUE_CORRUPT', `${path} lacks a valid count, file list or property list: re-import catalogue ${id}.`);
  }
  return manifest;
}

/** Why a catalogue of another format version cannot be read, with the command that rebuilds it. */
function formatProblem(manifest: CatalogueManifest, id: string): string {
  const files = Array.isArray(manifest.sources) && manifest.sources.length > 0 ? manifest.sources.map((source) => shellWord(source.path)).join(' ') : '<file>';
  const reimport = `molsearch import ${files} --db ${id}${manifest.shape ? ' --3d' : ''}`;
  if (manifest.formatVersion < CATALOGUE_FORMAT_VERSION) {
    return `Catalogue ${id} was built by an older version of molsearch (format ${manifest.formatVersion}); re-import it: ${reimport}`;
  }
  return `Catalogue ${id} was built by a newer version of molsearch (format ${manifest.formatVersion}; this one reads format ${CATALOGUE_FORMAT_VERSION}); upgrade molsearch or re-import it: ${reimport}`;
}

function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** Checks that the manifest lists every column file and that each listed file exists with the size it gives. */
export async function checkFileSizes(dir: string, manifest: CatalogueManifest): Promise<void> {
  const expected = new Map<string, number>([
    [COLUMN_FILES.fingerprints, manifest.count * FINGERPRINT_BYTES],
    [COLUMN_FILES.popcountStarts, POPCOUNT_SLOTS * 4],
    [COLUMN_FILES.smilesIndex, (manifest.count + 1) * 4],
    [COLUMN_FILES.idsIndex, (manifest.count + 1) * 4],
    [MODEL_FILES[0], (manifest.count + 1) * 4],
    [SHAPE_INDEX_FILES.vectors, manifest.count * INDEX_VECTOR_BYTES],
    [SHAPE_INDEX_FILES.conformerVectors, manifest.count * CONFORMER_VECTOR_BYTES],
  ]);
  const listed = new Map(manifest.files.map((file) => [file.name, file.bytes]));
  const required: string[] = [COLUMN_FILES.fingerprints, COLUMN_FILES.popcountStarts, COLUMN_FILES.smilesIndex, COLUMN_FILES.smilesText, COLUMN_FILES.idsIndex, COLUMN_FILES.idsText];
  for (const property of manifest.properties) {
    if (property.kind === 'text') {
      required.push(...textPropertyFiles(property));
      continue;
    }
    const column = numericColumn(property, (name) => listed.has(name));
    required.push(column.name);
    expected.set(column.name, manifest.count * column.bytesPerRow);
  }
  // A walked catalogue's volume graph holds the volume vectors in their file's place (format/shape-index-layout.ts).
  if (manifest.shape) required.push(...MODEL_FILES, ...(listed.has(SHAPE_INDEX_FILES.graph) ? [] : [SHAPE_INDEX_FILES.vectors]));
  for (const name of required) {
    if (!listed.has(name)) throw new EngineError('CATALOGUE_CORRUPT', `${join(dir, MANIFEST_FILE)} does not list the column file ${name}: re-import catalogue ${manifest.id}.`);
  }
  for (const file of manifest.files) {
    const path = join(dir, file.name);
    const want = expected.get(file.name);
    if (want !== undefined && want !== file.bytes) {
      throw new EngineError('CATALOGUE_CORRUPT', `${join(dir, MANIFEST_FILE)} gives ${path} ${file.bytes} bytes, but ${manifest.count} molecules need ${want}.`);
    }
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch (error) {
      throw new EngineError('CATALOGUE_CORRUPT', `Catalogue ${manifest.id} is damaged: ${path} is missing.`, { cause: error });
    }
    if (size !== file.bytes) {
      throw new EngineError('CATALOGUE_CORRUPT', `Catalogue ${manifest.id} is damaged: ${path} has ${size} bytes, the manifest says ${file.bytes} (truncated or overwritten).`);
    }
  }
}

function checkPopcountStarts(path: string, starts: Uint32Array, count: number): void {
  if (!(starts[POPCOUNT_SLOTS - 1] === count && offsetsAscendFromZero(starts))) throw new EngineError('CATALOGUE_CORRUPT', `${path} is not a valid popcount table for ${count} molecules: re-import the catalogue.`);
}

/** A string column: one row's string, or the bytes of a range of rows in one read. */
interface StringColumn {
  one(row: number): string;
  range(first: number, end: number): PackedBytes;
}

/** A string column: its offsets in memory, each row's text read from the file (checked in full here). */
async function readStrings(files: CatalogueFiles, indexName: string, textName: string, count: number): Promise<StringColumn> {
  const offsets = new Uint32Array(toArrayBuffer(await files.read(indexName)));
  await files.verify(textName);
  if (!(offsets.length === count + 1 && offsets[count] === files.size(textName) && offsetsAscendFromZero(offsets))) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(indexName)} does not match ${files.path(textName)} (damaged offsets): re-import the catalogue.`);
  }
  return {
    one: (row) => {
      checkRow(row, count);
      return Buffer.from(files.readRange(textName, offsets[row]!, offsets[row + 1]! - offsets[row]!)).toString('utf8');
    },
    range: (first, end) => {
      if (!(Number.isInteger(first) && Number.isInteger(end) && first >= 0 && first <= end && end <= count)) throw new EngineError('INVALID_REQUEST', `Rows ${first}..${end - 1} are outside 0..${count - 1}.`);
      const start = offsets[first]!;
      return { bytes: files.readRange(textName, start, offsets[end]! - start), offsets: Uint32Array.from(offsets.subarray(first, end + 1), (offset) => offset - start) };
    },
  };
}

/**
 * The 3D columns: the models' offsets in memory (4 bytes a row), each model read from the file when asked
 * for (the whole file was checked against its checksum at open), the index opened on first use.
 */
async function readShapeColumns(files: CatalogueFiles, count: number): Promise<ShapeColumns> {
  const offsets = new Uint32Array(toArrayBuffer(await files.read(MODEL_FILES[0])));
  await files.verify(MODEL_FILES[1]);
  if (!(offsets.length === count + 1 && offsets[count] === files.size(MODEL_FILES[1]) && offsetsAscendFromZero(offsets))) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(MODEL_FILES[0])} does not match ${files.path(MODEL_FILES[1])}: re-import the catalogue.`);
  }
  const index = stageOneIndexOpener(files, count);
  return {
    model: (row) => {
      checkRow(row, count);
      return files.readRange(MODEL_FILES[1], offsets[row]!, offsets[row + 1]! - offsets[row]!);
    },
    modelSpans: (rows) => {
      const positions = new Float64Array(rows.length);
      const lengths = new Uint32Array(rows.length);
      rows.forEach((row, i) => {
        checkRow(row, count);
        positions[i] = offsets[row]!;
        lengths[i] = offsets[row + 1]! - offsets[row]!;
      });
      return { path: files.path(MODEL_FILES[1]), positions, lengths };
    },
    index,
  };
}

function checkRow(row: number, count: number): void {
  if (!(Number.isInteger(row) && row >= 0 && row < count)) throw new EngineError('INVALID_REQUEST', `Row ${row} is outside 0..${count - 1}.`);
}

interface PropertyReader {
  key: string;
  value: (row: number) => PropertyValue;
}

async function readProperties(files: CatalogueFiles, properties: StoredProperty[], count: number): Promise<PropertyReader[]> {
  const readers: PropertyReader[] = [];
  for (const property of properties) {
    if (property.kind === 'text') {
      const [index, text] = textPropertyFiles(property);
      readers.push({ key: property.key, value: (await readStrings(files, index, text, count)).one });
      continue;
    }
    // A value a row, read per row like the strings (checked in full here).
    const column = numericColumn(property, (name) => files.has(name));
    await files.verify(column.name);
    const value = (row: number): number => {
      checkRow(row, count);
      return column.value(files.readRange(column.name, row * column.bytesPerRow, column.bytesPerRow), 0);
    };
    readers.push({ key: property.key, value: property.kind === 'boolean' ? (row) => value(row) === 1 : value });
  }
  return readers;
}

function isFileEntry(file: unknown): boolean {
  const entry = file as { name?: unknown; bytes?: unknown; crc32?: unknown };
  return typeof entry.name === 'string' && Number.isInteger(entry.bytes) && typeof entry.crc32 === 'string' && /^[0-9a-f]{8}$/.test(entry.crc32);
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

async function verifiedPath(files: CatalogueFiles, name: string): Promise<string> {
  await files.verify(name);
  return files.path(name);
}
