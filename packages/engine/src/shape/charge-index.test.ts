import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModel } from '@molsearch/chem';
import { copyCatalogue } from '../catalogue/catalogue-copy.fixture.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { queryChargeVectors, rowChargeVector } from '../features/charge-index-vector.ts';
import { rowIndexVector } from '../features/index-vector.ts';
import type { CatalogueManifest } from '../format/catalogue-format.ts';
import { CHARGE_FIELD, CHARGE_INDEX_FILE, CHARGE_POINTS, CHARGE_VECTOR_BYTES } from '../format/charge-index-layout.ts';
import { INDEX_BITS } from '../format/shape-index-layout.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { indexCandidates } from './index-candidates.ts';
import { scanIndexVectors } from './index-scan.ts';
import { writeNciInput } from './nci-input.fixture.ts';

// 40 small NCI compounds (nci-input.fixture.ts).
const ROWS = 40;
const ID = 'NCI-CHARGES';

let dir: string;
let dataDir: string;
let catalogue: Catalogue;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-charge-index-'));
  const smi = await writeNciInput(dir, ROWS);
  dataDir = join(dir, 'data');
  await importCatalogue({ files: [smi], id: ID, dataDir, workers: 2, shape: { conformers: 2, seed: 42, timeBudgetMs: 2000 } });
  catalogue = await openCatalogue(dataDir, ID);
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bitsOf = (bytes: Uint8Array, from: number, to: number): number[] => {
  const set: number[] = [];
  for (let b = from; b < to; b++) if (bytes[b >>> 3]! & (0x80 >>> (b & 7))) set.push(b - from);
  return set;
};

/** A copy of the test catalogue in its own data folder, its manifest and files changed by `change`. */
async function copyWith(name: string, change: (manifest: CatalogueManifest, folder: string) => Promise<void>): Promise<string> {
  const copy = join(dir, name);
  await copyCatalogue(dataDir, ID, { into: copy, change });
  return copy;
}

describe('the charge vectors of the stage-1 index', () => {
  it('are recorded in the manifest and hold where a molecule is positive and negative, not its volume', () => {
    expect(catalogue.manifest.shape?.chargeIndex).toEqual(CHARGE_FIELD);
    // The scan compares all but a vector's last byte (shape/index-scan.ts): both halves must fit before it.
    expect(2 * CHARGE_POINTS).toBeLessThanOrEqual(8 * (CHARGE_VECTOR_BYTES - 1));
    let charged = 0;
    for (let row = 0; row < catalogue.count; row++) {
      const encoded = catalogue.shape!.model(row);
      const vector = new Uint8Array(CHARGE_VECTOR_BYTES);
      if (!rowChargeVector(encoded, vector, 0)) continue;
      const model = decodeModel(encoded);
      // The same molecule with its charges reversed: its positive and negative bits trade places.
      const reversed = { ...model, charges: model.charges.map((q) => -q) };
      const mirror = queryChargeVectors(reversed, 1);
      // The query's first vector (first conformer, no flip) is the row's own.
      expect(bitsOf(queryChargeVectors(model, 1), 0, 2 * CHARGE_POINTS)).toEqual(bitsOf(vector, 0, 2 * CHARGE_POINTS));
      expect(bitsOf(mirror, 0, CHARGE_POINTS)).toEqual(bitsOf(vector, CHARGE_POINTS, 2 * CHARGE_POINTS));
      expect(bitsOf(mirror, CHARGE_POINTS, 2 * CHARGE_POINTS)).toEqual(bitsOf(vector, 0, CHARGE_POINTS));
      // Without charges nothing is set, whatever the volume the index vector holds.
      const neutral = queryChargeVectors({ ...model, charges: model.charges.map(() => 0) }, 1);
      expect(bitsOf(neutral, 0, 8 * CHARGE_VECTOR_BYTES)).toEqual([]);
      const volume = new Int8Array(INDEX_BITS);
      rowIndexVector(encoded, volume, 0);
      expect(volume.some((bit) => bit > 0)).toBe(true);
      if (bitsOf(vector, 0, CHARGE_POINTS).length > 0 && bitsOf(vector, CHARGE_POINTS, 2 * CHARGE_POINTS).length > 0) charged++;
    }
    expect(charged).toBeGreaterThan(ROWS * 0.8);
  });

  it("are scanned exactly: a row's score is its best Tanimoto over the query's charge vectors", async () => {
    const query = decodeModel(catalogue.shape!.model(5));
    const index = await catalogue.shape!.index(64);
    const probes = queryChargeVectors(query, 2);
    const scores = scanIndexVectors(index.charges!, catalogue.count, probes);
    const file = readFileSync(index.charges!);
    let compared = 0;
    for (let row = 0; row < catalogue.count; row++) {
      const own = new Uint8Array(CHARGE_VECTOR_BYTES);
      if (!rowChargeVector(catalogue.shape!.model(row), own, 0)) continue;
      expect([...file.subarray(row * CHARGE_VECTOR_BYTES, (row + 1) * CHARGE_VECTOR_BYTES)]).toEqual([...own]);
      const mine = bitsOf(own, 0, 2 * CHARGE_POINTS);
      let best = 0;
      for (let p = 0; p < probes.length / CHARGE_VECTOR_BYTES; p++) {
        const theirs = new Set(bitsOf(probes.subarray(p * CHARGE_VECTOR_BYTES), 0, 2 * CHARGE_POINTS));
        const common = mine.filter((bit) => theirs.has(bit)).length;
        const union = mine.length + theirs.size - common;
        best = Math.max(best, union === 0 ? 0 : common / union);
      }
      expect(scores[row]).toBeCloseTo(best, 6);
      compared++;
    }
    expect(compared).toBeGreaterThan(ROWS * 0.9);
    expect(scores[5]).toBe(1);
  });

  it('add the nearest rows by charges to what the electrostatic probe finds', async () => {
    const probe = { conformers: 1, expansion: 4 };
    let added = 0;
    for (const row of [2, 9, 21, 33]) {
      const query = decodeModel(catalogue.shape!.model(row));
      const volume = await indexCandidates(catalogue, query, 'fast', probe, 'scan');
      const both = await indexCandidates(catalogue, query, 'fast', probe, 'scan', true);
      expect([...both]).toEqual([...new Set(both)].sort((a, b) => a - b));
      expect([...both]).toContain(row);
      added += both.length - volume.length;
    }
    expect(added).toBeGreaterThan(0);
  });

  it('leave a catalogue built before them searching by volume alone', async () => {
    const old = await copyWith('old', async (manifest, folder) => {
      delete manifest.shape!.chargeIndex;
      manifest.files = manifest.files.filter((file) => file.name !== CHARGE_INDEX_FILE);
      await rm(join(folder, CHARGE_INDEX_FILE));
    });
    const before = await openCatalogue(old, ID);
    expect((await before.shape!.index(16)).charges).toBeUndefined();
    const query = decodeModel(catalogue.shape!.model(9));
    const probe = { conformers: 1, expansion: 4 };
    const rows = await indexCandidates(before, query, 'fast', probe, 'scan', true);
    expect([...rows]).toEqual([...(await indexCandidates(catalogue, query, 'fast', probe, 'scan'))]);
  });

  it('refuses charge vectors that are damaged or cut short, by name', async () => {
    const damaged = await copyWith('damaged', async (_, folder) => {
      const path = join(folder, CHARGE_INDEX_FILE);
      const bytes = await readFile(path);
      bytes[3 * CHARGE_VECTOR_BYTES + 7] = bytes[3 * CHARGE_VECTOR_BYTES + 7]! ^ 0xff;
      await writeFile(path, bytes);
    });
    await expect((await openCatalogue(damaged, ID)).shape!.index(16)).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(CHARGE_INDEX_FILE) });
    const cut = await copyWith('cut', async (_, folder) => truncate(join(folder, CHARGE_INDEX_FILE), 5 * CHARGE_VECTOR_BYTES));
    await expect(openCatalogue(cut, ID)).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(CHARGE_INDEX_FILE) });
    const unlisted = await copyWith('unlisted', async (manifest) => {
      manifest.files = manifest.files.filter((file) => file.name !== CHARGE_INDEX_FILE);
    });
    await expect((await openCatalogue(unlisted, ID)).shape!.index(16)).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(CHARGE_INDEX_FILE) });
  });
});
