import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManifestFile } from '../catalogue/catalogue-format.ts';
import { readColumnBuffer } from '../catalogue/column-file.ts';
import { EngineError } from '../engine-error.ts';
import type { IvfIndex } from './ivf-index.ts';

/** How a catalogue's manifest lists one IVF index (e.g. name "usrcat", dim 60). */
export interface IvfManifestEntry {
  name: string;
  dim: number;
  lists: number;
  entries: number;
}

/** File names of IVF index `name`: centroids, list offsets, rows and vectors, in that order. */
export function ivfFileNames(name: string): [string, string, string, string] {
  return [`ivf-${name}.centroids.f32`, `ivf-${name}.offsets.u32`, `ivf-${name}.rows.u32`, `ivf-${name}.vectors.f32`];
}

export async function writeIvfIndex(dir: string, name: string, index: IvfIndex): Promise<{ entry: IvfManifestEntry; files: ManifestFile[] }> {
  const names = ivfFileNames(name);
  const arrays = [index.centroids, index.offsets, index.rows, index.vectors];
  const files: ManifestFile[] = [];
  for (const [i, array] of arrays.entries()) {
    await writeFile(join(dir, names[i]!), new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    files.push({ name: names[i]!, bytes: array.byteLength });
  }
  return { entry: { name, dim: index.dim, lists: index.offsets.length - 1, entries: index.rows.length }, files };
}

/** Reads an IVF index, checking every file against the manifest entry; errors name the file. */
export async function readIvfIndex(dir: string, entry: IvfManifestEntry): Promise<IvfIndex> {
  const [centroids, offsets, rows, vectors] = ivfFileNames(entry.name);
  const index: IvfIndex = {
    dim: entry.dim,
    centroids: new Float32Array(await readColumnBuffer(dir, centroids, entry.lists * entry.dim * 4)),
    offsets: new Uint32Array(await readColumnBuffer(dir, offsets, (entry.lists + 1) * 4)),
    rows: new Uint32Array(await readColumnBuffer(dir, rows, entry.entries * 4)),
    vectors: new Float32Array(await readColumnBuffer(dir, vectors, entry.entries * entry.dim * 4)),
  };
  let ok = index.offsets[0] === 0 && index.offsets[entry.lists] === entry.entries;
  for (let l = 1; ok && l <= entry.lists; l++) ok = index.offsets[l]! >= index.offsets[l - 1]!;
  if (!ok) throw new EngineError('CATALOGUE_CORRUPT', `${join(dir, offsets)} is not a valid list table for ${entry.entries} entries: re-import the catalogue.`);
  return index;
}
