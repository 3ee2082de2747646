import type { MolGraph } from '../mol-graph.ts';
import { gasteigerCharges } from './gasteiger.ts';
import { mmffAtomTypes } from './mmff-atom-types.ts';
import type { MmffTyping } from './mmff-atom-types.ts';
import { MMFF_BOND_CHARGE_INCREMENTS, MMFF_PBCI, MMFF_PROPERTIES } from './mmff-parameters.ts';

interface TypeProperties { coordination: number; aromatic: boolean; delocalisedSingle: boolean; pbci: number; fcadj: number }

const PROPERTIES: (TypeProperties | undefined)[] = [];
for (const [type, coordination, aromatic, delocalisedSingle] of MMFF_PROPERTIES) {
  PROPERTIES[type] = { coordination, aromatic: aromatic === 1, delocalisedSingle: delocalisedSingle === 1, pbci: 0, fcadj: 0 };
}
for (const [type, pbci, fcadj] of MMFF_PBCI) {
  const entry = PROPERTIES[type];
  if (entry) {
    entry.pbci = pbci;
    entry.fcadj = fcadj;
  }
}
const incrementKey = (bondType: number, i: number, j: number): number => (bondType * 128 + i) * 128 + j;
const INCREMENTS = new Map<number, number>(MMFF_BOND_CHARGE_INCREMENTS.map(([bondType, i, j, bci]) => [incrementKey(bondType, i, j), bci]));

export interface MmffChargeResult {
  charges: Float64Array;
  /** 'mmff94' when every atom was typed, else 'gasteiger' (the fallback's charges). */
  model: 'mmff94' | 'gasteiger';
}

/**
 * MMFF94 partial charges (Halgren, J. Comput. Chem. 1996, 17, 616, eq. 15) of a molecule with its
 * hydrogens as atoms (`hydrogenatedGraph`):
 *   q_i = (1 − M_i u_i) q0_i + u_i Σ_k q0_k + Σ_k ω_ki,
 * with q0 the formal charges MMFF assigns to its types (shared over a carboxylate's two oxygens, a
 * guanidinium's three nitrogens, a tetrazolide's ring nitrogens), M_i the type's coordination, u_i its
 * formal-charge sharing factor and ω_ki the bond charge increments (MMFFCHG.PAR, or the difference of
 * the partial increments of MMFFPBCI.PAR where a pair is not tabulated).
 *
 * A molecule with an atom MMFF does not type (an element other than H, C, N, O, F, Si, P, S, Cl, Br, I,
 * or an unusual valence) gets Gasteiger charges instead, and the result says so.
 */
export function mmffCharges(graph: MolGraph): MmffChargeResult {
  const typing = mmffAtomTypes(graph);
  if (typing.types.some((type) => type === 0 || !PROPERTIES[type])) {
    return { charges: gasteigerCharges(graph), model: 'gasteiger' };
  }
  return { charges: chargesFromTypes(typing), model: 'mmff94' };
}

function chargesFromTypes(typing: MmffTyping): Float64Array {
  const { types, view } = typing;
  const n = types.length;
  const formal = mmffFormalCharges(typing);
  const charges = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const type = types[i]!;
    const own = PROPERTIES[type]!;
    let q0 = formal[i]!;
    if (own.fcadj === 0) {
      // A negative neighbour lends part of its charge to atoms that do not share charge themselves.
      for (const { atom } of view.neighbours[i]!) {
        if (formal[atom]! < 0) q0 += formal[atom]! / (2 * view.degree[atom]!);
      }
    }
    if (type === 62) {
      for (const { atom } of view.neighbours[i]!) if (formal[atom]! > 0) q0 -= formal[atom]! / 2;
    }
    let neighbourFormal = 0;
    let increments = 0;
    for (const { atom, bond } of view.neighbours[i]!) {
      const other = types[atom]!;
      increments += bondIncrement(typing, bond, type, other);
      neighbourFormal += formal[atom]!;
    }
    charges[i] = (1 - own.coordination * own.fcadj) * q0 + own.fcadj * neighbourFormal + increments;
  }
  return charges;
}

/** The charge atom of type `self` receives over `bond` from its neighbour of type `other`. */
function bondIncrement(typing: MmffTyping, bond: number, self: number, other: number): number {
  const bondType = mmffBondType(typing, bond);
  const [low, high, sign] = self <= other ? [self, other, -1] : [other, self, 1];
  const tabulated = INCREMENTS.get(incrementKey(bondType, low, high));
  if (tabulated !== undefined) return self === other ? 0 : sign * tabulated;
  return PROPERTIES[self]!.pbci - PROPERTIES[other]!.pbci;
}

/** MMFF bond type 1: a single bond between two atoms that may carry delocalised single bonds, or two aromatic-capable types. */
function mmffBondType(typing: MmffTyping, bond: number): number {
  const { graph } = typing.view;
  const b = graph.bonds[bond]!;
  if (b.order !== 1 || typing.aromaticBonds[bond]) return 0;
  const a = PROPERTIES[typing.types[b.a]!]!;
  const c = PROPERTIES[typing.types[b.b]!]!;
  return (a.delocalisedSingle && c.delocalisedSingle) || (a.aromatic && c.aromatic) ? 1 : 0;
}

/** Formal charges of MMFF's charged types, shared over the atoms of a delocalised group as MMFF does. */
function mmffFormalCharges(typing: MmffTyping): Float64Array {
  const { types, view } = typing;
  const { graph } = view;
  const n = types.length;
  const formal = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    switch (types[i]) {
      case 32:
      case 72:
        formal[i] = terminalAnionCharge(typing, i);
        break;
      case 76: {
        const ring = graph.rings.find((r) => r.includes(i));
        const count = ring ? ring.filter((atom) => types[atom] === 76).length : 0;
        if (count > 0) formal[i] = -1 / count;
        break;
      }
      case 55:
      case 56:
      case 81:
        formal[i] = conjugatedCationCharge(typing, i);
        break;
      case 61:
        if (view.neighbours[i]!.some(({ atom }) => types[atom] === 42)) formal[i] = 1;
        break;
      case 34: case 49: case 51: case 54: case 58: case 92: case 93: case 94: case 97:
        formal[i] = 1;
        break;
      case 87: case 95: case 96: case 98: case 99:
        formal[i] = 2;
        break;
      case 88:
        formal[i] = 3;
        break;
      case 35: case 62: case 89: case 90: case 91:
        formal[i] = -1;
        break;
      default:
        break;
    }
  }
  return formal;
}

/** A terminal O or S anion: its group's charge shared over the group's terminal O/S atoms. */
function terminalAnionCharge(typing: MmffTyping, atom: number): number {
  const { types, view } = typing;
  const { graph } = view;
  for (const { atom: centre } of view.neighbours[atom]!) {
    const centreType = types[centre]!;
    let twoConnectedN = 0;
    let terminal = 0;
    for (const { atom: m } of view.neighbours[centre]!) {
      const zm = graph.atoms[m]!.atomicNumber;
      if (zm === 7 && view.degree[m] === 2 && !typing.aromaticAtoms[m]) twoConnectedN++;
      if ((zm === 8 || zm === 16) && view.degree[m] === 1) terminal++;
    }
    const zc = graph.atoms[centre]!.atomicNumber;
    // A deprotonated sulfonamide's nitrogen is not an oxygen stand-in of a sulfone.
    if (zc === 16 && terminal === 2 && twoConnectedN === 1) twoConnectedN = 0;
    if (zc === 6 && terminal > 0) return terminal === 1 ? -1 : -(terminal - 1) / terminal;
    if (centreType === 45 && terminal === 3) return -1 / 3;
    if ((centreType === 25 || centreType === 73) && terminal > 0) return terminal === 1 ? 0 : -(terminal - 1) / terminal;
    if (centreType === 18 && terminal > 0) {
      const total = twoConnectedN + terminal;
      return total === 2 ? 0 : -(total - 2) / terminal;
    }
    if (centreType === 77 && terminal > 0) return -1 / terminal;
  }
  return 0;
}

/** Amidinium, guanidinium and imidazolium nitrogens share the formal charge of their conjugated set. */
function conjugatedCationCharge(typing: MmffTyping, atom: number): number {
  const { types, view } = typing;
  const { graph } = view;
  const inSet = new Set([atom]);
  let total = graph.atoms[atom]!.formalCharge;
  let grew = true;
  while (grew) {
    grew = false;
    for (const member of [...inSet]) {
      for (const { atom: centre } of view.neighbours[member]!) {
        if (types[centre] !== 57 && types[centre] !== 80) continue;
        for (const { atom: partner } of view.neighbours[centre]!) {
          const t = types[partner];
          if ((t === 55 || t === 56 || t === 81) && !inSet.has(partner)) {
            inSet.add(partner);
            total += graph.atoms[partner]!.formalCharge;
            grew = true;
          }
        }
      }
    }
  }
  return total / inSet.size;
}
