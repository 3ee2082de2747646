import { describe, expect, it } from 'vitest';
import type { BoundsMatrix } from './bounds-matrix.ts';
import { metricEmbedding } from './metric-embedding.ts';
import { seededRandom } from './random.ts';

/** Bounds that pin every distance of `points` (x, y, z each) exactly. */
function exactBounds(points: number[][]): BoundsMatrix {
  const n = points.length;
  const distances = new Float64Array(n * n);
  points.forEach((a, i) => points.forEach((b, j) => (distances[i * n + j] = Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!))));
  return { n, lower: distances, upper: distances.slice(), relation: new Uint8Array(n * n), bondLengths: new Float64Array(0) };
}

function distance(x: Float64Array, dim: number, i: number, j: number): number {
  let sum = 0;
  for (let k = 0; k < 3; k++) sum += (x[i * dim + k]! - x[j * dim + k]!) ** 2;
  return Math.sqrt(sum);
}

describe('metric embedding', () => {
  // A drug-sized cloud spread unevenly along its axes, as molecules are.
  const random = seededRandom(7);
  const points = Array.from({ length: 24 }, () => [8 * (random() - 0.5), 5 * (random() - 0.5), 3 * (random() - 0.5)]);
  const bounds = exactBounds(points);

  it('recovers a point cloud from its exact distances in its first three coordinates, embedded in 3 or 4 dimensions', () => {
    for (const dim of [3, 4]) {
      const out = new Float64Array(dim * points.length);
      metricEmbedding(bounds, seededRandom(1), dim, out);
      for (let i = 0; i < points.length; i++) {
        for (let j = i + 1; j < points.length; j++) expect(Math.abs(distance(out, dim, i, j) - bounds.lower[i * points.length + j]!)).toBeLessThan(1e-6);
      }
    }
  });

  it('gives the same coordinates for the same draws, and refuses dimensions it does not embed in', () => {
    const [a, b] = [new Float64Array(4 * points.length), new Float64Array(4 * points.length)];
    metricEmbedding(bounds, seededRandom(3), 4, a);
    metricEmbedding(bounds, seededRandom(3), 4, b);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(() => metricEmbedding(bounds, seededRandom(3), 5, new Float64Array(5 * points.length))).toThrow(RangeError);
  });
});
