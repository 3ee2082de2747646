import { AROMATIC, DOUBLE, SINGLE, TRIPLE } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';
import { bondKinds, hasBranches } from './branches.ts';
import type { Branch } from './branches.ts';

/**
 * Wildman–Crippen logP (Wildman & Crippen 1999, J. Chem. Inf. Comput. Sci. 39, 868): every atom, hydrogens
 * included, gets the contribution of the first of the paper's atom types it fits, and logP is their sum. The
 * types are tried in the order and with the definitions RDKit uses (Crippen.cpp, version 1.2.0), and the sum is
 * taken as RDKit takes it after adding hydrogens: the molecule's atoms in order, then each atom's own
 * hydrogens in atom order, so the value is RDKit's to the last bit.
 */
export function crippenLogP(t: DescriptorTopology): number {
  let logP = 0;
  for (let i = 0; i < t.graph.atoms.length; i++) logP += atomContribution(t, i);
  for (let i = 0; i < t.graph.atoms.length; i++) {
    const own = t.ownHydrogens[i]!;
    if (own === 0) continue;
    const contribution = hydrogenContribution(t, [i], -1, own - 1);
    for (let h = 0; h < own; h++) logP += contribution;
  }
  return logP;
}

// The paper's logP contributions per atom type (Table 1).
const C1 = 0.1441, C2 = 0, C3 = -0.2035, C4 = -0.2051, C5 = -0.2783, C6 = 0.1551, C7 = 0.0017, C8 = 0.08452;
const C9 = -0.1444, C10 = -0.0516, C11 = 0.1193, C12 = -0.0967, C13 = -0.5443, C14 = 0, C15 = 0.245, C16 = 0.198;
const C17 = 0, C18 = 0.1581, C19 = 0.2955, C20 = 0.2713, C21 = 0.136, C22 = 0.4619, C23 = 0.5437, C24 = 0.1893;
const C25 = -0.8186, C26 = 0.264, C27 = 0.2148, CS = 0.08129;
const H1 = 0.123, H2 = -0.2677, H3 = 0.2142, H4 = 0.298, HS = 0.1125;
const N1 = -1.019, N2 = -0.7096, N3 = -1.027, N4 = -0.5188, N5 = 0.08387, N6 = 0.1836, N7 = -0.3187, N8 = -0.4458;
const N9 = 0.01508, N10 = -1.95, N11 = -0.3239, N12 = -1.119, N13 = -0.3396, N14 = 0.2887, NS = -0.4806;
const O1 = 0.1552, O2 = -0.2893, O3 = -0.0684, O4 = -0.4195, O5 = 0.0335, O6 = -0.3339, O7 = -1.189, O8 = 0.1788;
const O9 = -0.1526, O10 = 0.1129, O11 = 0.4833, O12 = -1.326, OS = -0.1188;
const F = 0.4202, CL = 0.6895, BR = 0.8456, I = 0.8857, HAL = -2.996, P = 0.8612, S1 = 0.6482, S2 = -0.0024, S3 = 0.6237;
const ME1 = -0.3808, ME2 = -0.0025;

const ALKALI = new Set([3, 11, 19, 37, 55]);
const ME1_ELEMENTS = new Set([3, 11, 19, 37, 55, 4, 12, 20, 38, 56, 5, 13, 31, 49, 81, 14, 32, 50, 82, 33, 51, 83, 34, 52, 84]);
const ME2_ELEMENTS = new Set([21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 72, 73, 74, 75, 76, 77, 78, 79, 80]);
/** The heteroatoms that make an sp3 carbon C3/C4: aliphatic N, O, P, S and the halogens. */
const POLAR_SUBSTITUENTS = new Set([7, 8, 15, 16, 9, 17, 35, 53]);
/** Elements a C13 aromatic carbon's substituent may not be, nor a C27 carbon's (which adds P). */
const C13_EXCLUDED = new Set([1, 6, 7, 8, 16, 9, 17, 35, 53]);
const C27_EXCLUDED = new Set([1, 6, 7, 8, 15, 16, 9, 17, 35, 53]);

// Atom tests, named as the SMARTS atoms of the type definitions read.
type AtomTest = (t: DescriptorTopology, j: number) => boolean;
const z = (t: DescriptorTopology, j: number): number => t.element[j]!;
const aromatic: AtomTest = (t, j) => t.aromatic[j] === 1;
/** C */ const aliphaticCarbon: AtomTest = (t, j) => z(t, j) === 6 && !aromatic(t, j);
/** c */ const aromaticCarbon: AtomTest = (t, j) => z(t, j) === 6 && aromatic(t, j);
/** [A;!#1] */ const aliphaticHeavy: AtomTest = (t, j) => z(t, j) !== 1 && !aromatic(t, j);
/** [!#1;A,a] */ const heavy: AtomTest = (t, j) => z(t, j) !== 1;
const element = (...elements: number[]): AtomTest => {
  const set = new Set(elements);
  return (t, j) => set.has(t.element[j]!);
};
const aliphatic = (...elements: number[]): AtomTest => {
  const set = new Set(elements);
  return (t, j) => set.has(t.element[j]!) && t.aromatic[j] === 0;
};
const ALIPHATIC_N = aliphatic(7);
const ALIPHATIC_O = aliphatic(8);
const ALIPHATIC_N_OR_S = aliphatic(7, 16);
const ALIPHATIC_O_OR_S = aliphatic(8, 16);
const ANY_N = element(7);
const totalDegree = (t: DescriptorTopology, j: number): number => t.neighbours[j]!.length + t.ownHydrogens[j]!;
const isAnion = (t: DescriptorTopology, j: number): boolean => t.graph.atoms[j]!.formalCharge <= -1 && t.graph.atoms[j]!.formalCharge >= -3;

// Branches: SMARTS's bond without a symbol is single or aromatic; -, =, # and : name one kind.
const ANY = bondKinds(SINGLE, AROMATIC);
const on = (atom: AtomTest, bonds = ANY): Branch => ({ bonds, atom });
const CARBON = on(aliphaticCarbon);
const AROMATIC_ATOM = on(aromatic);
const ALIPHATIC_HEAVY = on(aliphaticHeavy);
const HEAVY = on(heavy);
const POLAR = on((t, j) => POLAR_SUBSTITUENTS.has(z(t, j)) && !aromatic(t, j));
const DOUBLE_TO_CARBON = on(aliphaticCarbon, bondKinds(DOUBLE));
const RING = on(aromatic, bondKinds(AROMATIC));
const ON_AROMATIC_CARBON = on(aromaticCarbon);
const DOUBLE_TO_AROMATIC_CARBON = on(aromaticCarbon, bondKinds(DOUBLE));

function atomContribution(t: DescriptorTopology, i: number): number {
  const atom = t.graph.atoms[i]!;
  const charge = atom.formalCharge;
  switch (atom.atomicNumber) {
    case 1: return hydrogenContribution(t, t.neighbours[i]!, i, 0);
    case 6: return atom.aromatic ? aromaticCarbonType(t, i) : aliphaticCarbonType(t, i);
    case 7: return atom.aromatic ? (charge === 0 ? N11 : charge >= 1 && charge <= 3 ? N12 : NS) : nitrogenType(t, i);
    case 8: return atom.aromatic ? O1 : oxygenType(t, i);
    case 9: return charge === 0 ? F : charge === -1 ? HAL : 0;
    case 15: return P;
    case 16: return atom.aromatic ? S3 : sulfurType(t, i);
    case 17: return charge === 0 ? CL : charge === -1 ? HAL : 0;
    case 35: return charge === 0 ? BR : charge === -1 ? HAL : 0;
    case 53: return charge === 0 ? I : charge === -1 || (charge >= 1 && charge <= 3) ? HAL : 0;
  }
  if (ALKALI.has(atom.atomicNumber) && charge === 1) return HAL;
  if (ME1_ELEMENTS.has(atom.atomicNumber)) return ME1;
  return ME2_ELEMENTS.has(atom.atomicNumber) ? ME2 : 0;
}

const C5_PARTNER = on((t, j) => aliphaticHeavy(t, j) && z(t, j) !== 6, bondKinds(DOUBLE));
const C7_PARTNER = on(aliphaticHeavy, bondKinds(TRIPLE));
const C27_PARTNER = on((t, j) => !aromatic(t, j) && !C27_EXCLUDED.has(z(t, j)));

function aliphaticCarbonType(t: DescriptorTopology, i: number): number {
  const h = t.hydrogens[i]!;
  const x = totalDegree(t, i);
  if (h === 4 || (h === 3 && hasBranches(t, i, [CARBON])) || (h === 2 && hasBranches(t, i, [CARBON, CARBON]))) return C1;
  if ((h === 1 && hasBranches(t, i, [CARBON, CARBON, CARBON])) || hasBranches(t, i, [CARBON, CARBON, CARBON, CARBON])) return C2;
  if ((h === 3 && hasBranches(t, i, [POLAR])) || (h === 2 && x === 4 && hasBranches(t, i, [POLAR, ALIPHATIC_HEAVY]))) return C3;
  if ((h === 1 && x === 4 && hasBranches(t, i, [POLAR, ALIPHATIC_HEAVY, ALIPHATIC_HEAVY])) || (h === 0 && x === 4 && hasBranches(t, i, [POLAR, ALIPHATIC_HEAVY, ALIPHATIC_HEAVY, ALIPHATIC_HEAVY]))) return C4;
  if (hasBranches(t, i, [C5_PARTNER])) return C5;
  if ((h === 2 && hasBranches(t, i, [DOUBLE_TO_CARBON])) || (h === 1 && hasBranches(t, i, [DOUBLE_TO_CARBON, ALIPHATIC_HEAVY])) || (h === 0 && hasBranches(t, i, [DOUBLE_TO_CARBON, ALIPHATIC_HEAVY, ALIPHATIC_HEAVY])) || hasBranches(t, i, [DOUBLE_TO_CARBON, DOUBLE_TO_CARBON])) return C6;
  if (x === 2 && hasBranches(t, i, [C7_PARTNER])) return C7;
  if (h === 3 && hasBranches(t, i, [ON_AROMATIC_CARBON])) return C8;
  if (h === 3 && hasBranches(t, i, [AROMATIC_ATOM])) return C9;
  if (x === 4 && h <= 2 && hasBranches(t, i, [AROMATIC_ATOM])) return h === 2 ? C10 : h === 1 ? C11 : C12;
  if (
    hasBranches(t, i, [DOUBLE_TO_CARBON, AROMATIC_ATOM, ALIPHATIC_HEAVY]) ||
    hasBranches(t, i, [DOUBLE_TO_CARBON, ON_AROMATIC_CARBON, AROMATIC_ATOM]) ||
    (h === 1 && hasBranches(t, i, [DOUBLE_TO_CARBON, AROMATIC_ATOM])) ||
    hasBranches(t, i, [DOUBLE_TO_AROMATIC_CARBON])
  ) return C26;
  if (x === 4 && hasBranches(t, i, [C27_PARTNER])) return C27;
  return CS;
}

const C13_PARTNER = on((t, j) => !aromatic(t, j) && !C13_EXCLUDED.has(z(t, j)), bondKinds(SINGLE));
const ON_HALOGEN = on(element(9, 17, 35, 53));
const HALOGENS: readonly [Branch, number][] = [[on(element(9)), C14], [on(element(17)), C15], [on(element(35)), C16], [on(element(53)), C17]];
const C20_TO_C25: readonly [Branch, number][] = [
  [on(aromatic, bondKinds(SINGLE)), C20],
  [on(aliphaticCarbon, bondKinds(SINGLE)), C21],
  [on(aliphatic(7), bondKinds(SINGLE)), C22],
  [on(aliphatic(8), bondKinds(SINGLE)), C23],
  [on(aliphatic(16), bondKinds(SINGLE)), C24],
  [on(aliphatic(6, 7, 8), bondKinds(DOUBLE)), C25],
];

function aromaticCarbonType(t: DescriptorTopology, i: number): number {
  if (t.hydrogens[i] === 0 && hasBranches(t, i, [C13_PARTNER])) return C13;
  if (hasBranches(t, i, [ON_HALOGEN])) for (const [halogen, type] of HALOGENS) if (hasBranches(t, i, [halogen])) return type;
  if (t.hydrogens[i] === 1) return C18;
  if (hasBranches(t, i, [RING, RING, RING])) return C19;
  for (const [substituent, type] of C20_TO_C25) if (hasBranches(t, i, [RING, RING, substituent])) return type;
  return CS;
}

const DOUBLE_TO_HEAVY = on(heavy, bondKinds(DOUBLE));
const N9_PARTNER = on(aliphaticHeavy, bondKinds(TRIPLE));
const N13_DOUBLE = on(aliphaticHeavy, bondKinds(DOUBLE));
const N13_CARBON = on(element(6), bondKinds(DOUBLE));
const N13_NITROGEN = on(element(7), bondKinds(DOUBLE));
const N14_ANION = on((t, j) => ALIPHATIC_N(t, j) && isAnion(t, j), bondKinds(DOUBLE));
const N14_NITROGEN = on(ALIPHATIC_N, bondKinds(DOUBLE));

function nitrogenType(t: DescriptorTopology, i: number): number {
  const h = t.hydrogens[i]!;
  const charge = t.graph.atoms[i]!.formalCharge;
  const cationic = charge >= 1 && charge <= 3;
  if (charge === 0) {
    if (h === 2 && hasBranches(t, i, [ALIPHATIC_HEAVY])) return N1;
    if (h === 1 && hasBranches(t, i, [ALIPHATIC_HEAVY, ALIPHATIC_HEAVY])) return N2;
    if (h === 2 && hasBranches(t, i, [AROMATIC_ATOM])) return N3;
    if (h === 1 && hasBranches(t, i, [HEAVY, AROMATIC_ATOM])) return N4;
    if (h === 1 && hasBranches(t, i, [DOUBLE_TO_HEAVY])) return N5;
    if (hasBranches(t, i, [DOUBLE_TO_HEAVY, HEAVY])) return N6;
    if (hasBranches(t, i, [ALIPHATIC_HEAVY, ALIPHATIC_HEAVY, ALIPHATIC_HEAVY])) return N7;
    if (hasBranches(t, i, [AROMATIC_ATOM, HEAVY, ALIPHATIC_HEAVY]) || hasBranches(t, i, [AROMATIC_ATOM, AROMATIC_ATOM, AROMATIC_ATOM])) return N8;
    if (hasBranches(t, i, [N9_PARTNER])) return N9;
  }
  if (cationic && h >= 1 && h <= 3) return N10;
  if (cationic && h === 0 && (hasBranches(t, i, [ALIPHATIC_HEAVY, ALIPHATIC_HEAVY, ALIPHATIC_HEAVY, ALIPHATIC_HEAVY]) || hasBranches(t, i, [N13_DOUBLE, ALIPHATIC_HEAVY, HEAVY]) || hasBranches(t, i, [N13_CARBON, N13_NITROGEN]))) return N13;
  if ((cationic && hasBranches(t, i, [N9_PARTNER])) || isAnion(t, i) || (cationic && hasBranches(t, i, [N14_ANION, N14_NITROGEN]))) return N14;
  return NS;
}

const O5_DOUBLE = on(element(7, 8), bondKinds(DOUBLE));
const ON_NITROGEN = on(ANY_N);
const ON_SULFUR = on(element(16));
const O6_DOUBLE = on((t, j) => z(t, j) === 16 && t.graph.atoms[j]!.formalCharge === 0, bondKinds(DOUBLE));
const DOUBLE_TO_OXYGEN = on(ALIPHATIC_O, bondKinds(DOUBLE));
const CARBOXYLATE_CARBON = on((t, j) => aliphaticCarbon(t, j) && hasBranches(t, j, [DOUBLE_TO_OXYGEN]));
const O7_PARTNER = on((t, j) => z(t, j) !== 1 && !ALIPHATIC_N_OR_S(t, j));
const NON_CARBON = on((t, j) => z(t, j) !== 1 && z(t, j) !== 6);

const ALDEHYDE_OR_FORMYL = on(aliphatic(7, 8));
const ON_ANY_CARBON = on(element(6));
const ON_AROMATIC_HEAVY = on((t, j) => aromatic(t, j) && z(t, j) !== 1);

/** O9's carbonyl carbons: aldehydes and ketones of aliphatic carbon, formyl groups, formaldehyde, CO2. */
const o9Carbon = (t: DescriptorTopology, c: number): boolean =>
  (t.hydrogens[c] === 1 && hasBranches(t, c, [CARBON])) ||
  hasBranches(t, c, [CARBON, ALIPHATIC_HEAVY]) ||
  (t.hydrogens[c] === 1 && hasBranches(t, c, [ALDEHYDE_OR_FORMYL])) ||
  t.hydrogens[c] === 2 ||
  (totalDegree(t, c) === 2 && hasBranches(t, c, [DOUBLE_TO_OXYGEN, DOUBLE_TO_OXYGEN]));
/** O10's: carbonyls on aromatic rings. */
const o10Carbon = (t: DescriptorTopology, c: number): boolean =>
  (t.hydrogens[c] === 1 && hasBranches(t, c, [ON_AROMATIC_CARBON])) ||
  hasBranches(t, c, [ON_ANY_CARBON, ON_AROMATIC_HEAVY]) ||
  hasBranches(t, c, [ON_AROMATIC_CARBON, ALIPHATIC_HEAVY]);
/** O11's: carbonyls between two heteroatoms (ureas, carbonates, carbamates' C=O). */
const o11Carbon = (t: DescriptorTopology, c: number): boolean => hasBranches(t, c, [NON_CARBON, NON_CARBON]);

function oxygenType(t: DescriptorTopology, i: number): number {
  const h = t.hydrogens[i]!;
  const x = totalDegree(t, i);
  const charge = t.graph.atoms[i]!.formalCharge;
  const anion = isAnion(t, i);
  if (h === 1 || h === 2) return O2;
  if (hasBranches(t, i, [ALIPHATIC_HEAVY, ALIPHATIC_HEAVY])) return O3;
  if (hasBranches(t, i, [AROMATIC_ATOM, HEAVY])) return O4;
  if (hasBranches(t, i, [O5_DOUBLE]) || (x === 1 && anion && hasBranches(t, i, [ON_NITROGEN]))) return O5;
  if ((x === 1 && (charge === -1 || charge === -2) && hasBranches(t, i, [ON_SULFUR])) || (charge === 0 && hasBranches(t, i, [O6_DOUBLE]))) return O6;
  if (charge === -1 && hasBranches(t, i, [CARBOXYLATE_CARBON])) return O12;
  if (x === 1 && anion && hasBranches(t, i, [O7_PARTNER])) return O7;
  if (hasBranches(t, i, [DOUBLE_TO_AROMATIC_CARBON])) return O8;
  const carbonylCarbons = t.neighbours[i]!.filter((c, k) => t.bondKind[t.bondsOf[i]![k]!] === DOUBLE && aliphaticCarbon(t, c));
  if (carbonylCarbons.some((c) => o9Carbon(t, c))) return O9;
  if (carbonylCarbons.some((c) => o10Carbon(t, c))) return O10;
  if (carbonylCarbons.some((c) => o11Carbon(t, c))) return O11;
  return OS;
}

const S2_DOUBLE = on(aliphatic(7, 8, 15, 16), bondKinds(DOUBLE));

function sulfurType(t: DescriptorTopology, i: number): number {
  const charge = t.graph.atoms[i]!.formalCharge;
  if (charge !== 0 && charge !== 4 && charge >= -4 && charge <= 6) return S2;
  return charge === 0 && hasBranches(t, i, [S2_DOUBLE]) ? S2 : S1;
}

const ACID_PARTNER = on((t, r) => z(t, r) === 6 || z(t, r) === 7 || ALIPHATIC_O_OR_S(t, r), bondKinds(DOUBLE));
const ACID_CARBON: AtomTest = (t, j) => aliphaticCarbon(t, j) && hasBranches(t, j, [ACID_PARTNER]);
const ALCOHOL_CARBON: AtomTest = (t, j) => (aliphaticCarbon(t, j) && totalDegree(t, j) === 4) || aromaticCarbon(t, j);
const NOT_C_N_O_S: AtomTest = (t, j) => ![6, 7, 8, 16].includes(z(t, j));

/**
 * Whether an O parent of the hydrogen `self` (see hydrogenContribution) has another neighbour by a single or
 * aromatic bond that passes `test`: graph atoms, then (when asked) its own hydrogens.
 */
function oxygenNeighbour(t: DescriptorTopology, self: number, otherOwn: number, o: number, test: AtomTest, orOwnHydrogen = false): boolean {
  return (orOwnHydrogen && (self === -1 ? otherOwn : t.ownHydrogens[o]!) > 0) ||
    t.neighbours[o]!.some((j, k) => j !== self && (ANY & (1 << t.bondKind[t.bondsOf[o]![k]!]!)) !== 0 && test(t, j));
}

/**
 * The type of a hydrogen bonded to `parents` (a hydrogen atom of the graph, `self`, or one of an atom's own
 * hydrogens when `self` is -1), where `otherOwn` of the parent's own hydrogens are hydrogens besides this one.
 */
function hydrogenContribution(t: DescriptorTopology, parents: readonly number[], self: number, otherOwn: number): number {
  if (parents.some((p) => z(t, p) === 6 || z(t, p) === 1)) return H1;
  const oxygens = parents.filter((p) => ALIPHATIC_O(t, p));
  if (oxygens.some((o) => oxygenNeighbour(t, self, otherOwn, o, ALCOHOL_CARBON))) return H2;
  if (oxygens.some((o) => oxygenNeighbour(t, self, otherOwn, o, NOT_C_N_O_S, true))) return H2;
  if (parents.some((p) => ![6, 7, 8].includes(z(t, p)))) return H2;
  if (parents.some((p) => z(t, p) === 7) || oxygens.some((o) => oxygenNeighbour(t, self, otherOwn, o, ANY_N))) return H3;
  if (oxygens.some((o) => oxygenNeighbour(t, self, otherOwn, o, ACID_CARBON) || oxygenNeighbour(t, self, otherOwn, o, ALIPHATIC_O_OR_S))) return H4;
  return HS;
}
