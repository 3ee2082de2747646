import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const KERNELS = [
  { source: '../../assembly/tanimoto-simd.ts', recorded: './tanimoto-simd.wasm.source-sha256', build: 'build:wasm' },
  { source: '../../assembly/pose-grid-scan.ts', recorded: '../stage1/pose-grid-scan.wasm.source-sha256', build: 'build:wasm:grid' },
];

describe('the committed WebAssembly kernels', () => {
  for (const kernel of KERNELS) {
    it(`were built from the current ${kernel.source.slice(6)} (else run npm run ${kernel.build} -w @molsearch/engine)`, () => {
      const digest = createHash('sha256').update(readFileSync(new URL(kernel.source, import.meta.url))).digest('hex');
      expect(readFileSync(new URL(kernel.recorded, import.meta.url), 'utf8').trim()).toBe(digest);
    });
  }
});
