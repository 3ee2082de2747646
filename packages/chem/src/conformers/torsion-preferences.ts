import { lockedCis } from './bounds-matrix.ts';
import type { SkeletonBond, Topology } from './topology.ts';

/** E = k (1 + cos(n φ - phase)) on the dihedral a-b-c-d. */
export interface TorsionTerm { a: number; b: number; c: number; d: number; k: number; n: number; phase: number }

const STAGGERED = { n: 3, phase: 0 };
const PLANAR = { n: 2, phase: Math.PI };
const PERPENDICULAR = { n: 2, phase: 0 };
const SYN = { n: 1, phase: Math.PI };

function doubleBondedHetero(topology: Topology, atom: number): number | undefined {
  for (const bond of topology.bonds) {
    if (bond.order !== 2 || bond.aromatic) continue;
    const other = bond.a === atom ? bond.b : bond.b === atom ? bond.a : -1;
    const z = topology.atomicNumbers[other] ?? 0;
    if (other >= 0 && (z === 8 || z === 16 || z === 7)) return other;
  }
  return undefined;
}

/**
 * Knowledge-based torsion preferences in the spirit of ETKDG's, reduced to the patterns that decide
 * the shape of drug-like molecules: staggered sp3-sp3 bonds, planar amides/esters and other conjugated
 * single bonds, secondary amides trans, benzylic bonds perpendicular to the ring.
 */
function bondPreferences(topology: Topology, bond: SkeletonBond): { k: number; n: number; phase: number; syn?: [number, number, number, number] } | undefined {
  const { a: b, b: c } = bond;
  const hb = topology.hybridisation[b];
  const hc = topology.hybridisation[c];
  if (bond.order !== 1 || bond.aromatic || hb === 'sp' || hc === 'sp' || hb === 'other' || hc === 'other') return undefined;
  if (hb === 'sp3' && hc === 'sp3') return { k: 1.2, ...STAGGERED };
  if (hb === 'sp2' && hc === 'sp2') {
    if (bond.ringSize > 0 && bond.ringSize <= 7) return undefined;
    const aromaticB = topology.graph.atoms[topology.toGraph[b] ?? 0]?.aromatic ?? false;
    const aromaticC = topology.graph.atoms[topology.toGraph[c] ?? 0]?.aromatic ?? false;
    if (aromaticB && aromaticC) return undefined;
    for (const [carbon, hetero] of [[b, c], [c, b]] as const) {
      const zHetero = topology.atomicNumbers[hetero] ?? 0;
      const oxygen = doubleBondedHetero(topology, carbon);
      if (topology.atomicNumbers[carbon] !== 6 || oxygen === undefined || (zHetero !== 7 && zHetero !== 8)) continue;
      // Amides and esters: the substituent on N/O sits syn to the carbonyl O when it has only one.
      const substituents = (topology.neighbours[hetero] ?? []).filter((x) => x !== carbon);
      const onlyOne = substituents.length === 1 && (topology.hydrogens[hetero]?.length ?? 0) + substituents.length <= 2;
      const syn = onlyOne && bond.ringSize === 0 ? ([oxygen, carbon, hetero, substituents[0] ?? 0] as [number, number, number, number]) : undefined;
      return syn ? { k: 8, ...PLANAR, syn } : { k: 8, ...PLANAR };
    }
    return { k: 2.5, ...PLANAR };
  }
  if (bond.ringSize > 0) return undefined;
  const [ring, chain] = hb === 'sp2' ? [b, c] : [c, b];
  const aromatic = topology.graph.atoms[topology.toGraph[ring] ?? 0]?.aromatic ?? false;
  if (aromatic && topology.atomicNumbers[ring] === 6 && topology.atomicNumbers[chain] === 6) return { k: 0.6, ...PERPENDICULAR };
  // Aryl thioethers lie in the ring plane like aryl ethers.
  if (aromatic && topology.atomicNumbers[chain] === 16 && (topology.neighbours[chain]?.length ?? 0) === 2) return { k: 1, ...PLANAR };
  return undefined;
}

/** Weight per dihedral across bonds a ring or a specified double bond holds planar. */
const HELD_PLANAR_K = 4;

export function torsionPreferences(topology: Topology): TorsionTerm[] {
  const terms: TorsionTerm[] = [];
  for (const bond of topology.bonds) {
    for (const a of topology.neighbours[bond.a] ?? []) {
      for (const d of topology.neighbours[bond.b] ?? []) {
        if (a === bond.b || d === bond.a || a === d) continue;
        const cis = lockedCis(topology, bond, a, d);
        // Distance bounds alone let aromatic rings pucker by a tenth of an ångström; a 1-fold term fixes the side too.
        if (cis !== undefined) terms.push({ a, b: bond.a, c: bond.b, d, k: HELD_PLANAR_K, n: 1, phase: cis ? Math.PI : 0 });
      }
    }
    const preference = bondPreferences(topology, bond);
    if (!preference) continue;
    const { a: b, b: c } = bond;
    const quads: [number, number][] = [];
    for (const a of topology.neighbours[b] ?? []) {
      if (a === c) continue;
      for (const d of topology.neighbours[c] ?? []) if (d !== b && d !== a && lockedCis(topology, bond, a, d) === undefined) quads.push([a, d]);
    }
    for (const [a, d] of quads) terms.push({ a, b, c, d, k: preference.k / quads.length, n: preference.n, phase: preference.phase });
    if (preference.syn) {
      const [a, bb, cc, d] = preference.syn;
      terms.push({ a, b: bb, c: cc, d, k: 4, ...SYN });
    }
  }
  return terms;
}
