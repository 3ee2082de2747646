import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MORGAN_BYTES, loadRDKit, morganFingerprint, popcount, tanimoto, withMol } from '@molsearch/chem';
import { allocateFingerprintMemory, fingerprintView, popcountStartsOf } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { createJsKernel } from './js-kernel.ts';
import { createWasmKernel, foldFingerprints } from './wasm-kernel.ts';
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { bitBoundScan } from './bitbound-scan.ts';

// Real structures: a few drugs, plus RDKit's NCI sample (Debian rdkit-data, which the demo and CI install).
const DRUGS = [
  'CC(=O)Oc1ccccc1C(=O)O', 'CC(C)Cc1ccc(C(C)C(=O)O)cc1', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'CC(=O)Nc1ccc(O)cc1',
  'CN1CCC[C@H]1c1cccnc1', 'OC(=O)c1ccccc1O', 'CCN(CC)CCNC(=O)c1ccc(N)cc1', 'CC12CCC3C(CCC4=CC(=O)CCC34C)C1CCC2O',
  'CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc21', 'CC(C)NCC(O)COc1cccc2ccccc12', 'Cc1ccc(cc1)S(=O)(=O)NC(=O)NN1CCCCCC1',
  'CCOC(=O)C1=C(C)NC(C)=C(C(=O)OC)C1c1cccc(c1)[N+]([O-])=O', 'Clc1ccc(cc1)C(c1ccccc1)N1CCN(CCOCC(=O)O)CC1',
  'CC(C)(C)NCC(O)c1ccc(O)c(CO)c1', 'O=C(O)Cc1ccccc1Nc1c(Cl)cccc1Cl', 'CC(=O)Oc1ccccc1C(=O)O',
];
const NCI = '/usr/share/RDKit/Data/NCI/first_5K.smi';

let fingerprints: Uint8Array[] = [];
let column: FingerprintColumn;
/** Fingerprints in column (popcount) order. */
let sorted: Uint8Array[] = [];

beforeAll(async () => {
  await loadRDKit();
  const smiles = [...DRUGS];
  // Debian's rdkit-data (installed by the demo and CI); without it the tie test would have too few molecules.
  smiles.push(...readFileSync(NCI, 'utf8').split('\n').slice(0, 400).map((line) => line.split(/\s/)[0] ?? ''));
  fingerprints = smiles.map((s) => withMol(s, morganFingerprint)).filter((fp): fp is Uint8Array => fp !== undefined);
  sorted = [...fingerprints].sort((a, b) => popcount(a) - popcount(b));
  column = { memory: allocateFingerprintMemory(sorted.length), count: sorted.length, popcountStarts: popcountStartsOf(sorted.map(popcount)) };
  const view = fingerprintView(column);
  sorted.forEach((fp, row) => view.set(fp, row * MORGAN_BYTES));
  foldFingerprints(column);
});

/** The portable kernel, the SIMD kernel behind the fold bound, and the SIMD kernel reading every byte. */
const KERNELS: Record<string, (column: FingerprintColumn, slot: number) => CommonBitsKernel> = {
  js: createJsKernel,
  wasm: createWasmKernel,
  'wasm without folds': (c, slot) => createWasmKernel(c, slot, { folds: false }),
};

/** Brute force with the chemistry package's own Tanimoto, best first, ties by row. */
function bruteForce(query: Uint8Array, limit: number, threshold: number): { rows: number[]; similarities: number[] } {
  const all = sorted.map((fp, row) => ({ row, similarity: tanimoto(query, fp) })).filter((hit) => hit.similarity >= threshold);
  all.sort((a, b) => b.similarity - a.similarity || a.row - b.row);
  const top = all.slice(0, limit);
  return { rows: top.map((hit) => hit.row), similarities: top.map((hit) => hit.similarity) };
}

describe('bitBoundScan', () => {
  for (const [name, create] of Object.entries(KERNELS)) {
    it(`equals a brute-force scan for top-k and thresholds (${name} kernel)`, () => {
      const kernel = create(column, 0);
      for (const queryIndex of [0, 3, 7, 11, fingerprints.length - 1]) {
        const query = fingerprints[queryIndex]!;
        for (const limit of [1, 5, 30, sorted.length + 5]) {
          for (const threshold of [0, 0.3, 0.7]) {
            const got = bitBoundScan(column, kernel, query, { limit, threshold });
            const want = bruteForce(query, limit, threshold);
            expect([...got.rows]).toEqual(want.rows);
            got.similarities.forEach((similarity, i) => expect(similarity).toBeCloseTo(want.similarities[i]!, 12));
          }
        }
      }
    });
  }

  it('breaks ties by row exactly, on a column where every molecule appears five times', () => {
    const copies = sorted.slice(0, 60).flatMap((fp) => [fp, fp, fp, fp, fp]).sort((a, b) => popcount(a) - popcount(b));
    const tied: FingerprintColumn = { memory: allocateFingerprintMemory(copies.length), count: copies.length, popcountStarts: popcountStartsOf(copies.map(popcount)) };
    copies.forEach((fp, row) => fingerprintView(tied).set(fp, row * MORGAN_BYTES));
    foldFingerprints(tied);
    for (const create of Object.values(KERNELS)) {
      const kernel = create(tied, 1);
      for (const query of [copies[0]!, copies[123]!, fingerprints[1]!]) {
        for (const limit of [3, 7, 12, 40]) {
          const got = bitBoundScan(tied, kernel, query, { limit, threshold: 0 });
          const all = copies.map((fp, row) => ({ row, similarity: tanimoto(query, fp) })).sort((a, b) => b.similarity - a.similarity || a.row - b.row);
          expect([...got.rows]).toEqual(all.slice(0, limit).map((hit) => hit.row));
        }
      }
    }
  });

  it('finds a catalogue molecule itself first, at similarity 1', () => {
    const kernel = createWasmKernel(column, 0);
    const query = fingerprints[4]!;
    const got = bitBoundScan(column, kernel, query, { limit: 3, threshold: 0 });
    expect(got.similarities[0]).toBe(1);
    expect(sorted[got.rows[0]!]).toEqual(query);
  });

  it('prunes: a high threshold scans fewer rows than the column holds', () => {
    const kernel = createWasmKernel(column, 0);
    const got = bitBoundScan(column, kernel, fingerprints[2]!, { limit: 10, threshold: 0.8 });
    expect(got.scannedRows).toBeLessThan(sorted.length);
  });

  it('gives the single-scan answer when split into parts and merged, with or without a shared floor', () => {
    const kernel = createJsKernel(column);
    const query = fingerprints[9]!;
    for (const limit of [1, 25]) {
      const whole = bitBoundScan(column, kernel, query, { limit, threshold: 0.1 });
      for (const sharedFloor of [undefined, new Int32Array(new SharedArrayBuffer(4))]) {
        const parts = [0, 1, 2].map((part) => bitBoundScan(column, kernel, query, { limit, threshold: 0.1, part, parts: 3, sharedFloor }));
        const merged = parts.flatMap((p) => [...p.rows].map((row, i) => ({ row, similarity: p.similarities[i]! })));
        merged.sort((a, b) => b.similarity - a.similarity || a.row - b.row);
        expect(merged.slice(0, limit).map((hit) => hit.row)).toEqual([...whole.rows]);
      }
    }
  });
});
