import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphCycles } from './cycle-lengths.ts';

type Bond = { a: number; b: number };

/** Every set of bonds in which each atom touched has exactly two: the definition, by brute force. */
function bruteForce(size: number, bonds: Bond[]): { lengths: Set<number>; ringBonds: Uint8Array } {
  const lengths = new Set<number>();
  const ringBonds = new Uint8Array(bonds.length);
  for (let subset = 1; subset < 2 ** bonds.length; subset++) {
    const degree = new Int32Array(size);
    let edges = 0;
    bonds.forEach(({ a, b }, k) => {
      if (!(subset & (1 << k))) return;
      degree[a]!++;
      degree[b]!++;
      edges++;
    });
    if (!degree.every((d) => d === 0 || d === 2)) continue;
    lengths.add(edges);
    bonds.forEach((_, k) => {
      if (subset & (1 << k)) ringBonds[k] = 1;
    });
  }
  return { lengths, ringBonds };
}

/** Simple graphs of 2 to 9 atoms and up to 14 bonds, no bond twice. */
const graphs = fc.integer({ min: 2, max: 9 }).chain((size) =>
  fc.uniqueArray(fc.tuple(fc.nat(size - 1), fc.nat(size - 1)).map(([a, b]): Bond => ({ a: Math.min(a, b), b: Math.max(a, b) })), { maxLength: 14, selector: ({ a, b }) => `${a}-${b}` })
    .map((pairs) => ({ size, bonds: pairs.filter(({ a, b }) => a !== b) })),
);

describe('graphCycles', () => {
  it('finds exactly the lengths of the sets of disjoint cycles, and the ring bonds, of any small graph', () => {
    fc.assert(
      fc.property(graphs, ({ size, bonds }) => {
        const found = graphCycles(size, bonds);
        const expected = bruteForce(size, bonds);
        expect(found.lengths).toEqual(expected.lengths);
        expect(found.ringBonds).toEqual(expected.ringBonds);
      }),
      { numRuns: 300, seed: 17 },
    );
  });

  it('assumes every length from 3 up past 12 independent cycles', () => {
    // A ladder of 14 squares: 14 independent cycles.
    const bonds: Bond[] = [];
    for (let k = 0; k < 15; k++) bonds.push({ a: 2 * k, b: 2 * k + 1 });
    for (let k = 0; k < 14; k++) bonds.push({ a: 2 * k, b: 2 * k + 2 }, { a: 2 * k + 1, b: 2 * k + 3 });
    const { lengths, ringBonds } = graphCycles(30, bonds);
    expect([...lengths].sort((x, y) => x - y)).toEqual(Array.from({ length: 28 }, (_, k) => k + 3));
    expect(ringBonds.every((flag) => flag === 1)).toBe(true);
  });
});
