import { rdkit } from './rdkit.ts';
import type { RDKit, RDKitMol } from './rdkit.ts';
import { QED_ALERT_SMARTS } from './qed-alerts.ts';
import { graphFromRDKitJson } from './mol-graph.ts';
import { PatternScreen, patternNeeds, screenNeeds } from './smarts-screen.ts';
import type { MolGraph } from './mol-graph.ts';
import { descriptorTopology, singleOrAromatic } from './descriptors/topology.ts';
import type { DescriptorTopology } from './descriptors/topology.ts';
import { qedAcceptorCount } from './descriptors/qed-acceptors.ts';

/**
 * Quantitative estimate of drug-likeness (Bickerton et al. 2012, Nat. Chem. 4, 90): each of eight
 * properties is mapped to a desirability in (0, 1] by an asymmetric double sigmoid fitted to approved
 * oral drugs, and QED is their geometric mean weighted by the paper's mean weights. The property
 * definitions follow RDKit's QED so that our values agree with what chemists compute themselves.
 */
export interface QedInputs {
  /** Average molecular weight. */
  mw: number;
  /** Crippen logP. */
  alogp: number;
  /** Matches of QED's own acceptor patterns (not Lipinski's N+O count). */
  hba: number;
  hbd: number;
  psa: number;
  /** Strict rotatable bonds. */
  rotb: number;
  /** Rings left after the atoms of aliphatic rings bonded to non-aromatic atoms are removed. */
  arom: number;
  /** Number of structural alerts matched at least once. */
  alerts: number;
}

interface DesirabilityParameters { a: number; b: number; c: number; d: number; e: number; f: number; dmax: number }

// Published fit parameters (supplementary table of the paper), as used by RDKit's implementation.
const DESIRABILITY: Record<keyof QedInputs, DesirabilityParameters> = {
  mw: { a: 2.817065973, b: 392.5754953, c: 290.7489764, d: 2.419764353, e: 49.22325677, f: 65.37051707, dmax: 104.9805561 },
  alogp: { a: 3.172690585, b: 137.8624751, c: 2.534937431, d: 4.581497897, e: 0.822739154, f: 0.576295591, dmax: 131.3186604 },
  hba: { a: 2.948620388, b: 160.4605972, c: 3.615294657, d: 4.435986202, e: 0.290141953, f: 1.300669958, dmax: 148.7763046 },
  hbd: { a: 1.618662227, b: 1010.051101, c: 0.985094388, d: 0.000000001, e: 0.713820843, f: 0.920922555, dmax: 258.1632616 },
  psa: { a: 1.876861559, b: 125.2232657, c: 62.90773554, d: 87.83366614, e: 12.01999824, f: 28.51324732, dmax: 104.5686167 },
  rotb: { a: 0.010000000, b: 272.4121427, c: 2.558379970, d: 1.565547684, e: 1.271567166, f: 2.758063707, dmax: 105.4420403 },
  arom: { a: 3.217788970, b: 957.7374108, c: 2.274627939, d: 0.000000001, e: 1.317690384, f: 0.375760881, dmax: 312.3372610 },
  alerts: { a: 0.010000000, b: 1199.094025, c: -0.09002883, d: 0.000000001, e: 0.185904477, f: 0.875193782, dmax: 417.7253140 },
};

/** The paper's mean weights (QED_w,mo): uninformative properties (HBA, PSA) count little. */
const MEAN_WEIGHTS: Record<keyof QedInputs, number> = {
  mw: 0.66, alogp: 0.46, hba: 0.05, hbd: 0.61, psa: 0.06, rotb: 0.65, arom: 0.48, alerts: 0.95,
};

/** QED's acceptor patterns; the graph code counts the same atoms (descriptors/qed-acceptors.ts). */
export const QED_ACCEPTOR_SMARTS: readonly string[] = [
  '[oH0;X2]', '[OH1;X2;v2]', '[OH0;X2;v2]', '[OH0;X1;v2]', '[O-;X1]', '[SH0;X2;v2]', '[SH0;X1;v2]', '[S-;X1]',
  '[nH0;X2]', '[NH0;X1;v3]', '[$([N;+0;X3;v3]);!$(N[C,S]=O)]',
];
const ALIPHATIC_RING_ATOM_SMARTS = '[$([A;R][!a])]';
/** What each alert cannot match without (smarts-screen.ts). */
const ALERT_SCREEN = new PatternScreen(QED_ALERT_SMARTS.map((smarts) => screenNeeds(patternNeeds(smarts))));

/** Asymmetric double sigmoid, scaled so that the most desirable value maps to 1. */
function desirability(x: number, p: DesirabilityParameters): number {
  const rising = 1 + Math.exp(-(x - p.c + p.d / 2) / p.e);
  const falling = 1 + Math.exp(-(x - p.c - p.d / 2) / p.f);
  return (p.a + (p.b / rising) * (1 - 1 / falling)) / p.dmax;
}

export function qedFromInputs(inputs: QedInputs): number {
  let weighted = 0;
  let total = 0;
  for (const key of Object.keys(MEAN_WEIGHTS) as (keyof QedInputs)[]) {
    weighted += MEAN_WEIGHTS[key] * Math.log(desirability(inputs[key], DESIRABILITY[key]));
    total += MEAN_WEIGHTS[key];
  }
  return Math.exp(weighted / total);
}

/** The descriptors QED shares with RDKit's `get_descriptors()`, so a caller that has them parses once. */
export interface QedDescriptors {
  amw: number;
  CrippenClogP: number;
  NumHBD: number;
  tpsa: number;
  NumRotatableBonds: number;
}

/**
 * QED inputs of a molecule parsed from SMILES (hydrogens already implicit, as QED requires).
 * RDKit's default rotatable-bond count is the strict one QED uses. Acceptors and the aromatic ring count are
 * read from the graph as RDKit's patterns define them; only a graph with bonds the descriptor code leaves to
 * RDKit (zero-order, dative) is searched with the patterns themselves. A caller that has the graph and its
 * descriptor topology passes them, so neither is read twice.
 */
export function qedInputs(mol: RDKitMol, descriptors: QedDescriptors, atoms: MolGraph = graphFromRDKitJson(mol.get_json()), topology = descriptorTopology(atoms)): QedInputs {
  const queries = qedQueries();
  let hba = 0;
  if (topology) hba = qedAcceptorCount(topology);
  else for (const acceptor of queries.acceptors) hba += countMatches(mol, acceptor);
  // Most alerts need an atom or a bond most molecules lack (sulfur, a halogen, a charge, an alkyne, ...):
  // those are not searched.
  const mayHold = ALERT_SCREEN.screen(atoms);
  let alerts = 0;
  queries.alerts.forEach((alert, i) => {
    if (mayHold[i] === 1 && mol.get_substruct_match(alert) !== '{}') alerts++;
  });
  const removed = topology ? aliphaticRingAtomsBesideNonAromatic(topology) : matchedAtoms(mol, queries.aliphaticRingAtom);
  return {
    mw: descriptors.amw,
    alogp: descriptors.CrippenClogP,
    hba,
    hbd: descriptors.NumHBD,
    psa: descriptors.tpsa,
    rotb: descriptors.NumRotatableBonds,
    arom: ringsWithoutAliphaticAtoms(atoms, removed),
    alerts,
  };
}

function countMatches(mol: RDKitMol, query: RDKitMol): number {
  const matches = JSON.parse(mol.get_substruct_matches(query)) as unknown;
  return Array.isArray(matches) ? matches.length : 0;
}

function matchedAtoms(mol: RDKitMol, query: RDKitMol): Set<number> {
  const atoms = new Set<number>();
  const matches = JSON.parse(mol.get_substruct_matches(query)) as unknown;
  if (Array.isArray(matches)) for (const match of matches as { atoms: number[] }[]) for (const atom of match.atoms) atoms.add(atom);
  return atoms;
}

/** [$([A;R][!a])]: aliphatic ring atoms with a single or aromatic bond to a non-aromatic atom. */
function aliphaticRingAtomsBesideNonAromatic(t: DescriptorTopology): Set<number> {
  const atoms = new Set<number>();
  t.graph.atoms.forEach((atom, i) => {
    if (atom.aromatic || !t.ringAtom[i]) return;
    const offRing = t.neighbours[i]!.some((j, k) => !t.graph.atoms[j]!.aromatic && singleOrAromatic(t.bondKind[t.bondsOf[i]![k]!]!));
    if (offRing) atoms.add(i);
  });
  return atoms;
}

function unionRoot(parent: readonly number[], i: number): number {
  let root = i;
  while (parent[root] !== root) root = parent[root] ?? root;
  return root;
}

/**
 * QED's aromatic ring count: delete aliphatic ring atoms that touch a non-aromatic atom and count the
 * rings that remain. The smallest set of smallest rings has as many rings as the graph's cycle rank
 * (bonds - atoms + connected pieces), so no ring perception is needed on the pruned graph.
 */
function ringsWithoutAliphaticAtoms(graph: MolGraph, removed: ReadonlySet<number>): number {
  const atomCount = graph.atoms.length;
  const parent = Array.from({ length: atomCount }, (_, i) => i);
  const kept = atomCount - removed.size;
  let bonds = 0;
  let pieces = kept;
  for (const { a, b } of graph.bonds) {
    if (removed.has(a) || removed.has(b)) continue;
    bonds++;
    const ra = unionRoot(parent, a);
    const rb = unionRoot(parent, b);
    if (ra !== rb) {
      parent[ra] = rb;
      pieces--;
    }
  }
  return bonds - kept + pieces;
}

interface QedQueries { acceptors: RDKitMol[]; alerts: RDKitMol[]; aliphaticRingAtom: RDKitMol }
// Keyed by module: a module retired after a fault takes its query molecules with it.
const queriesByModule = new WeakMap<RDKit, QedQueries>();

/** Query molecules are parsed once per RDKit module and kept for its lifetime. */
function qedQueries(): QedQueries {
  const module = rdkit();
  const known = queriesByModule.get(module);
  if (known) return known;
  const parse = (smarts: string): RDKitMol => {
    const query = module.get_qmol(smarts);
    if (!query || !query.is_valid()) throw new Error(`QED pattern could not be parsed: ${smarts}`);
    return query;
  };
  const queries = {
    acceptors: QED_ACCEPTOR_SMARTS.map(parse),
    alerts: QED_ALERT_SMARTS.map(parse),
    aliphaticRingAtom: parse(ALIPHATIC_RING_ATOM_SMARTS),
  };
  queriesByModule.set(module, queries);
  return queries;
}
