import { lockedCis } from './bounds-matrix.ts';
import type { SkeletonBond, Topology } from './topology.ts';

/** E = k (1 + cos(n φ - phase)) on the dihedral a-b-c-d. */
export interface TorsionTerm { a: number; b: number; c: number; d: number; k: number; n: number; phase: number }

const STAGGERED = { n: 3, phase: 0 };
const PLANAR = { n: 2, phase: Math.PI };
const PERPENDICULAR = { n: 2, phase: 0 };
const ANTI = { n: 1, phase: 0 };
/** Minima at ±45° and ±135°. */
const TWISTED = { n: 4, phase: 0 };

interface Preference {
  k: number;
  n: number;
  phase: number;
  /** Phase for dihedrals ending on the carbonyl O, when it differs. */
  oxygenPhase?: number;
  /** Only on dihedrals whose ends are not the doubly bonded O (a term that would cancel over a symmetric rotor). */
  skipOxo?: boolean;
}

const isAromatic = (topology: Topology, atom: number) => topology.graph.atoms[topology.toGraph[atom] ?? 0]?.aromatic ?? false;
function smallestRing(topology: Topology, atom: number): number {
  let best = 0;
  for (const r of topology.atomRings[atom] ?? []) {
    const size = topology.rings[r]?.length ?? 0;
    if (size > 0 && (best === 0 || size < best)) best = size;
  }
  return best;
}
const isSulfonyl = (topology: Topology, atom: number) => topology.atomicNumbers[atom] === 16 && (topology.neighbours[atom]?.length ?? 0) === 4;

/**
 * Knowledge-based torsion preferences in the spirit of ETKDG's, reduced to the patterns that decide the
 * shape of drug-like molecules (checked against the torsions of RDKit's ETKDG + MMFF conformers of
 * catalogue compounds): staggered sp3-sp3 bonds, gauche sulfonamides, planar amides/esters/anilides,
 * near-planar biaryls and aryl amines, benzylic and aryl thioether bonds perpendicular to the ring,
 * secondary amide N-C(sp3) anti to the carbonyl carbon (99% of such torsions in ETKDG + MMFF
 * conformers of catalogue rows outside the gate set), and the eclipsed C=O of carbonyls on sp3 carbons.
 */
function bondPreferences(topology: Topology, bond: SkeletonBond): Preference | Preference[] | undefined {
  const { a: b, b: c } = bond;
  const hb = topology.hybridisation[b];
  const hc = topology.hybridisation[c];
  if (bond.order !== 1 || bond.aromatic || hb === 'sp' || hc === 'sp' || hb === 'other' || hc === 'other') return undefined;
  if (hb === 'sp3' && hc === 'sp3') {
    // Five-membered rings pucker (torsions near ±35°) rather than stagger: a weak term keeps them off 0°.
    if (bond.ringSize === 5) return { k: 0.4, ...PERPENDICULAR };
    if (bond.ringSize > 0 && bond.ringSize < 6) return undefined;
    const sulfonamide = (isSulfonyl(topology, b) && topology.atomicNumbers[c] === 7) || (isSulfonyl(topology, c) && topology.atomicNumbers[b] === 7);
    // Sulfonamides sit gauche (about ±65°): staggered, with the anti position lifted by a perpendicular term.
    // Sulfonamides sit gauche (about ±65°) across S-N: staggered, with the anti position of the S and N
    // substituents lifted (a term on the O=S dihedrals too would cancel over the three-fold rotor).
    return sulfonamide ? [{ k: 1.2, ...STAGGERED }, { k: 2.4, n: 1, phase: Math.PI, skipOxo: true }] : { k: 1.2, ...STAGGERED };
  }
  if (hb === 'sp2' && hc === 'sp2') {
    if (bond.ringSize > 0 && bond.ringSize <= 7) return undefined;
    const aromaticB = isAromatic(topology, b);
    const aromaticC = isAromatic(topology, c);
    // Biaryls: two six-membered rings twist (about ±45°) against each other's ortho hydrogens; a
    // five-membered ring has no ortho H to clash with and stays near the plane.
    if (aromaticB && aromaticC) return smallestRing(topology, b) === 6 && smallestRing(topology, c) === 6 ? { k: 1, ...TWISTED } : { k: 1.5, ...PLANAR };
    // Amides, esters, carbamates: strongly planar (secondary ones are held trans by the bounds already).
    for (const [carbon, hetero] of [[b, c], [c, b]] as const) {
      const zHetero = topology.atomicNumbers[hetero] ?? 0;
      if (topology.atomicNumbers[carbon] === 6 && topology.carbonyl[carbon] && (zHetero === 7 || zHetero === 8)) return { k: 8, ...PLANAR };
    }
    const [aryl, other] = aromaticB ? [b, c] : [c, b];
    if (aromaticB || aromaticC) {
      if (topology.carbonyl[other]) return { k: 1.5, ...PLANAR };
      const around = topology.neighbours[other] ?? [];
      // Diaryl ethers and amines cannot put both rings in one plane: they twist.
      if (around.filter((x) => isAromatic(topology, x)).length >= 2) return { k: 0.3, ...PLANAR };
      // Secondary anilides stay in the ring plane; tertiary aryl amines and N-aryl lactams twist out of it.
      if (topology.atomicNumbers[other] === 7) {
        const acylated = around.some((x) => x !== aryl && topology.carbonyl[x]);
        if (around.length === 3) return { k: 0.5, ...PLANAR };
        if (acylated) return { k: 5, ...PLANAR };
      }
    }
    return { k: 2.5, ...PLANAR };
  }
  if (bond.ringSize > 0) return undefined;
  const [flat, chain] = hb === 'sp2' ? [b, c] : [c, b];
  const aromatic = isAromatic(topology, flat);
  if (aromatic && topology.atomicNumbers[flat] === 6 && topology.atomicNumbers[chain] === 6) return { k: 0.6, ...PERPENDICULAR };
  if (aromatic && topology.atomicNumbers[chain] === 16 && (topology.neighbours[chain]?.length ?? 0) === 2) {
    // Thioethers on a carbon next to a ring N (the common triazolyl and pyrimidinyl sulfides) lie in the
    // ring plane; on carbocycles they turn perpendicular.
    const besideNitrogen = (topology.neighbours[flat] ?? []).some((x) => topology.atomicNumbers[x] === 7 && isAromatic(topology, x));
    return besideNitrogen ? { k: 1.5, ...PLANAR } : { k: 0.6, ...PERPENDICULAR };
  }
  // Aryl alkyl ethers: the alkyl chain continues anti to the ring across the O-C bond.
  if (topology.atomicNumbers[flat] === 8 && topology.atomicNumbers[chain] === 6) return { k: 0.8, ...ANTI };
  // Amide N-C(sp3): the alkyl group turns its substituent out of the amide plane.
  const acylNitrogen = topology.atomicNumbers[flat] === 7 && !aromatic && (topology.neighbours[flat] ?? []).some((x) => topology.carbonyl[x]);
  if (acylNitrogen) {
    // Secondary amides put the N-substituent's chain anti to the carbonyl carbon; tertiary ones turn it out of plane.
    const secondary = (topology.neighbours[flat]?.length ?? 0) === 2;
    return secondary ? { k: 1.5, ...ANTI } : { k: 0.6, ...PERPENDICULAR };
  }
  // R-CH2-C(=O)X: the substituents stagger the C-X bond, which eclipses them with the C=O.
  if (!aromatic && topology.carbonyl[flat] && topology.atomicNumbers[flat] === 6) {
    const alpha = (topology.neighbours[chain] ?? []).filter((x) => x !== flat).map((x) => topology.atomicNumbers[x]);
    // X-CH2-C(=O)Y: a sulfur stands across the carbonyl plane, an amine N has no clear preference; otherwise
    // the substituents stagger the C-Y bond, which eclipses one of them with the C=O.
    if (alpha.includes(16)) return { k: 0.5, ...PERPENDICULAR };
    if (alpha.includes(7)) return undefined;
    return { k: 1, ...STAGGERED, oxygenPhase: Math.PI };
  }
  return undefined;
}

/** Weight per dihedral across bonds a ring or a specified double bond holds planar. */
const HELD_PLANAR_K = 10;

export function torsionPreferences(topology: Topology): TorsionTerm[] {
  const terms: TorsionTerm[] = [];
  for (const bond of topology.bonds) {
    const lockedAcross = lockedCis(topology, bond);
    for (const a of topology.neighbours[bond.a] ?? []) {
      for (const d of topology.neighbours[bond.b] ?? []) {
        if (a === bond.b || d === bond.a || a === d) continue;
        const cis = lockedAcross(a, d);
        // Distance bounds alone let aromatic rings pucker by a tenth of an ångström; a 1-fold term fixes the side too.
        if (cis !== undefined) terms.push({ a, b: bond.a, c: bond.b, d, k: HELD_PLANAR_K, n: 1, phase: cis ? Math.PI : 0 });
      }
    }
    const found = bondPreferences(topology, bond);
    for (const preference of found === undefined ? [] : Array.isArray(found) ? found : [found]) addBondTerms(topology, bond, preference, terms);
  }
  return terms;
}

/** Whether x is an O double-bonded to an end of `bond`, a carbonyl carbon's bond. */
function isOxo(topology: Topology, bond: SkeletonBond, x: number): boolean {
  const { a: b, b: c } = bond;
  return topology.atomicNumbers[x] === 8 && (topology.carbonyl[b] === 1 || topology.carbonyl[c] === 1) &&
    topology.bonds.some((o) => o.order === 2 && ((o.a === x && (o.b === b || o.b === c)) || (o.b === x && (o.a === b || o.a === c))));
}

/** Spreads one bond's preference over every dihedral across it that no ring or stereo already fixes. */
function addBondTerms(topology: Topology, bond: SkeletonBond, preference: Preference, terms: TorsionTerm[]): void {
  const { a: b, b: c } = bond;
  const quads: [number, number][] = [];
  const lockedAcross = lockedCis(topology, bond);
  for (const a of topology.neighbours[b] ?? []) {
    if (a === c) continue;
    for (const d of topology.neighbours[c] ?? []) if (d !== b && d !== a && lockedAcross(a, d) === undefined) quads.push([a, d]);
  }
  for (const [a, d] of quads) {
    const oxo = (preference.skipOxo || preference.oxygenPhase !== undefined) && (isOxo(topology, bond, a) || isOxo(topology, bond, d));
    if (preference.skipOxo && oxo) continue;
    const phase = preference.oxygenPhase !== undefined && oxo ? preference.oxygenPhase : preference.phase;
    terms.push({ a, b, c, d, k: preference.k / quads.length, n: preference.n, phase });
  }
}
