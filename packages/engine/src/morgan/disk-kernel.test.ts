import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MORGAN_BITS, loadRDKit, morganFingerprint, popcount, seededRandom, withMol } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { copyCatalogue } from '../catalogue/catalogue-copy.fixture.ts';
import { forgetCatalogues, openCatalogue } from '../catalogue/open-catalogue.ts';
import { FOLD_BITS_FILE } from '../format/catalogue-format.ts';
import { describeFile } from '../format/column-file.ts';
import { FOLD_BITS, foldColumnBytes } from '../format/fingerprint-fold.ts';
import { writeFoldBitsOf } from '../format/fold-bits-file.ts';
import type { CatalogueManifest } from '../format/catalogue-format.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { FOLD_BYTES, allocateFingerprintMemory, fileColumn, fingerprintView, foldsOffset, popcountStartsOf } from './fingerprint-memory.ts';
import { createWasmKernel, foldFingerprints } from './wasm-kernel.ts';
import { bitBoundScan } from './bitbound-scan.ts';
import { createDiskKernel } from './disk-kernel.ts';
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
let onDiskFolded: FingerprintColumn;

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
  // The fold bits file the import wrote beside the fingerprints.
  onDiskFolded = fileColumn(onDisk.file!, catalogue.count, catalogue.popcountStarts, await catalogue.foldBitsFile!());
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
          for (const [column, version] of [[onDisk, '+file'], [onDiskFolded, '+folds']] as const) {
            for (const options of [{}, { pool }, { kernel: 'js' as const }]) {
              const found = await morganScan(column, `${catalogue.version}${version}`, query, { limit, threshold, ...options });
              expect([...found.rows]).toEqual([...expected.rows]);
              expect([...found.similarities]).toEqual([...expected.similarities]);
            }
          }
        }
      }
    } finally {
      await pool.close();
    }
  });

  it('read fold bits the import wrote as the columns of the folds the kernel makes in memory', async () => {
    expect(inMemory.folded).toBe(true);
    expect(onDiskFolded.foldBitsFile).toMatch(/NCI\/fingerprint-fold-bits\.bin$/);
    expectFoldBits(new Uint8Array(readFileSync(onDiskFolded.foldBitsFile!)), inMemory);
  });

  it('are what a search uses for a catalogue over the memory budget, and never hold the column', async () => {
    const budget = setFingerprintMemoryBudget(0);
    try {
      forgetCatalogues();
      const column = await fingerprintColumn(await openCatalogue(dataDir, 'NCI'));
      expect(column.file).toMatch(/NCI\/fingerprints\.bin$/);
      expect(column.foldBitsFile).toMatch(/NCI\/fingerprint-fold-bits\.bin$/);
      expect(column.memory.buffer.byteLength).toBeLessThan(2 ** 21);
    } finally {
      setFingerprintMemoryBudget(budget);
    }
  });
});

/** A copy of the data folder whose NCI catalogue `change` alters (its manifest is written back after). */
async function copyWith(name: string, change: (manifest: CatalogueManifest, folder: string) => Promise<void>): Promise<string> {
  const copy = join(dir, name);
  await copyCatalogue(dataDir, 'NCI', { into: copy, change });
  return copy;
}

describe('a catalogue over the memory budget and its fold bits file', () => {
  it('built before fold bits files (with or without the row-by-row fold file of before), is searched from its fingerprint file alone, with the same hits', async () => {
    const old = await copyWith('before-folds', async (manifest, folder) => {
      manifest.files = manifest.files.filter((file) => file.name !== FOLD_BITS_FILE);
      await rm(join(folder, FOLD_BITS_FILE));
      await writeFile(join(folder, 'fingerprint-folds.bin'), new Uint8Array(catalogue.count * FOLD_BYTES));
      manifest.files.push(await describeFile(folder, 'fingerprint-folds.bin'));
    });
    const budget = setFingerprintMemoryBudget(0);
    try {
      const column = await fingerprintColumn(await openCatalogue(old, 'NCI'));
      expect(column.file).toBeDefined();
      expect(column.foldBitsFile).toBeUndefined();
      for (const smiles of QUERIES) {
        const query = withMol(smiles, morganFingerprint)!;
        const expected = await morganScan(inMemory, catalogue.version, query, { limit: 30, threshold: 0 });
        const found = await morganScan(column, 'before-folds', query, { limit: 30, threshold: 0 });
        expect([...found.rows]).toEqual([...expected.rows]);
      }
    } finally {
      setFingerprintMemoryBudget(budget);
    }
  });

  it('refuses a damaged fold bits file by name instead of searching behind wrong folds', async () => {
    const damaged = await copyWith('damaged-folds', async (_, folder) => {
      const path = join(folder, FOLD_BITS_FILE);
      const bytes = await readFile(path);
      bytes[5 * foldColumnBytes(catalogue.count) + 3] = bytes[5 * foldColumnBytes(catalogue.count) + 3]! ^ 0xff;
      await writeFile(path, bytes);
    });
    const budget = setFingerprintMemoryBudget(0);
    try {
      await expect(fingerprintColumn(await openCatalogue(damaged, 'NCI'))).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(FOLD_BITS_FILE) });
    } finally {
      setFingerprintMemoryBudget(budget);
    }
  });
});

describe('Morgan scans with the fold bits in a file too', () => {
  /** `count` fingerprints of 15-45 random bits, every fifth a near copy of an earlier one, in popcount order. */
  function fingerprints(count: number): Uint8Array[] {
    const random = seededRandom(23);
    const rows: Uint8Array[] = [];
    for (let i = 0; i < count; i++) {
      const row = i % 5 === 4 ? rows[Math.floor(random() * i)]!.slice() : new Uint8Array(256);
      for (let b = 0, bits = i % 5 === 4 ? 3 : 15 + Math.floor(random() * 31); b < bits; b++) {
        const bit = Math.floor(random() * MORGAN_BITS);
        row[bit >> 3]! ^= 1 << (bit & 7);
      }
      rows.push(row);
    }
    return rows.sort((a, b) => popcount(a) - popcount(b));
  }

  it('write the folds of the column in memory as bit columns and find exactly its hits over several windows', async () => {
    // More rows than a fold bits window (65,536) and a written block, and not a whole number of 128-row groups.
    const rows = fingerprints(140_000);
    const starts = popcountStartsOf(rows.map(popcount));
    const memory: FingerprintColumn = { memory: allocateFingerprintMemory(rows.length), count: rows.length, popcountStarts: starts };
    rows.forEach((row, i) => fingerprintView(memory).set(row, i * 256));
    foldFingerprints(memory);
    const file = join(dir, 'synthetic.bin');
    await writeFile(file, Buffer.concat(rows));
    await writeFoldBitsOf(file, rows.length, join(dir, 'synthetic.fold-bits'));
    expectFoldBits(new Uint8Array(readFileSync(join(dir, 'synthetic.fold-bits'))), memory);
    const folded = fileColumn(file, rows.length, starts, join(dir, 'synthetic.fold-bits'));
    const pool = createScanPool(2);
    try {
      for (const q of [3, 40_000, 69_999, 100_000, 139_997]) {
        const query = rows[q]!.slice();
        query[q % 256]! ^= 1 << (q % 8);
        for (const [limit, threshold] of [[1, 0], [30, 0], [1000, 0], [30, 0.5], [5000, 0.2]] as const) {
          const expected = await morganScan(memory, 'synthetic', query, { limit, threshold });
          expect(expected.rows.length).toBeGreaterThan(0);
          for (const options of [{}, { pool }]) {
            const found = await morganScan(folded, 'synthetic+folds', query, { limit, threshold, ...options });
            expect([...found.rows]).toEqual([...expected.rows]);
            expect([...found.similarities]).toEqual([...expected.similarities]);
          }
        }
      }
    } finally {
      await pool.close();
    }
    // Windows of 9,000-odd rows: the scan's runs cross them and alternate below and above the query's
    // popcount, whole and split in parts, so both windows are refilled many times in both directions.
    for (const q of [3, 69_999, 139_997]) {
      const query = rows[q]!.slice();
      query[(q + 7) % 256]! ^= 1 << (q % 8);
      for (const [limit, part, parts] of [[30, 0, 1], [1000, 0, 1], [30, 1, 2], [300, 0, 3]] as const) {
        const options = { limit, threshold: 0, part, parts };
        const expected = bitBoundScan(memory, createWasmKernel(memory, 0), query, options);
        const small = createDiskKernel(folded, (window) => createWasmKernel(window, 1, { folds: false }), { foldBitsWindowRows: 9000 });
        const found = bitBoundScan(folded, small, query, options);
        expect([...found.rows]).toEqual([...expected.rows]);
        expect([...found.similarities]).toEqual([...expected.similarities]);
        small.release?.();
      }
    }
  });
});

/** The fold bits file `written` holds, column by column, the folds the kernel made of `column` in memory (and zero padding). */
function expectFoldBits(written: Uint8Array, column: FingerprintColumn): void {
  const columnBytes = foldColumnBytes(column.count);
  expect(written.byteLength).toBe(FOLD_BITS * columnBytes);
  const folds = new Uint8Array(column.memory.buffer, foldsOffset(column), column.count * FOLD_BYTES);
  const rebuilt = new Uint8Array(written.byteLength);
  for (let row = 0; row < column.count; row++) {
    for (let bit = 0; bit < FOLD_BITS; bit++) {
      if ((folds[row * FOLD_BYTES + (bit >> 3)]! >> (bit & 7)) & 1) rebuilt[bit * columnBytes + (row >> 3)]! |= 1 << (row & 7);
    }
  }
  expect(Buffer.from(written).equals(Buffer.from(rebuilt))).toBe(true);
}
