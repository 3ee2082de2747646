import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModel } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { copyCatalogue } from '../catalogue/catalogue-copy.fixture.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { catalogueDir } from '../format/catalogue-paths.ts';
import { INDEX_BITS, MORE_CONFORMER_VECTORS, SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';
import { CONFORMER_VECTOR_BYTES, INDEX_VECTOR_BYTES, packIndexVectors } from '../format/shape-index-vectors.ts';
import { queryIndexVectors } from '../features/index-vector.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { rankRows } from './grid-candidates.ts';
import { indexCandidates } from './index-candidates.ts';
import type { IndexProbe } from './index-candidates.ts';
import { scanIndexNeighbours, scanNeighbourFiles } from './index-scan.ts';
import { writeNciInput } from './nci-input.fixture.ts';

// 60 small NCI compounds (nci-input.fixture.ts).
const ROWS = 60;

let dir: string;
let dataDir: string;
let catalogue: Catalogue;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-conformer-vectors-'));
  const smi = await writeNciInput(dir, ROWS);
  dataDir = join(dir, 'data');
  // Scanned, as every catalogue of up to INDEX_WALK.exhaustiveRows rows is; a time budget no molecule reaches.
  await importCatalogue({ files: [smi], id: 'NCI-SCAN', dataDir, workers: 2, shape: { conformers: 3, seed: 42, timeBudgetMs: 60_000 } });
  catalogue = await openCatalogue(dataDir, 'NCI-SCAN');
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The model with only its conformer `k`: probed alone, it gives that conformer's vectors. */
function onlyConformer(model: Model3D, k: number): Model3D {
  return { ...model, conformers: [model.conformers[k]!], summaries: model.summaries ? [model.summaries[k]!] : undefined };
}

function modelOf(row: number): Model3D | undefined {
  const encoded = catalogue.shape!.model(row);
  return encoded.byteLength === 0 ? undefined : decodeModel(encoded);
}

describe("the stage-1 index's vectors of every conformer", () => {
  it("keeps, for each row, the vector of each conformer after its first in that conformer's own principal frame, and zeros for those it lacks", async () => {
    const file = await readFile(join(catalogueDir(dataDir, 'NCI-SCAN'), SHAPE_INDEX_FILES.conformerVectors));
    expect(file.length).toBe(catalogue.count * CONFORMER_VECTOR_BYTES);
    let several = 0;
    for (let row = 0; row < catalogue.count; row++) {
      const model = modelOf(row);
      for (let k = 1; k <= MORE_CONFORMER_VECTORS; k++) {
        const stored = file.subarray(row * CONFORMER_VECTOR_BYTES + (k - 1) * INDEX_VECTOR_BYTES, row * CONFORMER_VECTOR_BYTES + k * INDEX_VECTOR_BYTES);
        if (!model || k >= model.conformers.length) {
          expect(stored.every((byte) => byte === 0)).toBe(true);
          continue;
        }
        // The first of a probe's four axis flips is none: the conformer as its own frame has it.
        const expected = packIndexVectors(queryIndexVectors(onlyConformer(model, k), 1).subarray(0, INDEX_BITS));
        expect([...stored]).toEqual([...expected]);
        several++;
      }
    }
    expect(several).toBeGreaterThan(ROWS);
  });

  it('finds a row by whichever of its conformers is nearest, where its first conformer alone is not found', async () => {
    // One probe conformer, and each probe keeping its single nearest vector (a few more where they tie).
    const firstOnly: IndexProbe = { conformers: 1, expansion: 1 };
    const every: IndexProbe = { ...firstOnly, everyConformer: { conformers: 1, expansion: 1 } };
    let checked = 0;
    let missedByFirst = 0;
    for (let row = 0; row < catalogue.count; row++) {
      const model = modelOf(row);
      if (!model || model.conformers.length < 3) continue;
      const query = onlyConformer(model, 2);
      expect([...(await indexCandidates(catalogue, query, 'fast', every, 'scan'))]).toContain(row);
      if (![...(await indexCandidates(catalogue, query, 'fast', firstOnly, 'scan'))].includes(row)) missedByFirst++;
      checked++;
    }
    expect(checked).toBeGreaterThan(ROWS / 2);
    expect(missedByFirst).toBeGreaterThan(0);
  });

  it('never loses the molecule an exhaustive stage 1 ranks first for a self-query, even explored narrowly', async () => {
    const all = Uint32Array.from({ length: catalogue.count }, (_, row) => row);
    const narrow: IndexProbe = { conformers: 1, expansion: 8, everyConformer: { conformers: 1, expansion: 8 } };
    let checked = 0;
    for (let row = 0; row < catalogue.count; row++) {
      const query = modelOf(row);
      if (!query) continue;
      const [first] = await rankRows(catalogue, all, query, 'espsim_shape', 'fast', 1);
      expect([...(await indexCandidates(catalogue, query, 'fast', narrow, 'scan'))]).toContain(first);
      checked++;
    }
    expect(checked).toBeGreaterThan(ROWS * 0.9);
  });

  it('keeps the nearest vectors of several files as it would of one file holding them all', async () => {
    const folder = catalogueDir(dataDir, 'NCI-SCAN');
    const first = join(folder, SHAPE_INDEX_FILES.vectors);
    const others = join(folder, SHAPE_INDEX_FILES.conformerVectors);
    const joined = join(dir, 'joined.bits');
    await writeFile(joined, Buffer.concat([await readFile(first), await readFile(others)]));
    const vectors = catalogue.count * (1 + MORE_CONFORMER_VECTORS);
    for (const row of [3, 17, 40]) {
      const probes = packIndexVectors(queryIndexVectors(modelOf(row)!, 2));
      const [byFirst, byOthers] = scanNeighbourFiles([{ path: first, vectors: catalogue.count }, { path: others, vectors: catalogue.count * MORE_CONFORMER_VECTORS }], probes, 6);
      const whole = scanIndexNeighbours(joined, vectors, probes, 6);
      expect([...byFirst!, ...byOthers!]).toEqual([...whole]);
      expect(whole.reduce((sum, hit) => sum + hit, 0)).toBeGreaterThanOrEqual(6);
    }
  });

  it('probes a catalogue built before conformer vectors by first conformers, as before', async () => {
    const older = await copyCatalogue(dataDir, 'NCI-SCAN', {
      into: join(dir, 'older'),
      change: async (manifest, folder) => {
        manifest.files = manifest.files.filter((file) => file.name !== SHAPE_INDEX_FILES.conformerVectors);
        await rm(join(folder, SHAPE_INDEX_FILES.conformerVectors));
      },
    });
    const before = await openCatalogue(join(older, '..', '..'), 'NCI-SCAN');
    const query = modelOf(9)!;
    const firstOnly: IndexProbe = { conformers: 2, expansion: 4 };
    const probe: IndexProbe = { ...firstOnly, everyConformer: { conformers: 2, expansion: 12 } };
    const found = await indexCandidates(before, query, 'fast', probe, 'scan');
    expect([...found]).toEqual([...(await indexCandidates(catalogue, query, 'fast', firstOnly, 'scan'))]);
    expect([...found]).not.toEqual([...(await indexCandidates(catalogue, query, 'fast', probe, 'scan'))]);
  });

  it('refuses conformer vectors that are damaged or cut short, by name', async () => {
    const name = SHAPE_INDEX_FILES.conformerVectors;
    const damaged = await copyCatalogue(dataDir, 'NCI-SCAN', {
      into: join(dir, 'damaged'),
      change: async (_, folder) => {
        const bytes = await readFile(join(folder, name));
        bytes[3 * INDEX_VECTOR_BYTES + 7] = bytes[3 * INDEX_VECTOR_BYTES + 7]! ^ 0xff;
        await writeFile(join(folder, name), bytes);
      },
    });
    await expect((await openCatalogue(join(damaged, '..', '..'), 'NCI-SCAN')).shape!.index(16)).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(name) });
    const cut = await copyCatalogue(dataDir, 'NCI-SCAN', { into: join(dir, 'cut'), change: (_, folder) => truncate(join(folder, name), 5 * INDEX_VECTOR_BYTES) });
    await expect(openCatalogue(join(cut, '..', '..'), 'NCI-SCAN')).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(name) });
  });
});
