import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = new URL('../../assembly/tanimoto-simd.ts', import.meta.url);
const recorded = new URL('./tanimoto-simd.wasm.source-sha256', import.meta.url);

describe('the committed WebAssembly kernel', () => {
  it('was built from the current assembly/tanimoto-simd.ts (else run npm run build:wasm -w @molsearch/engine)', () => {
    const digest = createHash('sha256').update(readFileSync(source)).digest('hex');
    expect(readFileSync(recorded, 'utf8').trim()).toBe(digest);
  });
});
