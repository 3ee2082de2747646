import { describe, expect, it } from 'vitest';
import { alongAxes, principalFrame } from './principal-axes.ts';
import type { PrincipalFrame } from './principal-axes.ts';

const column = (axes: Float64Array, c: number): number[] => [axes[c]!, axes[3 + c]!, axes[6 + c]!];
const dot = (a: number[], b: number[]): number => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

describe('principalFrame', () => {
  it('gives a proper rotation whose axes carry the spreads, largest first', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let trial = 0; trial < 200; trial++) {
      const n = 3 + (trial % 30);
      const coords = Float64Array.from({ length: 3 * n }, (_, j) => (random() - 0.5) * (2 + (j % 3) * 3));
      const { axes, spreads, centroid } = principalFrame(coords, n);
      expect(spreads[0]).toBeGreaterThanOrEqual(spreads[1]);
      expect(spreads[1]).toBeGreaterThanOrEqual(spreads[2]);
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) expect(dot(column(axes, a), column(axes, b))).toBeCloseTo(a === b ? 1 : 0, 10);
        // The variance of the points along an axis is its spread.
        let variance = 0;
        for (let i = 0; i < n; i++) variance += dot([coords[3 * i]! - centroid[0], coords[3 * i + 1]! - centroid[1], coords[3 * i + 2]! - centroid[2]], column(axes, a)) ** 2;
        expect(variance / n).toBeCloseTo(spreads[a]!, 10);
      }
      const [x, y, z] = [column(axes, 0), column(axes, 1), column(axes, 2)];
      expect(dot([x[1]! * y[2]! - x[2]! * y[1]!, x[2]! * y[0]! - x[0]! * y[2]!, x[0]! * y[1]! - x[1]! * y[0]!], z)).toBeCloseTo(1, 10);
    }
  });

  it('keeps tied spreads in axis order, so equal input frames alike', () => {
    // A square in the xy-plane: x and y tie, and x comes first.
    const square = principalFrame(new Float64Array([1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0]), 4);
    expect(Array.from(square.axes)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    // A line along z: z first, then the tied x and y in that order (a cyclic, proper, permutation).
    const line = principalFrame(new Float64Array([0, 0, -1, 0, 0, 0, 0, 0, 1]), 3);
    expect(Array.from(line.axes)).toEqual([0, 1, 0, 0, 0, 1, 1, 0, 0]);
    expect(line.spreads).toEqual([2 / 3, 0, 0]);
  });

  it('writes into a given frame and framed array exactly what it returns new, over the points asked for', () => {
    const into: PrincipalFrame = { centroid: [0, 0, 0], axes: new Float64Array(9), spreads: [0, 0, 0] };
    const framed = new Float64Array(3 * 40).fill(Number.NaN);
    let seed = 5;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    // Larger and smaller point sets in turn, so a frame left from a larger set must not show through.
    for (const n of [30, 4, 17, 3, 40, 9]) {
      const coords = Float64Array.from({ length: 3 * n + 6 }, () => (random() - 0.5) * 12);
      const fresh = principalFrame(coords, n);
      expect(principalFrame(coords, n, into)).toBe(into);
      expect(into).toEqual({ centroid: fresh.centroid, axes: fresh.axes, spreads: fresh.spreads });
      const expected = alongAxes(coords.subarray(0, 3 * n), fresh.centroid, fresh.axes);
      expect(alongAxes(coords, into.centroid, into.axes, n, framed)).toBe(framed);
      expect(framed.subarray(0, 3 * n)).toEqual(expected);
    }
  });
});
