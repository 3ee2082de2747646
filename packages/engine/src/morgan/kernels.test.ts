import { describe, expect, it } from 'vitest';
import { MORGAN_BYTES, loadRDKit, morganFingerprint, popcount, withMol } from '@molsearch/chem';
import { allocateFingerprintMemory, fingerprintView, popcountStartsOf } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { createJsKernel } from './js-kernel.ts';
import { createWasmKernel, foldFingerprints, foldPlanes } from './wasm-kernel.ts';

const SMILES = ['c1ccccc1', 'CC(=O)Oc1ccccc1C(=O)O', 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C', 'CCCCCCCCCCCCCCCC(=O)O', 'O=C(O)c1ccccc1O', 'C', 'CC(C)Cc1ccc(C(C)C(=O)O)cc1'];

function commonBits(a: Uint8Array, b: Uint8Array): number {
  return popcount(a.map((byte, i) => byte & (b[i] ?? 0)));
}

describe('common-bits kernels', () => {
  it('count the bits a query shares with every row, identically in JS and WebAssembly', async () => {
    await loadRDKit();
    const fps = SMILES.map((s) => withMol(s, morganFingerprint)!);
    const column: FingerprintColumn = { memory: allocateFingerprintMemory(fps.length), count: fps.length, popcountStarts: popcountStartsOf(fps.map(popcount)) };
    fps.forEach((fp, row) => fingerprintView(column).set(fp, row * MORGAN_BYTES));
    const unfolded = createWasmKernel(column, 1);
    foldFingerprints(column);
    expect(column.folded).toBe(true);
    for (const kernel of [createJsKernel(column), unfolded, createWasmKernel(column, 2), createWasmKernel(column, 3, { folds: false })]) {
      for (const query of fps) {
        kernel.setQuery(query);
        const found = kernel.scan(0, fps.length, 0);
        expect(found).toBe(fps.length);
        const counts = Array.from({ length: found }, (_, h) => kernel.hits[2 * h + 1]);
        expect(counts).toEqual(fps.map((fp) => commonBits(query, fp)));
        // With a minimum, only rows reaching it are reported, with their row offsets.
        const minimum = 5;
        const kept = kernel.scan(1, fps.length - 1, minimum);
        const rows = Array.from({ length: kept }, (_, h) => kernel.hits[2 * h]! + 1);
        expect(rows).toEqual(fps.map((fp, row) => ({ row, common: commonBits(query, fp) })).filter((r) => r.row >= 1 && r.common >= minimum).map((r) => r.row));
      }
    }
  });
});

describe('the fold bound', () => {
  it('never falls below the common bits, whatever the query', async () => {
    await loadRDKit();
    const fps = SMILES.map((s) => withMol(s, morganFingerprint)!);
    // A dense synthetic query puts up to 8 bits in a group, so all four planes are exercised.
    const dense = new Uint8Array(MORGAN_BYTES).map((_, i) => (i * 37 + 11) & 0xff);
    for (const query of [...fps, dense]) {
      const { planes, count } = foldPlanes(query);
      for (const fp of fps) {
        const fold = new Uint8Array(32);
        for (let i = 0; i < MORGAN_BYTES; i++) fold[i % 32]! |= fp[i]!;
        let bound = 0;
        for (let j = 0; j < count; j++) bound = 2 * bound + popcount(fold.map((byte, i) => byte & planes[j * 32 + i]!));
        expect(bound).toBeGreaterThanOrEqual(commonBits(query, fp));
      }
    }
    expect(foldPlanes(dense).count).toBe(4);
  });
});
