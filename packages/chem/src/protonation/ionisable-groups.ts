import type { MolGraph } from '../mol-graph.ts';

/**
 * The ionisable groups the pH 7.4 model knows, each with the typical pKa range of the group in water
 * that decides its state (literature values: Perrin, "Dissociation Constants of Organic Bases in Aqueous
 * Solution", 1965/1972; Serjeant & Dempsey, IUPAC Chemical Data Series 23, 1979 for acids; amine shifts
 * after Morgenthaler et al., ChemMedChem 2007, 2, 1100, "Predicting and tuning physicochemical
 * properties in lead optimization: amine basicities").
 *
 * Acids (ionised at 7.4 when the pKa is below it):
 * - carboxylic acid, pKa 3-5 (ibuprofen 4.4, diclofenac 4.0) → carboxylate;
 * - sulfonic and sulfuric mono-ester acids, pKa < 1; sulfinic acids, pKa ~2 → anion;
 * - phosphonic / phosphoric acids: first OH pKa 1-2 → anion; the second OH of a phosphate mono-ester
 *   (no P–C bond, pKa2 6.0-6.5) also ionises, that of a phosphonate (pKa2 7.5-8) does not;
 * - 5-substituted 1H-tetrazole, pKa 4.5-5 (losartan 4.9) → tetrazolide;
 * - acyl sulfonamides, sulfonylureas and sulfonimides (N–H between S(=O)2 and C=O or S(=O)2), pKa 1.5-5.5
 *   (glibenclamide 5.3) → N anion;
 * - phenols stay neutral (pKa ~10) unless strongly acidified: 2 × (nitro, cyano, sulfonyl or carbonyl
 *   substituents ortho/para) + (halogens on the ring) ≥ 3 (2,4-dinitrophenol 4.1, 2-chloro-4-nitrophenol
 *   5.4, 2,4,6-trichlorophenol 6.2 ionise; 4-nitrophenol 7.2, 2,4-dichlorophenol 7.9 do not).
 * Bases (protonated at 7.4 when the pKa of the conjugate acid is at or above it):
 * - guanidines, pKa ~13 (acylguanidines ~8, amiloride 8.7, still protonated; cyano-, nitro- and
 *   sulfonylguanidines, pKa < 1, are not); in a biguanide (metformin) one cation;
 * - amidines, pKa 10-12 (benzamidine 11.6), unless an N carries an acyl, sulfonyl or heteroatom
 *   (amidoximes ~5);
 * - aliphatic amines: an estimate from primary 10.6 / secondary 11.0 / tertiary 10.5, lowered by −1.2 for
 *   each O, N, S or Cl singly bonded to a β-carbon (−1.7 for F: 2-fluoroethylamine 9.0; morpholine 8.4),
 *   −2.7 for a β-carbon double-bonded to a heteroatom (α-amino carbonyls: glycinamide 8.0, glycine
 *   ethyl ester 7.7, lidocaine 7.9), −4.5 for a nitrile on a β-carbon (aminoacetonitrile 5.3), −1.0 for an aromatic or vinylic
 *   β-carbon (benzylamine 9.3) and −2.5 for a heteroatom on an α-carbon (aminals); amines on an aromatic
 *   atom, on C=X, on C≡N or on a heteroatom (anilines, amides, enamines, sulfonamides, hydrazines,
 *   hydroxylamines) are not basic;
 * - 4-aminopyridines and 4-aminoquinolines, pKa 8-9.5 (chloroquine ring N 8.1) → pyridinium; other
 *   pyridines (5.2), imidazoles (~7.0) and benzimidazoles (5.5) stay neutral.
 * Quaternary ammonium and other permanent charges are left as drawn.
 */
export type IonisableGroup =
  | 'carboxylic_acid'
  | 'sulfonic_acid'
  | 'phosphonic_acid'
  | 'tetrazole'
  | 'acyl_sulfonamide'
  | 'acidic_phenol'
  | 'guanidine'
  | 'amidine'
  | 'aliphatic_amine'
  | 'aminopyridine';

export interface IonisableSite {
  group: IonisableGroup;
  /** The atom that gains or loses the proton. */
  atom: number;
  /** −1 for an acid losing a proton, +1 for a base gaining one. */
  charge: -1 | 1;
  /** The pKa the rule assigns (a base's before the neighbouring-charge corrections). */
  pka: number;
  /** Atoms of the group (a biguanide's two guanidines share atoms: only one of them is protonated). */
  groupAtoms: number[];
}

/** Neighbour lists of a graph whose hydrogens may be counts (`implicitHs`) or atoms. */
export class GraphView {
  readonly neighbours: { atom: number; order: number }[][];
  readonly ringSizes: number[][];

  constructor(readonly graph: MolGraph) {
    this.neighbours = graph.atoms.map(() => []);
    for (const bond of graph.bonds) {
      this.neighbours[bond.a]!.push({ atom: bond.b, order: bond.order });
      this.neighbours[bond.b]!.push({ atom: bond.a, order: bond.order });
    }
    this.ringSizes = graph.atoms.map(() => []);
    for (const ring of graph.rings) for (const atom of ring) this.ringSizes[atom]!.push(ring.length);
  }

  z(atom: number): number {
    return this.graph.atoms[atom]!.atomicNumber;
  }

  aromatic(atom: number): boolean {
    return this.graph.atoms[atom]!.aromatic;
  }

  hydrogens(atom: number): number {
    return this.graph.atoms[atom]!.implicitHs + this.heavy(atom, 1).length;
  }

  /** Neighbours of element `z` (any element when omitted), hydrogen atoms excluded unless asked for. */
  heavy(atom: number, z?: number): number[] {
    return this.neighbours[atom]!.filter((n) => (z === undefined ? this.z(n.atom) > 1 : this.z(n.atom) === z)).map((n) => n.atom);
  }

  doubleBonded(atom: number, z: number): number[] {
    return this.neighbours[atom]!.filter((n) => n.order === 2 && this.z(n.atom) === z).map((n) => n.atom);
  }

  /** Sum of bond orders plus hydrogens counted on the atom. */
  valence(atom: number): number {
    return this.neighbours[atom]!.reduce((sum, n) => sum + n.order, this.graph.atoms[atom]!.implicitHs);
  }

  hasMultipleBond(atom: number): boolean {
    return this.neighbours[atom]!.some((n) => n.order > 1) || this.aromatic(atom);
  }

  charged(atom: number): boolean {
    return this.graph.atoms[atom]!.formalCharge !== 0;
  }
}

const HALOGENS = new Set([9, 17, 35, 53]);
const BETA_HETEROATOMS = new Set([7, 8, 16, 17]);

/** Every ionisable site of a neutral-form molecule, with the rule's pKa. */
export function ionisableSites(view: GraphView): IonisableSite[] {
  const sites: IonisableSite[] = [];
  const { graph } = view;
  graph.atoms.forEach((_, atom) => {
    if (view.charged(atom)) return;
    switch (view.z(atom)) {
      case 6:
        pushAll(sites, carbonCentredSites(view, atom));
        break;
      case 7:
        pushAll(sites, nitrogenSites(view, atom));
        break;
      case 8:
        pushAll(sites, oxygenAcidSites(view, atom));
        break;
      default:
        break;
    }
  });
  return sites;
}

function pushAll(target: IonisableSite[], found: IonisableSite | IonisableSite[] | undefined): void {
  if (found === undefined) return;
  if (Array.isArray(found)) target.push(...found);
  else target.push(found);
}

/** Amidines and guanidines, found from their central carbon; the imine nitrogen takes the proton. */
function carbonCentredSites(view: GraphView, carbon: number): IonisableSite | undefined {
  if (view.aromatic(carbon)) return undefined;
  const nitrogens = view.heavy(carbon, 7);
  const imine = view.doubleBonded(carbon, 7).find((n) => !view.aromatic(n) && !view.charged(n));
  if (imine === undefined || nitrogens.some((n) => view.aromatic(n) || view.charged(n))) return undefined;
  const others = view.heavy(carbon).filter((n) => view.z(n) !== 7);
  const amino = nitrogens.filter((n) => n !== imine);
  if (amino.length === 0 || others.some((n) => view.z(n) !== 6)) return undefined;
  // Cyano-, nitro-, sulfonyl- and hydroxy-substituted nitrogens make the group a very weak base.
  const deactivated = (n: number): boolean =>
    view.heavy(n).some((m) => m !== carbon && (isElectronSink(view, m) || [7, 8, 16].includes(view.z(m))));
  if (nitrogens.some(deactivated)) return undefined;
  const acylated = nitrogens.some((n) => view.heavy(n, 6).some((m) => m !== carbon && view.doubleBonded(m, 8).length > 0));
  if (amino.length >= 2) {
    return { group: 'guanidine', atom: imine, charge: 1, pka: acylated ? 8.0 : 13.0, groupAtoms: [carbon, ...nitrogens] };
  }
  if (acylated) return undefined;
  return { group: 'amidine', atom: imine, charge: 1, pka: 11.0, groupAtoms: [carbon, ...nitrogens] };
}

/** S or P with a double-bonded O, or C triple-bonded to N, or a nitro N: groups that pull a lone pair away. */
function isElectronSink(view: GraphView, atom: number): boolean {
  const z = view.z(atom);
  if (z === 16 || z === 15) return view.doubleBonded(atom, 8).length > 0;
  if (z === 6) return view.neighbours[atom]!.some((n) => n.order === 3 && view.z(n.atom) === 7);
  if (z === 7) return view.heavy(atom, 8).length >= 2;
  return false;
}

function nitrogenSites(view: GraphView, nitrogen: number): IonisableSite | undefined {
  if (view.aromatic(nitrogen)) return tetrazoleSite(view, nitrogen) ?? aminopyridineSite(view, nitrogen);
  return acylSulfonamideSite(view, nitrogen) ?? aliphaticAmineSite(view, nitrogen);
}

function tetrazoleSite(view: GraphView, nitrogen: number): IonisableSite | undefined {
  if (view.graph.atoms[nitrogen]!.implicitHs === 0) return undefined;
  const ring = view.graph.rings.find((r) => r.length === 5 && r.includes(nitrogen));
  if (!ring || ring.filter((a) => view.z(a) === 7).length !== 4) return undefined;
  return { group: 'tetrazole', atom: nitrogen, charge: -1, pka: 4.9, groupAtoms: ring };
}

function aminopyridineSite(view: GraphView, nitrogen: number): IonisableSite | undefined {
  if (view.heavy(nitrogen).length !== 2 || view.hydrogens(nitrogen) > 0) return undefined;
  const ring = view.graph.rings.find((r) => r.length === 6 && r.includes(nitrogen));
  if (!ring) return undefined;
  const position = ring.indexOf(nitrogen);
  const para = ring[(position + 3) % 6]!;
  if (view.z(para) !== 6) return undefined;
  const amino = view.heavy(para, 7).find((n) => !ring.includes(n) && !view.aromatic(n) && !view.charged(n) &&
    view.heavy(n).every((m) => m === para || (view.z(m) === 6 && !view.hasMultipleBond(m))));
  if (amino === undefined) return undefined;
  return { group: 'aminopyridine', atom: nitrogen, charge: 1, pka: 9.0, groupAtoms: [nitrogen, para, amino] };
}

/** N–H between a sulfonyl and a carbonyl or a second sulfonyl. */
function acylSulfonamideSite(view: GraphView, nitrogen: number): IonisableSite | undefined {
  if (view.graph.atoms[nitrogen]!.implicitHs === 0) return undefined;
  const sulfonyls = view.heavy(nitrogen, 16).filter((s) => view.doubleBonded(s, 8).length >= 2);
  if (sulfonyls.length === 0) return undefined;
  const carbonyls = view.heavy(nitrogen, 6).filter((c) => view.doubleBonded(c, 8).length > 0);
  if (carbonyls.length === 0 && sulfonyls.length < 2) return undefined;
  return { group: 'acyl_sulfonamide', atom: nitrogen, charge: -1, pka: 4.5, groupAtoms: [nitrogen, ...sulfonyls, ...carbonyls] };
}

function aliphaticAmineSite(view: GraphView, nitrogen: number): IonisableSite | undefined {
  if (view.valence(nitrogen) !== 3 || view.hasMultipleBond(nitrogen)) return undefined;
  const carbons = view.heavy(nitrogen);
  if (carbons.length === 0 || carbons.some((c) => view.z(c) !== 6 || view.hasMultipleBond(c))) return undefined;
  let pka = carbons.length === 1 ? 10.6 : carbons.length === 2 ? 11.0 : 10.5;
  for (const alpha of carbons) {
    for (const beta of view.heavy(alpha)) {
      if (beta === nitrogen) continue;
      if (view.z(beta) !== 6) {
        pka -= 2.5;
        continue;
      }
      const aromatic = view.aromatic(beta);
      if (!aromatic && view.neighbours[beta]!.some((n) => n.order === 2 && view.z(n.atom) !== 6)) {
        // An α-amino carbonyl (amide, ester, ketone) or imine: the C=X sets the shift, whatever else is on it.
        pka -= 2.7;
        continue;
      }
      if (aromatic || view.neighbours[beta]!.some((n) => n.order === 2 && view.z(n.atom) === 6)) pka -= 1.0;
      for (const { atom: x, order } of view.neighbours[beta]!) {
        const z = view.z(x);
        if (x === alpha || z === 6 || z === 1) continue;
        // In an aromatic ring the Kekulé bond order of a ring heteroatom means nothing.
        if (order === 3 && z === 7) pka -= 4.5;
        else if (z === 9) pka -= 1.7;
        else if (BETA_HETEROATOMS.has(z)) pka -= 1.2;
      }
    }
  }
  return { group: 'aliphatic_amine', atom: nitrogen, charge: 1, pka, groupAtoms: [nitrogen] };
}

/** Carboxylic, sulfonic, sulfinic and phosphorus acids and acidified phenols, from the O–H oxygen. */
function oxygenAcidSites(view: GraphView, oxygen: number): IonisableSite | undefined {
  if (view.graph.atoms[oxygen]!.implicitHs === 0 || view.heavy(oxygen).length !== 1) return undefined;
  const centre = view.heavy(oxygen)[0]!;
  const z = view.z(centre);
  const oxo = view.doubleBonded(centre, 8).length;
  if (z === 6 && !view.aromatic(centre) && oxo === 1) {
    return { group: 'carboxylic_acid', atom: oxygen, charge: -1, pka: 4.2, groupAtoms: [centre, oxygen] };
  }
  if (z === 16 && oxo >= 1) return { group: 'sulfonic_acid', atom: oxygen, charge: -1, pka: oxo >= 2 ? -1 : 2, groupAtoms: [centre, oxygen] };
  if (z === 15 && oxo >= 1) {
    const hydroxyls = view.heavy(centre, 8).filter((o) => view.heavy(o).length === 1 && view.graph.atoms[o]!.implicitHs > 0);
    const rank = hydroxyls.indexOf(oxygen);
    const noCarbon = view.heavy(centre, 6).length === 0;
    const pka = rank === 0 ? 1.5 : rank === 1 ? (noCarbon ? 6.5 : 7.8) : 12;
    return { group: 'phosphonic_acid', atom: oxygen, charge: -1, pka, groupAtoms: [centre, oxygen] };
  }
  if (z === 6 && view.aromatic(centre)) return acidicPhenolSite(view, oxygen, centre);
  return undefined;
}

function acidicPhenolSite(view: GraphView, oxygen: number, carbon: number): IonisableSite | undefined {
  const ring = view.graph.rings.find((r) => r.length === 6 && r.includes(carbon) && r.every((a) => view.aromatic(a)));
  if (!ring) return undefined;
  const at = ring.indexOf(carbon);
  let score = 0;
  ring.forEach((ringAtom, k) => {
    const offset = (k - at + 6) % 6;
    for (const s of view.heavy(ringAtom)) {
      if (ring.includes(s) || s === oxygen) continue;
      if (HALOGENS.has(view.z(s))) score += 1;
      else if ((offset === 1 || offset === 3 || offset === 5) && (isElectronSink(view, s) || (view.z(s) === 6 && view.doubleBonded(s, 8).length > 0))) score += 2;
    }
  });
  return score >= 3 ? { group: 'acidic_phenol', atom: oxygen, charge: -1, pka: 6.0, groupAtoms: [oxygen, ...ring] } : undefined;
}
