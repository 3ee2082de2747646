/** Graphs with more independent cycles than this are not enumerated: every length they could hold is assumed. */
const MAX_INDEPENDENT_CYCLES = 12;

/** The lengths of a graph's cycles (and sets of disjoint ones), and which of its bonds lie in a ring. */
export interface Cycles {
  lengths: Set<number>;
  ringBonds: Uint8Array;
}

/**
 * The cycles of a graph (atoms 0..size-1, bonds between them). A bond lies in a ring when it lies in a
 * fundamental cycle of a spanning tree, since those span every cycle. `lengths` are the bond counts of the
 * graph's sets of disjoint simple cycles (one cycle, or several sharing no atom): the sums (symmetric
 * differences of bond sets) of some of the fundamental cycles in which every atom touched has exactly two
 * of its bonds. All 2^r sums are visited in Gray-code order, one fundamental cycle added or taken away per
 * step. A pattern's disjoint cycles map onto disjoint cycles of a molecule it matches, so lengths counted
 * alike on both sides keep a screen sound. With more than 12 independent cycles every length from 3 to
 * `size` is returned.
 */
export function graphCycles(size: number, bonds: readonly { a: number; b: number }[]): Cycles {
  const cycles = fundamentalCycles(size, bonds);
  const lengths = new Set<number>();
  const ringBonds = new Uint8Array(bonds.length);
  for (const cycle of cycles) for (const bond of cycle) ringBonds[bond] = 1;
  if (cycles.length > MAX_INDEPENDENT_CYCLES) {
    for (let length = 3; length <= size; length++) lengths.add(length);
    return { lengths, ringBonds };
  }
  const inSum = new Uint8Array(bonds.length);
  const degree = new Int32Array(size);
  // Atoms whose degree in the sum is neither 0 nor 2, and bonds in the sum.
  let odd = 0;
  let edges = 0;
  const touch = (atom: number, change: number) => {
    const before = degree[atom]!;
    const after = before + change;
    degree[atom] = after;
    odd += Number(after !== 0 && after !== 2) - Number(before !== 0 && before !== 2);
  };
  const toggle = (bond: number) => {
    const change = inSum[bond] ? -1 : 1;
    inSum[bond] = change > 0 ? 1 : 0;
    edges += change;
    touch(bonds[bond]!.a, change);
    touch(bonds[bond]!.b, change);
  };
  for (let step = 1; step < 2 ** cycles.length; step++) {
    // The Gray code of step differs from that of step - 1 in the bit of step's lowest set bit.
    const flipped = Math.log2(step & -step);
    for (const bond of cycles[flipped]!) toggle(bond);
    if (odd === 0 && edges > 0) lengths.add(edges);
  }
  return { lengths, ringBonds };
}

/** The bond indices of each fundamental cycle of a breadth-first spanning forest: one per bond outside it. */
function fundamentalCycles(size: number, bonds: readonly { a: number; b: number }[]): number[][] {
  const neighbours: { atom: number; bond: number }[][] = Array.from({ length: size }, () => []);
  bonds.forEach(({ a, b }, bond) => {
    if (a === b) return;
    neighbours[a]!.push({ atom: b, bond });
    neighbours[b]!.push({ atom: a, bond });
  });
  const parentBond = new Int32Array(size).fill(-1);
  const depth = new Int32Array(size).fill(-1);
  const inTree = new Uint8Array(bonds.length);
  for (let root = 0; root < size; root++) {
    if (depth[root] !== -1) continue;
    depth[root] = 0;
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const atom = queue[head]!;
      for (const { atom: next, bond } of neighbours[atom]!) {
        if (depth[next] !== -1) continue;
        depth[next] = depth[atom]! + 1;
        parentBond[next] = bond;
        inTree[bond] = 1;
        queue.push(next);
      }
    }
  }
  const parentOf = (atom: number) => {
    const bond = bonds[parentBond[atom]!]!;
    return bond.a === atom ? bond.b : bond.a;
  };
  const cycles: number[][] = [];
  bonds.forEach(({ a, b }, bond) => {
    if (inTree[bond] || a === b) return;
    // The tree path between the bond's atoms, climbing from the deeper side until they meet.
    const cycle = [bond];
    let x = a;
    let y = b;
    while (x !== y) {
      if (depth[x]! >= depth[y]!) {
        cycle.push(parentBond[x]!);
        x = parentOf(x);
      } else {
        cycle.push(parentBond[y]!);
        y = parentOf(y);
      }
    }
    cycles.push(cycle);
  });
  return cycles;
}
