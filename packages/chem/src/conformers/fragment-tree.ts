import type { Topology } from './topology.ts';

/**
 * A rigid piece of a skeleton: a ring system, or one chain atom with its neighbours. `atoms` are its members
 * followed by the atoms bonded to them from outside (the first shell), which fix the directions its bonds
 * leave in; `members` counts the first part.
 */
export interface Fragment {
  kind: 'rings' | 'chain';
  atoms: number[];
  members: number;
}

/** A bond outside rings between two fragments' members: the pieces turn about it. */
export interface Bridge {
  /** Atom of the fragment placed first, and the fragment's index. */
  near: number;
  from: number;
  /** Atom of the fragment placed across the bond, and the fragment's index. */
  far: number;
  to: number;
}

export interface FragmentTree {
  fragments: Fragment[];
  /** The fragment placed first: the one with the most atoms. */
  root: number;
  /** In placing order: every bridge's `from` fragment is the root or the `to` of an earlier bridge. */
  bridges: Bridge[];
}

/**
 * Cuts a connected skeleton at its bonds outside rings into ring systems (rings sharing an atom) and chain
 * atoms with two or more skeleton neighbours; an atom with one neighbour rides on that neighbour's
 * fragment. Since only bonds outside rings are cut, the pieces form a tree. Undefined when the skeleton is
 * not in one piece or has no fragment at all (a single atom or bond).
 */
export function fragmentTree(topology: Topology): FragmentTree | undefined {
  const n = topology.size;
  const owner = new Int32Array(n).fill(-1);
  const fragments: Fragment[] = [];
  const ringBond = new Set<number>();
  for (const bond of topology.bonds) if (bond.ringSize > 0) ringBond.add(bond.a * n + bond.b).add(bond.b * n + bond.a);
  for (let start = 0; start < n; start++) {
    if (!inRing(topology, start) || (owner[start] as number) >= 0) continue;
    const members = [start];
    owner[start] = fragments.length;
    for (let k = 0; k < members.length; k++) {
      const atom = members[k] as number;
      for (const next of topology.neighbours[atom] ?? []) {
        if ((owner[next] as number) >= 0 || !ringBond.has(atom * n + next)) continue;
        owner[next] = fragments.length;
        members.push(next);
      }
    }
    fragments.push(withShell(topology, 'rings', members, owner, fragments.length));
  }
  for (let atom = 0; atom < n; atom++) {
    if (inRing(topology, atom) || (topology.neighbours[atom]?.length ?? 0) < 2) continue;
    owner[atom] = fragments.length;
    fragments.push(withShell(topology, 'chain', [atom], owner, fragments.length));
  }
  if (fragments.length === 0 || !connected(topology)) return undefined;
  let root = 0;
  fragments.forEach((fragment, i) => {
    if (fragment.atoms.length > (fragments[root]?.atoms.length ?? 0)) root = i;
  });
  const bridges: Bridge[] = [];
  const reached = new Uint8Array(fragments.length);
  reached[root] = 1;
  const queue = [root];
  for (let k = 0; k < queue.length; k++) {
    const from = queue[k] as number;
    const fragment = fragments[from] as Fragment;
    for (let m = 0; m < fragment.members; m++) {
      const near = fragment.atoms[m] as number;
      for (const far of topology.neighbours[near] ?? []) {
        const to = owner[far] as number;
        if (to < 0 || to === from || reached[to] === 1) continue;
        reached[to] = 1;
        bridges.push({ near, from, far, to });
        queue.push(to);
      }
    }
  }
  return { fragments, root, bridges };
}

function withShell(topology: Topology, kind: Fragment['kind'], members: number[], owner: Int32Array, id: number): Fragment {
  const shell: number[] = [];
  for (const atom of members) {
    for (const next of topology.neighbours[atom] ?? []) if (owner[next] !== id && !shell.includes(next)) shell.push(next);
  }
  return { kind, atoms: [...members, ...shell], members: members.length };
}

function connected(topology: Topology): boolean {
  const seen = new Uint8Array(topology.size);
  const stack = [0];
  seen[0] = 1;
  let count = 1;
  while (stack.length > 0) {
    const atom = stack.pop() as number;
    for (const next of topology.neighbours[atom] ?? []) {
      if (seen[next] === 1) continue;
      seen[next] = 1;
      count++;
      stack.push(next);
    }
  }
  return count === topology.size;
}

function inRing(topology: Topology, atom: number): boolean {
  return (topology.atomRings[atom]?.length ?? 0) > 0;
}
