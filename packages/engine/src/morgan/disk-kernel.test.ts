import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, morganFingerprint, withMol } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { forgetCatalogues, openCatalogue } from '../catalogue/open-catalogue.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { fileColumn } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { fingerprintColumn, setFingerprintMemoryBudget } from './morgan-column.ts';
import { morganScan } from './morgan-scan.ts';
import { createScanPool } from './scan-pool.ts';

// Real structures of Debian's rdkit-data (installed by the demo and CI): 600 NCI compounds.
const NCI = '/usr/share/RDKit/Data/NCI/first_5K.smi';
const QUERIES = ['CC(=O)Oc1ccccc1C(=O)O', 'CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc21', 'CC(C)NCC(O)COc1cccc2ccccc12', 'c1ccccc1O'];

let dir: string;
let dataDir: string;
let catalogue: Catalogue;
let inMemory: FingerprintColumn;
let onDisk: FingerprintColumn;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-disk-scan-'));
  dataDir = join(dir, 'data');
  const lines = readFileSync(NCI, 'utf8').split('\n').filter((line) => line.trim().length > 0).slice(0, 600);
  const smi = join(dir, 'nci.smi');
  await writeFile(smi, `${lines.map((line, i) => `${line.split(/\s/)[0]}\tNCI-${i}`).join('\n')}\n`);
  await importCatalogue({ files: [smi], id: 'NCI', dataDir, workers: 2 });
  catalogue = await openCatalogue(dataDir, 'NCI');
  inMemory = await fingerprintColumn(catalogue);
  onDisk = fileColumn(await catalogue.fingerprintFile!(), catalogue.count, catalogue.popcountStarts);
  await loadRDKit();
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Morgan scans of fingerprints left in their file', () => {
  it('find exactly the hits of the column in memory, on one thread and on the scan pool', async () => {
    expect(inMemory.file).toBeUndefined();
    const pool = createScanPool(2);
    try {
      for (const smiles of QUERIES) {
        const query = withMol(smiles, morganFingerprint)!;
        for (const [limit, threshold] of [[1, 0], [30, 0], [1000, 0], [30, 0.3]] as const) {
          const expected = await morganScan(inMemory, catalogue.version, query, { limit, threshold });
          if (threshold === 0) expect(expected.rows.length).toBe(Math.min(limit, catalogue.count));
          for (const options of [{}, { pool }, { kernel: 'js' as const }]) {
            const found = await morganScan(onDisk, `${catalogue.version}+file`, query, { limit, threshold, ...options });
            expect([...found.rows]).toEqual([...expected.rows]);
            expect([...found.similarities]).toEqual([...expected.similarities]);
          }
        }
      }
    } finally {
      await pool.close();
    }
  });

  it('are what a search uses for a catalogue over the memory budget, and never hold the column', async () => {
    const budget = setFingerprintMemoryBudget(0);
    try {
      forgetCatalogues();
      const column = await fingerprintColumn(await openCatalogue(dataDir, 'NCI'));
      expect(column.file).toMatch(/NCI\/fingerprints\.bin$/);
      expect(column.memory.buffer.byteLength).toBeLessThan(2 ** 21);
    } finally {
      setFingerprintMemoryBudget(budget);
    }
  });
});
