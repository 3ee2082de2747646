import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyCatalogue } from '../catalogue/catalogue-copy.fixture.ts';
import { listCatalogues } from '../catalogue/list-catalogues.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { COLUMN_FILES } from '../format/catalogue-format.ts';
import { catalogueDir } from '../format/catalogue-paths.ts';
import { CHARGE_GRAPH } from '../format/charge-index-layout.ts';
import { SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { setFingerprintMemoryBudget } from '../morgan/morgan-column.ts';
import { STAGE1_INDEX_PROBE } from '../shape/index-candidates.ts';
import { writeNciInput } from '../shape/nci-input.fixture.ts';
import { readyCatalogue } from './ready-for-search.ts';

let dir: string;
let dataDir: string;
const NO_CONFIG = { vendors: [], databases: [] };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-ready-'));
  dataDir = join(dir, 'data');
  // Walked although small (a graph at any size), as catalogues above INDEX_WALK.exhaustiveRows are.
  await importCatalogue({ files: [await writeNciInput(dir, 30)], id: 'WALKED', dataDir, workers: 2, indexThreads: 1, indexGraphRows: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 60_000 } });
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let budget: number | undefined;
afterEach(() => {
  if (budget !== undefined) setFingerprintMemoryBudget(budget);
  budget = undefined;
});

/** A copy of WALKED named `id` with one byte of its file `name` changed, its manifest's checksum left as it was. */
async function damagedCopy(id: string, name: string): Promise<void> {
  await copyCatalogue(dataDir, 'WALKED', {
    to: id,
    change: async (_manifest, folder) => {
      const bytes = await readFile(join(folder, name));
      bytes[bytes.length >> 1]! ^= 0xff;
      await writeFile(join(folder, name), bytes);
    },
  });
}

describe('readying a catalogue for search', () => {
  it("checks and maps both graphs of a walked catalogue before any search, as the fast search's probe reads them", async () => {
    await copyCatalogue(dataDir, 'WALKED', { to: 'READIED' });
    await readyCatalogue(dataDir, 'READIED');
    // Gone from the folder, the graphs are still there for the search: readying mapped them, and the search
    // takes the index readying opened rather than checking and mapping the files again.
    for (const name of [SHAPE_INDEX_FILES.graph, CHARGE_GRAPH.graph]) await rm(join(catalogueDir(dataDir, 'READIED'), name));
    const index = await (await openCatalogue(dataDir, 'READIED')).shape!.index(STAGE1_INDEX_PROBE.fast.expansion);
    expect(index.graph?.size()).toBeGreaterThan(0);
    expect(index.chargeGraph?.size()).toBe(index.graph?.size());
  });

  it.each([SHAPE_INDEX_FILES.graph, CHARGE_GRAPH.graph])('finds a damaged %s by name at once, and the listing then says the catalogue is damaged', async (name) => {
    const id = name === SHAPE_INDEX_FILES.graph ? 'VOLUME-GRAPH-DAMAGED' : 'CHARGE-GRAPH-DAMAGED';
    await damagedCopy(id, name);
    expect((await listCatalogues(dataDir, NO_CONFIG)).find((info) => info.id === id)?.problem).toBeUndefined();
    await expect(readyCatalogue(dataDir, id)).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(name) as unknown });
    expect((await listCatalogues(dataDir, NO_CONFIG)).find((info) => info.id === id)).toMatchObject({ problemCode: 'CATALOGUE_CORRUPT', problem: expect.stringContaining(name) as unknown });
  });

  it('checks fingerprints that stay in their file, and leaves those a search holds in memory to the first Morgan search', async () => {
    await damagedCopy('FINGERPRINTS-HELD', COLUMN_FILES.fingerprints);
    await readyCatalogue(dataDir, 'FINGERPRINTS-HELD');
    budget = setFingerprintMemoryBudget(0);
    await damagedCopy('FINGERPRINTS-IN-FILE', COLUMN_FILES.fingerprints);
    await expect(readyCatalogue(dataDir, 'FINGERPRINTS-IN-FILE')).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(COLUMN_FILES.fingerprints) as unknown });
  });
});
