import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHEMISTRY_MESSAGES, decodeModel, loadRDKit, morganFingerprint, score, withMol } from '@molsearch/chem';
import { forgetCatalogues, importCatalogue, openCatalogue } from '@molsearch/engine';
import type { SkippedRow } from '@molsearch/engine';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adversarialBatch, fuzzSettings, fuzzTimeoutMs } from './adversarial-smiles.ts';

// Import workers fed a vendor file full of adversarial rows, with a plain ethanol row after every batch of
// them: every ethanol row must come out of the workers exactly as RDKit makes it, whatever came before it
// on the same worker thread, and every bad row must be reported by its line.

const BATCH = 25;
const SMALL_SHAPE = { conformers: 2, seed: 7, timeBudgetMs: 300 };

interface FuzzFile {
  path: string;
  markers: string[];
  rows: number;
}

/** Adversarial rows, one per line as far as their text allows, and an ethanol marker after every batch. */
async function writeFuzzFile(dir: string, name: string, batches: string[][], extraRows: (k: number) => string[] = () => []): Promise<FuzzFile> {
  const lines: string[] = [];
  const markers: string[] = [];
  batches.forEach((batch, k) => {
    batch.forEach((smiles, i) => lines.push(`${smiles}\tfuzz-${k}-${i}`));
    lines.push(...extraRows(k));
    markers.push(`ethanol-${k}`);
    lines.push(`CCO\tethanol-${k}`);
  });
  const path = join(dir, name);
  await writeFile(path, `${lines.join('\n')}\n`, 'latin1');
  return { path, markers, rows: lines.length };
}

describe('import workers under adversarial rows', () => {
  let dir: string;
  let ethanol: Uint8Array;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'molsearch-fuzz-import-'));
    await loadRDKit();
    ethanol = withMol('CCO', morganFingerprint)!;
  });
  afterAll(async () => {
    forgetCatalogues();
    await rm(dir, { recursive: true, force: true });
  });

  async function expectMarkersSound(id: string, file: FuzzFile, skipped: SkippedRow[], with3d: boolean): Promise<void> {
    const catalogue = await openCatalogue(dir, id);
    const rowOf = new Map<string, number>();
    for (let row = 0; row < catalogue.count; row++) rowOf.set(catalogue.compoundId(row), row);
    for (const marker of file.markers) {
      const row = rowOf.get(marker);
      expect(row, marker).toBeDefined();
      expect(catalogue.smiles(row!)).toBe('CCO');
      expect(catalogue.fingerprint(row!)).toEqual(ethanol);
      if (with3d) {
        const model = decodeModel(catalogue.shape!.model(row!));
        expect(score(model, model, 'espsim_shape').similarity).toBeGreaterThan(0.99);
      }
    }
    for (const row of skipped) {
      expect(row.line).toBeGreaterThan(0);
      expect(row.reason).not.toMatch(/\.ts:\d|\/work\/|node_modules|Error:/);
    }
  }

  it('imports every good row on two workers and reports every bad one by line (Morgan columns)', async () => {
    const settings = fuzzSettings(80);
    const batches = fc.sample(adversarialBatch(BATCH), { numRuns: settings.numRuns, seed: settings.seed });
    const file = await writeFuzzFile(dir, 'fuzz.smi', batches);
    const skipped: SkippedRow[] = [];
    const summary = await importCatalogue({ files: [file.path], id: 'FUZZ', dataDir: dir, workers: 2, onSkipped: (row) => skipped.push(row) });
    expect(summary.count).toBeGreaterThanOrEqual(file.markers.length);
    expect(summary.skippedRows).toBe(skipped.length);
    expect(summary.count + summary.skippedRows).toBe(summary.rows);
    await expectMarkersSound('FUZZ', file, skipped, false);
    if (settings.report) {
      const reasons = new Map<string, number>();
      for (const row of skipped) {
        const reason = row.reason.replace(/ ".*$/, '').replace(/\d+/g, 'N');
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
      process.stdout.write(`\nimport workers: ${summary.rows} rows, ${summary.count} imported, seed ${settings.seed}\n${[...reasons].map(([reason, n]) => `  ${String(n).padStart(7)}  ${reason}`).join('\n')}\n`);
    }
  }, fuzzTimeoutMs(300_000));

  it('recovers from rows that break the toolkit in a worker, with the limits raised past what it survives', async () => {
    const settings = fuzzSettings(8);
    const batches = fc.sample(adversarialBatch(10), { numRuns: settings.numRuns, seed: settings.seed });
    // A straight chain of 900 atoms or more overflows the stack of RDKit's WebAssembly build: it traps, or,
    // depending on what the heap holds, loops until the worker is replaced (here after 10 s instead of 60).
    const file = await writeFuzzFile(dir, 'traps.smi', batches, (k) => [`${'C'.repeat(900 + 50 * k)}\ttrap-${k}`]);
    const skipped: SkippedRow[] = [];
    await importCatalogue({ files: [file.path], id: 'TRAPS', dataDir: dir, workers: 2, moleculeLimits: { heavyAtoms: 3000 }, rowTimeoutMs: 10_000, onSkipped: (row) => skipped.push(row) });
    const traps = skipped.filter((row) => row.reason.startsWith(CHEMISTRY_MESSAGES.tooComplex));
    expect(traps.length).toBeGreaterThanOrEqual(settings.numRuns);
    await expectMarkersSound('TRAPS', file, skipped, false);
  }, fuzzTimeoutMs(300_000));

  it('builds the 3D columns of every good row and reports the rest (3D pipeline on the workers)', async () => {
    const settings = fuzzSettings(20);
    const batches = fc.sample(adversarialBatch(BATCH), { numRuns: settings.numRuns, seed: settings.seed + 1 });
    const file = await writeFuzzFile(dir, 'fuzz-3d.smi', batches);
    const skipped: SkippedRow[] = [];
    const summary = await importCatalogue({ files: [file.path], id: 'FUZZ-3D', dataDir: dir, workers: 2, shape: SMALL_SHAPE, onSkipped: (row) => skipped.push(row) });
    expect(summary.count + summary.skippedRows).toBe(summary.rows);
    await expectMarkersSound('FUZZ-3D', file, skipped, true);
  }, fuzzTimeoutMs(300_000));
});
