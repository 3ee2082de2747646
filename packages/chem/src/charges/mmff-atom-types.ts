import type { MolGraph } from '../mol-graph.ts';
import type { Hybridisation } from './hybridisation.ts';
import { perceiveAtoms } from './hybridisation.ts';

/**
 * MMFF94 numeric atom types (Halgren, J. Comput. Chem. 1996, 17, 490, Table III and MMFFSYMB.PAR) of a
 * molecule whose hydrogens are atoms of the graph (`hydrogenatedGraph`), with MMFF's own aromaticity
 * (rings of sp2 C/N obeying 4n+2 with the exocyclic rules of MMFF.I) perceived on the Kekulé bonds.
 * The typing follows the symbolic definitions the way RDKit's MMFF implementation reads them, so the
 * types (and charges) agree with RDKit's for the elements typed here: H, C, N, O, F, Si, P, S, Cl, Br, I.
 * An atom no definition covers (other elements, unusual valences) gets type 0.
 */
export interface MmffTyping {
  types: Uint8Array;
  /** MMFF aromaticity of each atom and each bond (bonds of MMFF-aromatic rings). */
  aromaticAtoms: boolean[];
  aromaticBonds: boolean[];
  view: MmffView;
}

/** Neighbour lists and ring facts the typing and the charge rules read. */
export interface MmffView {
  graph: MolGraph;
  neighbours: { atom: number; bond: number }[][];
  degree: Int32Array;
  valence: Int32Array;
  ringCount: Int32Array;
}

type BondKind = 1 | 2 | 3 | 'aromatic';

export function mmffAtomTypes(graph: MolGraph): MmffTyping {
  const view = buildView(graph);
  const hybridisation = perceiveAtoms(graph).hybridisation;
  const { aromaticAtoms, aromaticBonds } = mmffAromaticity(view, hybridisation);
  const types = new Uint8Array(graph.atoms.length);
  const typer = new HeavyAtomTyper(view, aromaticAtoms, aromaticBonds);
  graph.atoms.forEach((atom, i) => {
    if (atom.atomicNumber > 1) types[i] = typer.type(i);
  });
  graph.atoms.forEach((atom, i) => {
    if (atom.atomicNumber === 1) types[i] = hydrogenType(view, types, aromaticBonds, i);
  });
  return { types, aromaticAtoms, aromaticBonds, view };
}

function buildView(graph: MolGraph): MmffView {
  const n = graph.atoms.length;
  const neighbours: { atom: number; bond: number }[][] = Array.from({ length: n }, () => []);
  const degree = new Int32Array(n);
  const valence = new Int32Array(n);
  graph.bonds.forEach((bond, index) => {
    neighbours[bond.a]!.push({ atom: bond.b, bond: index });
    neighbours[bond.b]!.push({ atom: bond.a, bond: index });
    degree[bond.a]!++;
    degree[bond.b]!++;
    valence[bond.a]! += bond.order;
    valence[bond.b]! += bond.order;
  });
  if (graph.atoms.some((atom) => atom.implicitHs > 0)) {
    throw new Error('MMFF typing needs every hydrogen as an atom of the graph (hydrogenatedGraph).');
  }
  const ringCount = new Int32Array(n);
  for (const ring of graph.rings) for (const atom of ring) ringCount[atom]!++;
  return { graph, neighbours, degree, valence, ringCount };
}

function bondBetween(view: MmffView, a: number, b: number): number {
  return view.neighbours[a]!.find((n) => n.atom === b)?.bond ?? -1;
}

/**
 * MMFF aromaticity (MMFF.I): a ring is aromatic when its ring double bonds, exocyclic double bonds to
 * atoms of rings already found aromatic (one electron each) and, for odd rings with N, O or divalent S
 * and no exocyclic double bond to a non-aromatic atom, a lone pair, give 4n+2 π electrons, and every
 * ring C and N is sp2. Rings whose exocyclic partners are not decided yet wait for a later pass.
 */
function mmffAromaticity(view: MmffView, hybridisation: Hybridisation[]): { aromaticAtoms: boolean[]; aromaticBonds: boolean[] } {
  const { graph } = view;
  const rings = graph.rings;
  const aromaticAtoms = graph.atoms.map(() => false);
  const aromaticBonds = graph.bonds.map(() => false);
  const decided = graph.atoms.map(() => false);
  const aromaticRings = rings.map(() => false);
  let settled = 0;
  let previous = -1;
  let allDecided = false;
  while (!allDecided && rings.length > 0 && settled > previous) {
    rings.forEach((ring, r) => {
      const inRing = new Set(ring);
      let electrons = 0;
      let deferred = false;
      let hasHeteroatom = false;
      let exocyclicDouble = false;
      for (let j = 0; j < ring.length && !deferred; j++) {
        const atom = ring[j]!;
        const z = graph.atoms[atom]!.atomicNumber;
        if (z === 7 || z === 8 || (z === 16 && view.degree[atom] === 2)) hasHeteroatom = true;
        const next = ring[(j + 1) % ring.length]!;
        if (graph.bonds[bondBetween(view, atom, next)]?.order === 2) {
          electrons += 2;
          continue;
        }
        if (z !== 6 && !(z === 7 && view.valence[atom] === 4)) continue;
        for (const { atom: other, bond } of view.neighbours[atom]!) {
          if (inRing.has(other) || graph.bonds[bond]!.order === 1) continue;
          if (view.ringCount[other]! > 0 && !decided[other]) {
            deferred = true;
            break;
          }
          if (graph.bonds[bond]!.order === 2) {
            if (aromaticAtoms[other]) electrons += 1;
            else exocyclicDouble = true;
          }
        }
      }
      if (deferred) return;
      let possible = true;
      for (const atom of ring) {
        decided[atom] = true;
        const z = graph.atoms[atom]!.atomicNumber;
        if ((z === 6 || z === 7) && hybridisation[atom] !== 'SP2') possible = false;
      }
      if (!possible) return;
      if (hasHeteroatom && !exocyclicDouble && ring.length % 2 === 1) electrons += 2;
      if (electrons > 2 && (electrons - 2) % 4 === 0) {
        aromaticRings[r] = true;
        for (const atom of ring) aromaticAtoms[atom] = true;
      }
    });
    previous = settled;
    settled = 0;
    allDecided = true;
    for (const ring of rings) {
      for (const atom of ring) {
        if (decided[atom]) settled++;
        else allDecided = false;
      }
    }
  }
  rings.forEach((ring, r) => {
    if (!aromaticRings[r]) return;
    ring.forEach((atom, j) => {
      const bond = bondBetween(view, atom, ring[(j + 1) % ring.length]!);
      if (bond >= 0) aromaticBonds[bond] = true;
    });
  });
  return { aromaticAtoms, aromaticBonds };
}

class HeavyAtomTyper {
  private readonly graph: MolGraph;
  /** Indices of the rings each atom is in. */
  private readonly ringsOf: number[][];
  /** Per ring: every bond but the closing one is aromatic (how MMFF tests an aromatic ring of a size). */
  private readonly aromaticChain: boolean[];

  constructor(
    private readonly view: MmffView,
    private readonly aromaticAtoms: boolean[],
    private readonly aromaticBonds: boolean[],
  ) {
    this.graph = view.graph;
    this.ringsOf = view.graph.atoms.map(() => []);
    view.graph.rings.forEach((ring, r) => {
      for (const atom of ring) this.ringsOf[atom]!.push(r);
    });
    this.aromaticChain = view.graph.rings.map((ring) => {
      for (let j = 0; j < ring.length - 1; j++) {
        if (!aromaticBonds[bondBetween(view, ring[j]!, ring[j + 1]!)]) return false;
      }
      return true;
    });
  }

  type(atom: number): number {
    let type = 0;
    if (this.aromaticAtoms[atom]) {
      if (this.inAromaticRingOfSize(atom, 5)) type = this.fiveRingAromatic(atom);
      if (type === 0 && this.inAromaticRingOfSize(atom, 6)) type = this.sixRingAromatic(atom);
    }
    return type !== 0 ? type : this.aliphatic(atom);
  }

  private z(atom: number): number {
    return this.graph.atoms[atom]!.atomicNumber;
  }

  private kind(bond: number): BondKind {
    return this.aromaticBonds[bond] ? 'aromatic' : (this.graph.bonds[bond]!.order as 1 | 2 | 3);
  }

  private neighbours(atom: number): { atom: number; bond: number }[] {
    return this.view.neighbours[atom]!;
  }

  private inRingOfSize(atom: number, size: number): boolean {
    return this.ringsOf[atom]!.some((r) => this.graph.rings[r]!.length === size);
  }

  private inSameRingOfSize(size: number, a: number, b: number): boolean {
    return this.ringsOf[a]!.some((r) => this.graph.rings[r]!.length === size && this.graph.rings[r]!.includes(b));
  }

  /** The atom is MMFF-aromatic and lies in a ring of `size` whose bonds (but the closing one) are aromatic. */
  private inAromaticRingOfSize(atom: number, size: number): boolean {
    return this.aromaticAtoms[atom]! && this.ringsOf[atom]!.some((r) => this.graph.rings[r]!.length === size && this.aromaticChain[r]);
  }

  private isNOxide(atom: number): boolean {
    return this.z(atom) === 7 && this.view.degree[atom]! >= 3 &&
      this.neighbours(atom).some((n) => this.z(n.atom) === 8 && this.view.degree[n.atom] === 1);
  }

  private terminalCount(atom: number, element: number): number {
    return this.neighbours(atom).filter((n) => this.z(n.atom) === element && this.view.degree[n.atom] === 1).length;
  }

  /** O, S or three-connected non-oxide N: the heteroatoms that set 5-ring aromatic types. */
  private isRingHeteroatom(atom: number): boolean {
    const z = this.z(atom);
    return z === 8 || z === 16 || (z === 7 && this.view.degree[atom] === 3 && !this.isNOxide(atom));
  }

  private fiveRingAromatic(atom: number): number {
    const z = this.z(atom);
    const alpha: number[] = [];
    const beta: number[] = [];
    if (z === 6 || z === 7) {
      for (const { atom: first } of this.neighbours(atom)) {
        if (!this.inAromaticRingOfSize(first, 5)) continue;
        if (this.inSameRingOfSize(5, atom, first) && this.isRingHeteroatom(first)) alpha.push(first);
        for (const { atom: second } of this.neighbours(first)) {
          if (second === atom || !this.inAromaticRingOfSize(second, 5)) continue;
          if (this.inSameRingOfSize(5, atom, second) && this.isRingHeteroatom(second)) beta.push(second);
        }
      }
    }
    const isOS = (a: number): boolean => this.z(a) === 8 || this.z(a) === 16;
    const alphaOS = alpha.some(isOS);
    const betaOS = beta.some(isOS);
    const alphaBetaShareRing = alpha.some((a) => beta.some((b) => this.inSameRingOfSize(5, a, b)));
    switch (z) {
      case 6: {
        if (beta.length === 0) {
          let nitrogens = 0, charged = 0, inFive = 0, inSix = 0;
          for (const { atom: n } of this.neighbours(atom)) {
            if (this.z(n) !== 7 || this.view.degree[n] !== 3) continue;
            nitrogens++;
            if (this.graph.atoms[n]!.formalCharge > 0 && !this.isNOxide(n)) charged++;
            if (this.inAromaticRingOfSize(n, 5)) inFive++;
            if (this.inAromaticRingOfSize(n, 6)) inSix++;
          }
          if (((nitrogens === 2 && inFive > 0) || (nitrogens === 3 && inFive === 2)) && charged > 0 && inSix === 0) return 80;
        }
        if ((alpha.length === 0 && beta.length === 0) || (alpha.length > 0 && beta.length > 0)) {
          let besideBenzeneCarbonsOnly = true;
          let besideAromaticOnly = true;
          for (const { atom: n } of this.neighbours(atom)) {
            if (this.z(n) !== 6 || !this.inRingOfSize(n, 6)) besideBenzeneCarbonsOnly = false;
            if (this.inSameRingOfSize(5, atom, n) && !this.aromaticAtoms[n]) besideAromaticOnly = false;
          }
          if ((alpha.length === 0 && beta.length === 0 && !besideBenzeneCarbonsOnly && besideAromaticOnly) ||
            (alpha.length > 0 && beta.length > 0 && (!alphaBetaShareRing || (!alphaOS && !betaOS)))) return 78;
        }
        if (alpha.length > 0 && (beta.length === 0 || alphaOS)) return 63;
        if (beta.length > 0 && (alpha.length === 0 || betaOS)) return 64;
        return 0;
      }
      case 7: {
        if (this.isNOxide(atom)) return 82;
        if (alpha.length === 0 && beta.length === 0) return this.view.degree[atom] === 3 ? 39 : 76;
        if (this.view.degree[atom] === 3 && (alpha.length > 0) !== (beta.length > 0)) return 81;
        if (alpha.length > 0 && (beta.length === 0 || alphaOS)) return 65;
        if (beta.length > 0 && (alpha.length === 0 || betaOS)) return 66;
        return 79;
      }
      case 8:
        return 59;
      case 16:
        return 44;
      default:
        return 0;
    }
  }

  private sixRingAromatic(atom: number): number {
    switch (this.z(atom)) {
      case 6:
        return 37;
      case 7:
        if (this.isNOxide(atom)) return 69;
        return this.view.degree[atom] === 3 ? 58 : 38;
      default:
        return 0;
    }
  }

  private aliphatic(atom: number): number {
    const degree = this.view.degree[atom]!;
    switch (this.z(atom)) {
      case 6:
        return this.carbon(atom, degree);
      case 7:
        return this.nitrogen(atom, degree);
      case 8:
        return this.oxygen(atom, degree);
      case 9:
        return degree === 1 ? 11 : degree === 0 ? 89 : 0;
      case 14:
        return 19;
      case 15:
        return degree === 4 ? 25 : degree === 3 ? 26 : degree === 2 ? 75 : 0;
      case 16:
        return this.sulfur(atom, degree);
      case 17:
        if (degree === 4 && this.neighbours(atom).filter((n) => this.z(n.atom) === 8).length === 4) return 77;
        return degree === 1 ? 12 : degree === 0 ? 90 : 0;
      case 35:
        return degree === 1 ? 13 : degree === 0 ? 91 : 0;
      case 53:
        return degree === 1 ? 14 : 0;
      default:
        return 0;
    }
  }

  private carbon(atom: number, degree: number): number {
    if (degree === 4) {
      if (this.inRingOfSize(atom, 3)) return 22;
      if (this.inRingOfSize(atom, 4)) return 20;
      return 1;
    }
    if (degree === 3) {
      let doubleBonded = 0, terminalO = 0, terminalS = 0, threeConnectedN = 0, doubleBondedTwoConnectedN = 0;
      for (const { atom: n, bond } of this.neighbours(atom)) {
        const isDouble = this.kind(bond) === 2;
        if (isDouble) doubleBonded = this.z(n);
        if (this.view.degree[n] === 1) {
          if (this.z(n) === 8) terminalO++;
          else if (this.z(n) === 16) terminalS++;
        } else if (this.z(n) === 7) {
          if (this.view.degree[n] === 3) threeConnectedN++;
          else if (this.view.degree[n] === 2 && isDouble) doubleBondedTwoConnectedN++;
        }
      }
      if (threeConnectedN >= 2 && doubleBondedTwoConnectedN === 0 && doubleBonded === 7) return 57;
      if (terminalO === 2 || terminalS === 2) return 41;
      if (this.inRingOfSize(atom, 4) && doubleBonded === 6) return 30;
      if (doubleBonded === 7 || doubleBonded === 8 || doubleBonded === 15 || doubleBonded === 16) return 3;
      return 2;
    }
    if (degree === 2) return 4;
    if (degree === 1) return 60;
    return 0;
  }

  private nitrogen(atom: number, degree: number): number {
    const valence = this.view.valence[atom]!;
    let terminalO = 0;
    let sulfonylOrCyano = false;
    for (const { atom: n } of this.neighbours(atom)) {
      if (this.z(n) === 8 && this.view.degree[n] === 1) terminalO++;
      if (valence >= 3 && (this.z(n) === 15 || this.z(n) === 16) && this.terminalCount(n, 8) >= 2) sulfonylOrCyano = true;
    }
    if (degree === 4) return this.isNOxide(atom) ? 68 : 34;
    if (degree === 3) {
      if (valence >= 4) {
        let doubleBondedCN = false;
        for (const { atom: n, bond } of this.neighbours(atom)) {
          if (this.kind(bond) !== 2) continue;
          doubleBondedCN = this.z(n) === 7 || this.z(n) === 6;
          if (this.z(n) === 6) {
            for (const { atom: m } of this.neighbours(n)) {
              if (m === atom) continue;
              if (this.z(m) === 7 && this.view.degree[m] === 3) {
                doubleBondedCN = false;
                break;
              }
            }
          }
        }
        if (terminalO === 1) return 67;
        if (terminalO >= 2) return 45;
        if (doubleBondedCN) return 54;
      }
      if (valence >= 3) {
        const found = this.threeConnectedNitrogen(atom);
        if (found.type) return found.type;
        if (found.cyano) sulfonylOrCyano = true;
      }
    }
    if (degree === 2) {
      if (valence === 4) {
        return this.neighbours(atom).some((n) => this.kind(n.bond) === 3) ? 61 : 53;
      }
      if (valence === 3) {
        let nitroso = false;
        let imineOrAzo = false;
        for (const { atom: n, bond } of this.neighbours(atom)) {
          if (this.kind(bond) !== 2) continue;
          nitroso = this.z(n) === 8 && terminalO === 1;
          imineOrAzo = this.z(n) === 6 || this.z(n) === 7;
        }
        if (nitroso && !imineOrAzo) return 46;
        if (imineOrAzo) return 9;
      }
      if (valence >= 2) {
        const besideSulfinyl = this.neighbours(atom).some((n) => this.z(n.atom) === 16 && this.terminalCount(n.atom, 8) === 1);
        if (besideSulfinyl) return 48;
        if (!sulfonylOrCyano) return 62;
      }
    }
    if (sulfonylOrCyano) return 43;
    if (degree === 1) {
      for (const { atom: n, bond } of this.neighbours(atom)) {
        if (this.kind(bond) === 3) return 42;
        if (this.z(n) === 7 && this.view.degree[n] === 2) {
          const azide = this.neighbours(n).some(({ atom: m }) =>
            (this.z(m) === 7 && this.view.degree[m] === 2) || (this.z(m) === 6 && this.view.degree[m] === 3));
          if (azide) return 47;
        }
      }
    }
    return 8;
  }

  /** Amide, enamine/aniline, amidinium and guanidinium nitrogens (three neighbours, valence 3 or more). */
  private threeConnectedNitrogen(atom: number): { type: number; cyano: boolean } {
    let carbonylLike = false, amidinium = false, guanidinium = false, besideNN = false;
    let besideCarbon = false, besideBenzeneCarbon = false;
    let doubleBondedToCarbon = 0, tripleBondedToCarbon = 0;
    let aromaticOBesideC = 0, aromaticSBesideC = 0;
    for (const { atom: n } of this.neighbours(atom)) {
      if (this.z(n) === 6) {
        besideCarbon = true;
        if (this.aromaticAtoms[n] && this.inRingOfSize(n, 6)) besideBenzeneCarbon = true;
        let twoConnectedN = 0, threeConnectedN = 0, charged = 0, inSix = 0;
        aromaticOBesideC = 0;
        aromaticSBesideC = 0;
        for (const { atom: m, bond } of this.neighbours(n)) {
          const kind = this.kind(bond);
          const zm = this.z(m);
          if (kind === 2 && (zm === 8 || zm === 16)) carbonylLike = true;
          if (kind === 2 || (kind === 'aromatic' && (zm === 6 || (zm === 7 && this.view.ringCount[m] === 1)))) doubleBondedToCarbon = zm;
          if (kind === 3) tripleBondedToCarbon = zm;
          if (zm === 7 && this.view.degree[m] === 3) {
            if (this.graph.atoms[m]!.formalCharge === 1) charged++;
            if (this.inAromaticRingOfSize(n, 6)) inSix++;
            const oxygens = this.neighbours(m).filter((o) => this.z(o.atom) === 8).length;
            if (oxygens < 2) threeConnectedN++;
          }
          if (zm === 7 && this.view.degree[m] === 2 && (kind === 2 || kind === 'aromatic')) twoConnectedN++;
          if (this.aromaticAtoms[m]) {
            if (zm === 8) aromaticOBesideC++;
            if (zm === 16) aromaticSBesideC++;
          }
        }
        if (doubleBondedToCarbon === 7) {
          if (threeConnectedN === 2 && twoConnectedN === 0 && charged > 0 && inSix === 0) amidinium = true;
          if (threeConnectedN === 3) guanidinium = true;
        }
      }
      if (this.z(n) === 7) {
        for (const { atom: m, bond } of this.neighbours(n)) {
          if (this.kind(bond) !== 2) continue;
          if (this.z(m) === 6) {
            const hetero = this.neighbours(m).filter(({ atom: k }) => k !== n && [7, 8, 16].includes(this.z(k))).length;
            if (hetero === 0 && !besideBenzeneCarbon) besideNN = true;
          }
          if (this.z(m) === 7 && !besideBenzeneCarbon) besideNN = true;
        }
      }
    }
    let cyano = false;
    let sulfonyl = false;
    for (const { atom: n } of this.neighbours(atom)) {
      if ((this.z(n) === 15 || this.z(n) === 16) && this.terminalCount(n, 8) >= 2) sulfonyl = true;
    }
    if (besideCarbon) {
      if (tripleBondedToCarbon === 7) cyano = true;
      if (amidinium) return { type: 55, cyano };
      if (guanidinium) return { type: 56, cyano };
      if (!carbonylLike && !sulfonyl && !cyano &&
        ((aromaticOBesideC === 0 && aromaticSBesideC === 0 && besideBenzeneCarbon) ||
          doubleBondedToCarbon === 6 || doubleBondedToCarbon === 7 || doubleBondedToCarbon === 15 || tripleBondedToCarbon === 6)) {
        return { type: 40, cyano };
      }
    }
    if (!sulfonyl && !cyano && (carbonylLike || besideNN)) return { type: 10, cyano };
    return { type: 0, cyano };
  }

  private oxygen(atom: number, degree: number): number {
    if (degree === 3) return 49;
    if (degree === 2) {
      if (this.view.valence[atom] === 3) return 51;
      const hydrogens = this.neighbours(atom).filter((n) => this.z(n.atom) === 1).length;
      return hydrogens === 2 ? 70 : 6;
    }
    if (degree !== 1) return 0;
    const { atom: n, bond } = this.neighbours(atom)[0]!;
    const zn = this.z(n);
    let twoConnectedN = 0, terminalO = 0, terminalS = 0;
    if (zn === 6 || zn === 7 || zn === 16) {
      for (const { atom: m } of this.neighbours(n)) {
        if (this.z(m) === 7 && this.view.degree[m] === 2) twoConnectedN++;
        if (this.z(m) === 8 && this.view.degree[m] === 1) terminalO++;
        if (this.z(m) === 16 && this.view.degree[m] === 1) terminalS++;
      }
    }
    const kind = this.kind(bond);
    let oxide = zn === 1;
    let anionic = zn === 15 || zn === 17;
    let carbonyl = false;
    if (zn === 6) {
      anionic ||= terminalO === 2;
      carbonyl = kind === 2;
      oxide ||= kind === 1 && terminalO === 1;
    } else if (zn === 7) {
      carbonyl = kind === 2;
      if (kind === 1 && terminalO === 1) {
        oxide ||= this.view.degree[n] === 2 || this.view.valence[n] === 3;
        anionic ||= this.view.valence[n] === 4;
      }
      anionic ||= terminalO >= 2;
    } else if (zn === 16) {
      anionic ||= terminalS === 1 || kind === 1 || (kind === 2 && terminalO + twoConnectedN > 1);
      carbonyl = kind === 2 && terminalO + twoConnectedN === 1;
    }
    if (oxide) return 35;
    if (anionic) return 32;
    if (carbonyl) return 7;
    return 0;
  }

  private sulfur(atom: number, degree: number): number {
    if (degree === 4) return 18;
    if (degree === 3) {
      let oxygenOrNitrogen = 0, terminalS = 0;
      let doubleBondedC = false;
      for (const { atom: n, bond } of this.neighbours(atom)) {
        if (this.z(n) === 6 && this.kind(bond) === 2) doubleBondedC = true;
        if ((this.view.degree[n] === 1 && this.z(n) === 8) || (this.view.degree[n] === 2 && this.z(n) === 7)) oxygenOrNitrogen++;
        if (this.view.degree[n] === 1 && this.z(n) === 16) terminalS++;
      }
      if (oxygenOrNitrogen === 2) return doubleBondedC ? 18 : 73;
      if (oxygenOrNitrogen > 0 && terminalS > 0) return 73;
      return 17;
    }
    if (degree === 2) {
      return this.neighbours(atom).some((n) => this.z(n.atom) === 8 && this.kind(n.bond) === 2) ? 74 : 15;
    }
    if (degree === 1) {
      const { atom: n, bond } = this.neighbours(atom)[0]!;
      const terminalS = this.terminalCount(n, 16);
      if (this.z(n) === 6 && this.kind(bond) === 2 && terminalS !== 2) return 16;
      return 72;
    }
    return 0;
  }
}

function hydrogenType(view: MmffView, types: Uint8Array, aromaticBonds: boolean[], atom: number): number {
  const { graph } = view;
  const first = view.neighbours[atom]![0];
  if (!first) return 0;
  const parent = first.atom;
  switch (graph.atoms[parent]!.atomicNumber) {
    case 6:
    case 14:
      return 5;
    case 7:
      switch (types[parent]) {
        case 8: case 39: case 62: case 67: case 68:
          return 23;
        case 34: case 54: case 55: case 56: case 58: case 81:
          return 36;
        case 9:
          return 27;
        default:
          return 28;
      }
    case 8:
      switch (types[parent]) {
        case 49:
          return 50;
        case 51:
          return 52;
        case 70:
          return 31;
        case 6:
          return hydroxylHydrogen(view, aromaticBonds, parent);
        default:
          return 21;
      }
    case 15:
    case 16:
      return 71;
    default:
      return 0;
  }
}

/** Acid (HOCO, HOP), enol/phenol (HOCC, HOCN), sulfur acid (HOS) or alcohol (HOR) hydrogen. */
function hydroxylHydrogen(view: MmffView, aromaticBonds: boolean[], oxygen: number): number {
  const { graph } = view;
  let acid = false, enol = false, sulfur = false;
  for (const { atom: n } of view.neighbours[oxygen]!) {
    const zn = graph.atoms[n]!.atomicNumber;
    if (zn === 6) {
      for (const { atom: m, bond } of view.neighbours[n]!) {
        if (m === oxygen) continue;
        const zm = graph.atoms[m]!.atomicNumber;
        const order = aromaticBonds[bond] ? 'aromatic' : graph.bonds[bond]!.order;
        if (zm === 6 && (order === 2 || order === 'aromatic')) enol = true;
        // RDKit reads the Kekulé double bond here even inside an aromatic ring (a hydroxypyrimidine's OH is HOCN).
        if (zm === 7 && graph.bonds[bond]!.order === 2) enol = true;
        if (zm === 8 && order === 2) acid = true;
      }
    }
    if (zn === 15) acid = true;
    if (zn === 16) sulfur = true;
  }
  if (acid) return 24;
  if (enol) return 29;
  if (sulfur) return 33;
  return 21;
}
