import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { search } from '../search/search.ts';
import { closeSearchPool } from '../search/shared-pools.ts';

// Similarities computed by RDKit's BulkTanimotoSimilarity (scripts/reference/rdkit-morgan-search-reference.py)
// for rows of the shared Chemspace sample; the test imports the same rows when ../shared is present.
const REFERENCE = fileURLToPath(new URL('../../test-data/morgan-search-reference.tsv', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../../../shared/data/catalogs/chemspace_screening.smi.gz', import.meta.url));

const referenceText = readFileSync(REFERENCE, 'utf8');
const lines = Number(/among the first (\d+) lines/.exec(referenceText)?.[1]);
const reference = referenceText
  .split('\n')
  .filter((line) => line && !line.startsWith('#') && !line.startsWith('query_id'))
  .map((line) => line.split('\t'))
  .map(([queryId, id, similarity]) => ({ queryId: queryId!, id: id!, similarity: Number(similarity) }));

let dir: string | undefined;

afterAll(async () => {
  await closeSearchPool();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.runIf(existsSync(SHARED))('Morgan search against RDKit (shared Chemspace sample)', () => {
  it('gives RDKit\'s exact Tanimoto for every reference pair', async () => {
    dir = await mkdtemp(join(tmpdir(), 'molsearch-reference-'));
    const smi = join(dir, 'sample.smi');
    await writeFile(smi, gunzipSync(readFileSync(SHARED)).toString('utf8').split('\n').slice(0, lines).join('\n'));
    const dataDir = join(dir, 'data');
    // Prepared on this thread: RDKit is loaded here already, worker start-up would cost more than it saves.
    await importCatalogue({ files: [smi], id: 'CHEMSPACE-SAMPLE', dataDir, workers: 0 });
    const catalogue = await openCatalogue(dataDir, 'CHEMSPACE-SAMPLE');
    const rowOf = new Map(Array.from({ length: catalogue.count }, (_, row) => [catalogue.compoundId(row), row]));
    const queries = [...new Set(reference.map((entry) => entry.queryId))];
    for (const queryId of queries) {
      const result = await search(
        { smiles: catalogue.smiles(rowOf.get(queryId)!), method: 'morgan', quality: 'fast', databases: ['CHEMSPACE-SAMPLE'], limit: catalogue.count },
        { dataDir, threads: 2 },
      );
      const hits = result.databases[0]!;
      expect(catalogue.compoundId(hits.rows[0]!)).toBe(queryId);
      const ours = new Map([...hits.rows].map((row, i) => [catalogue.compoundId(row), hits.similarities[i]!]));
      const expected = reference.filter((entry) => entry.queryId === queryId);
      expect(expected.length).toBe(120);
      for (const entry of expected) expect(ours.get(entry.id)).toBeCloseTo(entry.similarity, 5);
    }
  });
});
