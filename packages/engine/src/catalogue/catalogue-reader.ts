import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError } from '../engine-error.ts';
import { allocateFingerprintMemory, fingerprintView } from '../kernels/fingerprint-memory.ts';
import { foldFingerprints } from '../kernels/wasm-kernel.ts';
import type { FingerprintColumn } from '../kernels/fingerprint-memory.ts';
import { CATALOGUE_FORMAT_VERSION, COLUMN_FILES, FINGERPRINT_BYTES, MANIFEST_FILE, POPCOUNT_SLOTS, propertyFiles } from './catalogue-format.ts';
import type { CatalogueManifest, StoredProperty } from './catalogue-format.ts';
import { catalogueDir } from './catalogue-paths.ts';
import { GRID_FILE, MODEL_FILES } from './catalogue-builder.ts';
import { GRID_ROW_BYTES } from '../stage1/pose-grid.ts';
import { PoseGridColumn } from '../stage1/pose-grid-scan.ts';
import { CHARGE_SITE_FILES, chargeSiteFileSizes, readChargeSites } from './charge-site-files.ts';
import { offsetsAscendFromZero, readColumn, toArrayBuffer } from './column-file.ts';

export type PropertyValue = number | boolean | string;

/** An opened catalogue: columns in memory, rows in popcount order. */
export interface Catalogue {
  id: string;
  dir: string;
  manifest: CatalogueManifest;
  count: number;
  fingerprints: FingerprintColumn;
  /** Identifies this build of the catalogue; changes when it is re-imported. */
  version: string;
  smiles(row: number): string;
  compoundId(row: number): string;
  fingerprint(row: number): Uint8Array;
  properties(row: number): Record<string, PropertyValue>;
  /** The 3D columns, when the catalogue was imported with them. */
  shape?: ShapeColumns;
}

export interface ShapeColumns {
  /** Encoded compact 3D model of a row (@molsearch/chem decodeModel); empty when it has no conformer. */
  model(row: number): Uint8Array;
  /** The stage-1 volume grids, loaded into the grid kernel on first use. */
  grids(): PoseGridColumn;
  /** The grids with the charge sites stage 1 of the electrostatic method reads, loaded on first use. */
  chargeGrids(): PoseGridColumn;
}

/** Reads and checks a catalogue folder; any missing, truncated or inconsistent file is named in the error. */
export async function readCatalogue(dataDir: string, id: string): Promise<Catalogue> {
  const dir = catalogueDir(dataDir, id);
  const manifest = await readManifest(dir, id);
  const count = manifest.count;
  await checkFileSizes(dir, manifest);
  const fingerprintBytes = await readColumn(dir, COLUMN_FILES.fingerprints, count * FINGERPRINT_BYTES);
  const starts = new Uint32Array(toArrayBuffer(await readColumn(dir, COLUMN_FILES.popcountStarts, POPCOUNT_SLOTS * 4)));
  checkPopcountStarts(join(dir, COLUMN_FILES.popcountStarts), starts, count);
  const memory = allocateFingerprintMemory(count);
  const fingerprints: FingerprintColumn = { memory, count, popcountStarts: starts };
  fingerprintView(fingerprints).set(fingerprintBytes);
  foldFingerprints(fingerprints);
  const smiles = await readStrings(dir, COLUMN_FILES.smilesIndex, COLUMN_FILES.smilesText, count);
  const ids = await readStrings(dir, COLUMN_FILES.idsIndex, COLUMN_FILES.idsText, count);
  const properties = await readProperties(dir, manifest.properties, count);
  const view = fingerprintView(fingerprints);
  const shape = manifest.shape ? await readShapeColumns(dir, manifest) : undefined;
  return {
    ...(shape ? { shape } : {}),
    id: manifest.id,
    dir,
    manifest,
    count,
    fingerprints,
    version: `${manifest.id}@${manifest.created}`,
    smiles: smiles,
    compoundId: ids,
    fingerprint: (row) => view.slice(row * FINGERPRINT_BYTES, (row + 1) * FINGERPRINT_BYTES),
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
  if (!Number.isInteger(manifest.count) || manifest.count < 0 || !Array.isArray(manifest.files) || !Array.isArray(manifest.properties)) {
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

async function checkFileSizes(dir: string, manifest: CatalogueManifest): Promise<void> {
  const expected = new Map<string, number>([
    [COLUMN_FILES.fingerprints, manifest.count * FINGERPRINT_BYTES],
    [COLUMN_FILES.popcountStarts, POPCOUNT_SLOTS * 4],
    [COLUMN_FILES.smilesIndex, (manifest.count + 1) * 4],
    [COLUMN_FILES.idsIndex, (manifest.count + 1) * 4],
    [GRID_FILE, manifest.count * GRID_ROW_BYTES],
    ...chargeSiteFileSizes(manifest.count),
  ]);
  const listed = new Map(manifest.files.map((file) => [file.name, file.bytes]));
  const required = [COLUMN_FILES.fingerprints, COLUMN_FILES.popcountStarts, COLUMN_FILES.smilesIndex, COLUMN_FILES.smilesText, COLUMN_FILES.idsIndex, COLUMN_FILES.idsText, ...manifest.properties.flatMap(propertyFiles)];
  if (manifest.shape) required.push(...MODEL_FILES, GRID_FILE, ...Object.values(CHARGE_SITE_FILES));
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

async function readStrings(dir: string, indexName: string, textName: string, count: number): Promise<(row: number) => string> {
  const offsets = new Uint32Array(toArrayBuffer(await readColumn(dir, indexName, (count + 1) * 4)));
  const text = await readFile(join(dir, textName));
  if (!(offsets[count] === text.byteLength && offsetsAscendFromZero(offsets))) throw new EngineError('CATALOGUE_CORRUPT', `${join(dir, indexName)} does not match ${join(dir, textName)} (damaged offsets): re-import the catalogue.`);
  return (row) => {
    if (!(row >= 0 && row < count)) throw new EngineError('INVALID_REQUEST', `Row ${row} is outside 0..${count - 1}.`);
    return text.toString('utf8', offsets[row]!, offsets[row + 1]!);
  };
}

async function readShapeColumns(dir: string, manifest: CatalogueManifest): Promise<ShapeColumns> {
  const offsets = new Uint32Array(toArrayBuffer(await readColumn(dir, MODEL_FILES[0], (manifest.count + 1) * 4)));
  const blob = await readFile(join(dir, MODEL_FILES[1]));
  if (offsets[manifest.count] !== blob.byteLength) throw new EngineError('CATALOGUE_CORRUPT', `${join(dir, MODEL_FILES[0])} does not match ${join(dir, MODEL_FILES[1])}: re-import the catalogue.`);
  const model = (row: number) => blob.subarray(offsets[row]!, offsets[row + 1]!);
  let loaded: PoseGridColumn | undefined;
  const grids = () => {
    // The file's size was checked at open; the column checks the bytes it is given again.
    loaded ??= new PoseGridColumn(readFileSync(join(dir, GRID_FILE)), manifest.count);
    return loaded;
  };
  return {
    model,
    grids,
    chargeGrids: () => {
      const column = grids();
      if (!column.hasSites) column.placeSites(readChargeSites(dir, manifest.count));
      return column;
    },
  };
}

interface PropertyReader {
  key: string;
  value: (row: number) => PropertyValue;
}

async function readProperties(dir: string, properties: StoredProperty[], count: number): Promise<PropertyReader[]> {
  const readers: PropertyReader[] = [];
  for (const property of properties) {
    const files = propertyFiles(property);
    if (property.kind === 'text') {
      readers.push({ key: property.key, value: await readStrings(dir, files[0]!, files[1]!, count) });
      continue;
    }
    const values = new Float32Array(toArrayBuffer(await readColumn(dir, files[0]!, count * 4)));
    readers.push({ key: property.key, value: property.kind === 'boolean' ? (row) => values[row] === 1 : (row) => values[row]! });
  }
  return readers;
}

/** A Buffer may be a view into Node's shared pool; typed arrays over it need their own aligned buffer. */

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
