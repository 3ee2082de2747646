import { AROMATIC } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';

/** Atoms heavier than hydrogen (a deuterium atom is not heavy, a dummy atom not counted). */
export function heavyAtomCount(t: DescriptorTopology): number {
  let count = 0;
  for (const atom of t.graph.atoms) if (atom.atomicNumber > 1) count++;
  return count;
}

/** Rings of the smallest set whose bonds are all aromatic (RDKit's NumAromaticRings). */
export function aromaticRingCount(t: DescriptorTopology): number {
  let count = 0;
  for (const ring of t.graph.rings) {
    let aromatic = true;
    for (let k = 0; k < ring.length && aromatic; k++) {
      const a = ring[k]!;
      const bond = t.bondsOf[a]![t.neighbours[a]!.indexOf(ring[(k + 1) % ring.length]!)]!;
      aromatic = t.bondKind[bond] === AROMATIC;
    }
    if (aromatic) count++;
  }
  return count;
}

/** Carbons with four neighbours, hydrogens included, over all carbons; 0 without carbon. */
export function fractionCsp3(t: DescriptorTopology): number {
  let carbons = 0;
  let sp3 = 0;
  t.graph.atoms.forEach((atom, i) => {
    if (atom.atomicNumber !== 6) return;
    carbons++;
    if (t.neighbours[i]!.length + t.ownHydrogens[i]! === 4) sp3++;
  });
  return carbons === 0 ? 0 : sp3 / carbons;
}
