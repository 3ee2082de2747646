import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simdOverlapAvailable } from './simd-overlap.ts';

const source = new URL('../../assembly/shape-overlap.ts', import.meta.url);
const recorded = new URL('./shape-overlap-simd.wasm.source-sha256', import.meta.url);

describe('the committed WebAssembly shape kernel', () => {
  it('was built from the current assembly/shape-overlap.ts (else run npm run build:wasm -w @molsearch/chem)', () => {
    const digest = createHash('sha256').update(readFileSync(source)).digest('hex');
    expect(readFileSync(recorded, 'utf8').trim()).toBe(digest);
  });

  it('compiles in this runtime', () => {
    expect(simdOverlapAvailable()).toBe(true);
  });
});
