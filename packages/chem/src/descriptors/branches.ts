import type { DescriptorTopology } from './topology.ts';

/** One branch of a SMARTS atom: the kinds of bond to it (a bit per kind) and a test of the atom at its end. */
export interface Branch {
  bonds: number;
  atom: (t: DescriptorTopology, atom: number) => boolean;
}

/** A bit for each bond kind of topology.ts, to build `Branch.bonds` from. */
export function bondKinds(...kinds: number[]): number {
  return kinds.reduce((bits, kind) => bits | (1 << kind), 0);
}

/**
 * Whether `centre` has a distinct neighbour for every branch, as a SMARTS match maps pattern atoms to distinct
 * atoms: `[CH2](C)C` needs two carbon neighbours, not one twice. Hydrogens carried by the centre are not
 * neighbours here; the branches that may end in a hydrogen say so where they are tested.
 */
export function hasBranches(t: DescriptorTopology, centre: number, branches: readonly Branch[]): boolean {
  if (branches.length > t.neighbours[centre]!.length) return false;
  return branches.length === 1 ? hasBranch(t, centre, branches[0]!) : assign(t, centre, branches, 0, 0);
}

/** One branch needs no bookkeeping of the neighbours used. */
function hasBranch(t: DescriptorTopology, centre: number, { bonds, atom }: Branch): boolean {
  const neighbours = t.neighbours[centre]!;
  const bondsOf = t.bondsOf[centre]!;
  for (let k = 0; k < neighbours.length; k++) if (bonds & (1 << t.bondKind[bondsOf[k]!]!) && atom(t, neighbours[k]!)) return true;
  return false;
}

function assign(t: DescriptorTopology, centre: number, branches: readonly Branch[], next: number, used: number): boolean {
  if (next === branches.length) return true;
  const { bonds, atom } = branches[next]!;
  const neighbours = t.neighbours[centre]!;
  const bondsOf = t.bondsOf[centre]!;
  for (let k = 0; k < neighbours.length; k++) {
    if (used & (1 << k) || !(bonds & (1 << t.bondKind[bondsOf[k]!]!)) || !atom(t, neighbours[k]!)) continue;
    if (assign(t, centre, branches, next + 1, used | (1 << k))) return true;
  }
  return false;
}
