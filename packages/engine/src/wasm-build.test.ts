import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const KERNELS = [
  { source: 'tanimoto-simd.ts', recorded: './morgan/tanimoto-simd.wasm.source-sha256', build: 'build:wasm' },
  { source: 'pose-grid-scan.ts', recorded: './shape/pose-grid-scan.wasm.source-sha256', build: 'build:wasm:grid' },
  { source: 'index-scan.ts', recorded: './shape/index-scan.wasm.source-sha256', build: 'build:wasm:index' },
];

describe('the committed WebAssembly kernels', () => {
  for (const kernel of KERNELS) {
    it(`were built from the current assembly/${kernel.source} (else run npm run ${kernel.build} -w @molsearch/engine)`, () => {
      const digest = createHash('sha256').update(readFileSync(new URL(`../assembly/${kernel.source}`, import.meta.url))).digest('hex');
      expect(readFileSync(new URL(kernel.recorded, import.meta.url), 'utf8').trim()).toBe(digest);
    });
  }
});
