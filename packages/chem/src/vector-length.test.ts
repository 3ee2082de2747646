import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vectorLength3, vectorLength4 } from './vector-length.ts';

// Doubles of every magnitude, subnormals, zeros of both signs, infinities and NaN.
const value = fc.oneof(
  fc.double(),
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.constantFrom(0, -0, Infinity, -Infinity, NaN, Number.MIN_VALUE, Number.MAX_VALUE, 1e-300, 1e300),
);

describe('vector lengths', () => {
  it('equal Math.hypot to the last bit for three values', () => {
    fc.assert(fc.property(value, value, value, (x, y, z) => {
      expect(Object.is(vectorLength3(x, y, z), Math.hypot(x, y, z))).toBe(true);
    }), { numRuns: 20_000 });
  });

  it('equal Math.hypot to the last bit for four values', () => {
    fc.assert(fc.property(value, value, value, value, (w, x, y, z) => {
      expect(Object.is(vectorLength4(w, x, y, z), Math.hypot(w, x, y, z))).toBe(true);
    }), { numRuns: 20_000 });
  });

  it('take an infinity over a NaN, as Math.hypot does', () => {
    expect(vectorLength3(NaN, Infinity, 1)).toBe(Infinity);
    expect(vectorLength4(1, NaN, 2, -Infinity)).toBe(Infinity);
    expect(vectorLength3(NaN, 1, 2)).toBeNaN();
  });
});
