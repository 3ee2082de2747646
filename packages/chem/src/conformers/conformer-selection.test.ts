import { describe, expect, it } from 'vitest';
import { medoids, momentDistance, shapeMoments } from './conformer-selection.ts';

describe('medoids', () => {
  it('chooses the middle of each cluster, the largest cluster first', () => {
    const points = [0, 0.1, 0.2, 5, 5.1, 10, 10.1, 10.2, 10.3];
    const d = new Float64Array(points.length ** 2);
    points.forEach((p, i) => points.forEach((q, j) => {
      d[i * points.length + j] = Math.abs(p - q);
    }));
    const chosen = medoids(d, points.length, 3);
    expect(chosen[0]).toBeGreaterThanOrEqual(6);
    expect(chosen[0]).toBeLessThanOrEqual(7);
    expect(chosen).toContain(1);
    expect(new Set(chosen.map((c) => Math.round(points[c]! / 5))).size).toBe(3);
    // Greedy beyond the exhaustive limit still finds one medoid in each cluster.
    const many = Array.from({ length: 60 }, (_, i) => (i % 3) * 10 + i / 100);
    const far = new Float64Array(many.length ** 2);
    many.forEach((p, i) => many.forEach((q, j) => {
      far[i * many.length + j] = Math.abs(p - q);
    }));
    expect(new Set(medoids(far, many.length, 3).map((c) => c % 3)).size).toBe(3);
  });

  it('returns every point when no more are asked for', () => {
    expect(medoids(new Float64Array(4), 2, 3)).toEqual([0, 1]);
  });
});

describe('shapeMoments', () => {
  const bent = Float64Array.of(0, 0, 0, 1.5, 0, 0, 2, 1.4, 0, 3.5, 1.4, 0.2, 4, 2.8, 0.9);
  const atoms = [0, 1, 2, 3, 4];

  it('does not change when the atoms are moved, turned or listed in another order', () => {
    const turned = new Float64Array(bent.length);
    const [c, s] = [Math.cos(1.1), Math.sin(1.1)];
    for (let i = 0; i < 5; i++) {
      turned[3 * i] = c * bent[3 * i]! - s * bent[3 * i + 2]! + 3;
      turned[3 * i + 1] = bent[3 * i + 1]! - 2;
      turned[3 * i + 2] = s * bent[3 * i]! + c * bent[3 * i + 2]! + 0.5;
    }
    const reordered = new Float64Array(bent.length);
    const order = [4, 2, 0, 3, 1];
    order.forEach((from, to) => reordered.set(bent.subarray(3 * from, 3 * from + 3), 3 * to));
    expect(momentDistance(shapeMoments(bent, atoms), shapeMoments(turned, atoms))).toBeLessThan(1e-9);
    expect(momentDistance(shapeMoments(bent, atoms), shapeMoments(reordered, atoms))).toBeLessThan(1e-9);
  });

  it('tells an extended chain from a folded one', () => {
    const straight = Float64Array.of(0, 0, 0, 1.5, 0, 0, 3, 0, 0, 4.5, 0, 0, 6, 0, 0);
    expect(momentDistance(shapeMoments(bent, atoms), shapeMoments(straight, atoms))).toBeGreaterThan(0.1);
  });
});
