// Fingerprint files for the Morgan figures of the scale benchmark: the real fingerprints of
// chemspace_screening (a Morgan-only import, so no 3D preparation is needed) and files of `rows` rows made
// of copies of them, in popcount order as a catalogue's fingerprint file is.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MORGAN_BITS, MORGAN_BYTES, popcount, seededRandom } from '@molsearch/chem';
import { importCatalogue, openCatalogue } from '@molsearch/engine';
import type { Catalogue } from '@molsearch/engine';
import { replicaPreparer, writeReplicaInput } from './replicas.ts';

const CHEMSPACE = new URL('../../../shared/data/catalogs/chemspace_screening.smi.gz', import.meta.url).pathname;
const SOURCE_ID = 'CHEMSPACE-100K-MORGAN';

/** How the copies of a real fingerprint differ. */
export type CopyKind = 'identical' | 'distinct';

/**
 * The fingerprints of chemspace_screening as the import computes them, in popcount order (the catalogue's
 * own file), cached in <work>/morgan-sources.bin. The first call imports the file Morgan-only (a few minutes).
 */
export async function morganSources(work: string): Promise<Uint8Array[]> {
  const cache = join(work, 'morgan-sources.bin');
  if (!existsSync(cache)) {
    const dataDir = join(work, 'data');
    await mkdir(dataDir, { recursive: true });
    const started = performance.now();
    let catalogue = await openCatalogue(dataDir, SOURCE_ID).catch(() => undefined);
    if (!catalogue) {
      await importCatalogue({ files: [CHEMSPACE], id: SOURCE_ID, dataDir, workers: 2 });
      catalogue = await openCatalogue(dataDir, SOURCE_ID);
    }
    await copyFile(await catalogue.fingerprintFile!(), `${cache}.tmp`);
    await rename(`${cache}.tmp`, cache);
    console.log(`real fingerprints: Morgan-only import of chemspace_screening (${catalogue.count.toLocaleString()} molecules) in ${((performance.now() - started) / 1000).toFixed(0)} s, kept in ${cache}`);
  }
  const bytes = await readFile(cache);
  const rows = Array.from({ length: bytes.length / MORGAN_BYTES }, (_, i) => new Uint8Array(bytes.buffer, bytes.byteOffset + i * MORGAN_BYTES, MORGAN_BYTES));
  for (let i = 1; i < rows.length; i++) {
    if (popcount(rows[i]!) < popcount(rows[i - 1]!)) throw new Error(`${cache} is not in popcount order: delete it to rebuild`);
  }
  return rows;
}

/** Positions of the set bits of a fingerprint, ascending. */
export function setBitsOf(fingerprint: Uint8Array): Uint16Array {
  const bits: number[] = [];
  for (let i = 0; i < MORGAN_BITS; i++) if ((fingerprint[i >> 3]! & (1 << (i & 7))) !== 0) bits.push(i);
  return Uint16Array.from(bits);
}

/**
 * Copy `copy` of a fingerprint (`setBits`: its set bits, setBitsOf). Identical copies are the fingerprint
 * itself. Distinct copies (all but copy 0) have `moves` of their set bits moved to unset positions, drawn
 * from a generator seeded by the source row and copy: the popcount is kept, so the file stays in popcount
 * order, and copies score below their source against the query, as neighbours in a real catalogue do,
 * instead of tying with it.
 */
export function fingerprintCopy(source: Uint8Array, setBits: Uint16Array, sourceRow: number, copy: number, kind: CopyKind, moves: number, target: Uint8Array): void {
  target.set(source);
  if (kind === 'identical' || copy === 0 || moves === 0) return;
  const random = seededRandom(Math.imul(sourceRow + 1, 0x9e3779b1) ^ Math.imul(copy, 0x85ebca6b));
  const bit = (i: number): boolean => (target[i >> 3]! & (1 << (i & 7))) !== 0;
  const flip = (i: number): void => {
    target[i >> 3]! ^= 1 << (i & 7);
  };
  const count = setBits.length;
  for (let m = 0; m < Math.min(moves, count, MORGAN_BITS - count); m++) {
    // A set bit of the source not moved yet (at most `moves` tries fail), then an unset position (most are).
    let on: number;
    do on = setBits[Math.floor(random() * count)]!;
    while (!bit(on));
    let off: number;
    do off = Math.floor(random() * MORGAN_BITS);
    while (bit(off) || setBits.includes(off));
    flip(on);
    flip(off);
  }
}

/** Writes <work>/morgan-<kind>-<total>.bin: each source (popcount order) followed by its copies; returns the path and row count. */
export async function writeReplicatedFingerprints(work: string, sources: Uint8Array[], rows: number, kind: CopyKind, moves: number): Promise<{ path: string; total: number; copies: number }> {
  const copies = Math.ceil(rows / sources.length);
  const total = copies * sources.length;
  const path = join(work, `morgan-${kind}-${total}.bin`);
  const perBlock = Math.max(1, Math.floor((64 << 20) / (copies * MORGAN_BYTES)));
  const block = Buffer.alloc(perBlock * copies * MORGAN_BYTES);
  const handle = await open(path, 'w');
  try {
    for (let first = 0; first < sources.length; first += perBlock) {
      const end = Math.min(sources.length, first + perBlock);
      for (let s = first; s < end; s++) {
        const setBits = kind === 'distinct' ? setBitsOf(sources[s]!) : new Uint16Array(0);
        for (let c = 0; c < copies; c++) {
          const at = ((s - first) * copies + c) * MORGAN_BYTES;
          fingerprintCopy(sources[s]!, setBits, s, c, kind, moves, block.subarray(at, at + MORGAN_BYTES));
        }
      }
      await handle.write(block, 0, (end - first) * copies * MORGAN_BYTES);
    }
  } catch (error) {
    await handle.close();
    await rm(path, { force: true });
    throw error;
  }
  await handle.close();
  return { path, total, copies };
}

/**
 * MORGAN-REPLICATED-<rows>: a Morgan-only catalogue of the chemspace_screening rows copied rows / 100k times
 * (identical chemistry, ids <id>~<copy>), imported through the engine's own writer with a preparer that
 * answers from the real rows, so no chemistry runs. Kept in <work>/data for later runs.
 */
export async function morganReplicaCatalogue(work: string, rows: number): Promise<Catalogue> {
  const dataDir = join(work, 'data');
  const id = `MORGAN-REPLICATED-${rows}`;
  const existing = await openCatalogue(dataDir, id).catch(() => undefined);
  if (existing) return existing;
  await morganSources(work);
  const real = await openCatalogue(dataDir, SOURCE_ID);
  const numeric = real.manifest.properties.filter((property) => property.kind !== 'text').map((property) => property.key);
  const text = real.manifest.properties.filter((property) => property.kind === 'text').map((property) => property.key);
  const sources = new Map<string, { smiles: string; fingerprint: Uint8Array; numbers: Float32Array; texts: string[]; model: Uint8Array }>();
  for (let row = 0; row < real.count; row++) {
    const values = real.properties(row);
    sources.set(real.compoundId(row), {
      smiles: real.smiles(row),
      fingerprint: real.fingerprint(row),
      numbers: Float32Array.from(numeric.map((key) => Number(values[key]))),
      texts: text.map((key) => String(values[key])),
      model: new Uint8Array(0),
    });
  }
  const input = join(work, `${id}.smi`);
  await writeReplicaInput(input, sources, Math.ceil(rows / sources.size));
  const started = performance.now();
  try {
    await importCatalogue({ files: [input], id, dataDir, preparer: replicaPreparer(sources), workers: 2, limit: rows });
  } finally {
    await rm(input, { force: true });
  }
  console.log(`built ${id} (Morgan only) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return openCatalogue(dataDir, id);
}
