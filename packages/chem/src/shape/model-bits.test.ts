import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsFor, unzigzag, zigzag } from './model-bits.ts';

describe('zig-zag codes', () => {
  it('give small steps of either sign small codes, and decode back to the step', () => {
    expect([0, -1, 1, -2, 2].map(zigzag)).toEqual([0, 1, 2, 3, 4]);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 16), max: 2 ** 16 - 1 }), (step) => {
        const code = zigzag(step);
        expect(bitsFor(code)).toBeLessThanOrEqual(17);
        expect(Object.is(unzigzag(code), step)).toBe(true);
      }),
    );
  });
});
