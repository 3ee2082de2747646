import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FINGERPRINT_BYTES } from '../format/catalogue-format.ts';
import type { CatalogueManifest } from '../format/catalogue-format.ts';
import type { CataloguePart } from '../format/catalogue-part.ts';
import { cataloguesDir, parsePartFolderName, partFolderName } from '../format/catalogue-paths.ts';
import { EngineError } from '../format/engine-error.ts';
import type { Catalogue, ShapeColumns } from './catalogue-reader.ts';

/**
 * The parts of catalogue `id` found in `dataDir` (folders `<id>.part-k-of-N`), as one set of N: the
 * parts present, and which are missing. Several sets (parts of 2 and of 4) are refused: one of them is
 * left over from an earlier split.
 */
export async function findParts(dataDir: string, id: string): Promise<{ of: number; present: CataloguePart[]; missing: number[] } | undefined> {
  let names: string[];
  try {
    names = await readdir(cataloguesDir(dataDir));
  } catch {
    return undefined;
  }
  const parts = names.map(parsePartFolderName).filter((found) => found?.id === id).map((found) => found!.part);
  if (parts.length === 0) return undefined;
  const splits = [...new Set(parts.map((part) => part.of))].sort((a, b) => a - b);
  if (splits.length > 1) {
    throw new EngineError('CATALOGUE_CORRUPT', `Catalogue ${id} has parts of ${splits.join(' and of ')} in ${cataloguesDir(dataDir)}: keep the folders of one split and remove the others.`);
  }
  const of = splits[0]!;
  const present = parts.sort((a, b) => a.index - b.index);
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((index) => !present.some((part) => part.index === index));
  return { of, present, missing };
}

/** Why a catalogue whose parts are not all here cannot be searched on this machine. */
export function missingPartsError(id: string, of: number, missing: number[]): EngineError {
  return new EngineError('CATALOGUE_NOT_FOUND', `Catalogue ${id} is imported in ${of} parts, but part${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not in this data directory.`);
}

/**
 * One catalogue made of its parts, with one row numbering: the rows of part 1, then those of part 2, and
 * so on, each part in its own (popcount) order. Rows, strings, properties, fingerprints one by one and 3D
 * models read through it as from a catalogue imported whole, so stored hits, pages and downloads need not
 * know about parts. It cannot be scanned as one (its rows are not in popcount order and each part has its
 * own stage-1 index): a search visits `parts` and merges their hits (search/search.ts).
 */
export function joinParts(dataDir: string, id: string, parts: readonly Catalogue[]): Catalogue {
  checkPartsAgree(id, parts);
  const starts = partStarts(parts);
  const count = starts[parts.length]!;
  const locate = (row: number): [Catalogue, number] => {
    if (!(Number.isInteger(row) && row >= 0 && row < count)) throw new EngineError('INVALID_REQUEST', `Row ${row} is outside 0..${count - 1}.`);
    let low = 0;
    let high = parts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid]! <= row) low = mid;
      else high = mid - 1;
    }
    return [parts[low]!, row - starts[low]!];
  };
  const first = parts[0]!;
  const manifest: CatalogueManifest = {
    ...first.manifest,
    count,
    created: parts.map((part) => part.manifest.created).sort().at(-1)!,
    skippedRows: sum(parts, (part) => part.manifest.skippedRows),
    duplicateIds: sum(parts, (part) => part.manifest.duplicateIds),
    files: [],
    bytesPerMolecule: Math.round(sum(parts, (part) => part.manifest.bytesPerMolecule * part.count) / Math.max(count, 1)),
  };
  delete manifest.part;
  const shape: ShapeColumns | undefined = first.shape && {
    model: (row) => {
      const [part, local] = locate(row);
      return part.shape!.model(local);
    },
    index: () => Promise.reject(notScannable(id, parts.length)),
  };
  return {
    ...(shape ? { shape } : {}),
    id,
    dir: join(cataloguesDir(dataDir), `${id}.part-*-of-${parts.length}`),
    manifest,
    count,
    version: parts.map((part) => part.version).join('+'),
    parts,
    partStarts: starts,
    get popcountStarts(): Uint32Array {
      throw notScannable(id, parts.length);
    },
    async readFingerprints(target) {
      // Part after part, in the joined row order: enough for reading rows by number, not for a BitBound scan.
      for (const [index, part] of parts.entries()) await part.readFingerprints(target.subarray(starts[index]! * FINGERPRINT_BYTES, starts[index + 1]! * FINGERPRINT_BYTES));
    },
    smiles: (row) => {
      const [part, local] = locate(row);
      return part.smiles(local);
    },
    compoundId: (row) => {
      const [part, local] = locate(row);
      return part.compoundId(local);
    },
    fingerprint: (row) => {
      const [part, local] = locate(row);
      return part.fingerprint(local);
    },
    properties: (row) => {
      const [part, local] = locate(row);
      return part.properties(local);
    },
  };
}

/** The first joined row of each part, then the total count. */
export function partStarts(parts: readonly Pick<Catalogue, 'count'>[]): Uint32Array {
  const starts = new Uint32Array(parts.length + 1);
  parts.forEach((part, index) => (starts[index + 1] = starts[index]! + part.count));
  return starts;
}

/** Parts of one catalogue are built by one command run N times: the same split, properties and 3D build. */
function checkPartsAgree(id: string, parts: readonly Catalogue[]): void {
  const reference = parts[0]!.manifest;
  parts.forEach((part, index) => {
    const { manifest } = part;
    const problem =
      manifest.part?.index !== index + 1 || manifest.part.of !== parts.length ? `is not ${partFolderName(id, { index: index + 1, of: parts.length })}`
        : JSON.stringify(manifest.properties) !== JSON.stringify(reference.properties) ? 'has other property columns than part 1'
          : JSON.stringify(manifest.shape ?? null) !== JSON.stringify(reference.shape ?? null) ? 'has other 3D columns than part 1'
            : undefined;
    if (problem) throw new EngineError('CATALOGUE_CORRUPT', `Catalogue ${id}: the folder ${part.dir} ${problem}; re-import the parts with one command (molsearch import ... --shard k/${parts.length}).`);
  });
}

function notScannable(id: string, parts: number): EngineError {
  return new EngineError('INVALID_REQUEST', `Catalogue ${id} is in ${parts} parts: it is searched part by part, not as one column.`);
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
