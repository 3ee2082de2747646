import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKey, readPrepared, writePrepared } from './vs-cache.ts';
import type { PreparedMolecule } from './vs-preparation.ts';

const dir = mkdtempSync(join(tmpdir(), 'vs-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prepared-molecule cache', () => {
  it('reads back what it wrote, missing molecules and models included', async () => {
    const molecules: (PreparedMolecule | null)[] = [
      {
        fingerprint: Uint8Array.from([1, 2, 3]),
        heavyAtoms: 12,
        models: { 'neutral:gasteiger': Uint8Array.from([9, 8]), 'ph74:mmff94': Uint8Array.from([7]) },
        ph74Charge: -1,
        mmffFallback: true,
        colour: Uint8Array.from([1, 0, 4, 1, 3, 0]),
      },
      null,
    ];
    const path = join(dir, 'set.bin');
    await writePrepared(path, molecules);
    expect(readPrepared(path)).toEqual(molecules);
    expect(readPrepared(join(dir, 'absent.bin'))).toBeUndefined();
  });

  it('keys on the SMILES and the conformer settings', () => {
    const settings = { conformers: 3, seed: 42, timeBudgetMs: 2000, method: 'fragments' } as const;
    expect(cacheKey(['CCO'], settings)).toBe(cacheKey(['CCO'], settings));
    expect(cacheKey(['CCO'], settings)).not.toBe(cacheKey(['CCN'], settings));
    expect(cacheKey(['CCO'], settings)).not.toBe(cacheKey(['CCO'], { ...settings, conformers: 30 }));
    expect(cacheKey(['CCO'], settings)).not.toBe(cacheKey(['CCO'], { ...settings, method: 'distance-geometry' }));
  });
});
