import type { MolGraph } from '../mol-graph.ts';
import type { BondingMode, GasteigerParameter } from './gasteiger-parameters.ts';
import { gasteigerParameter, HYDROGEN_CATION_ELECTRONEGATIVITY } from './gasteiger-parameters.ts';
import type { AtomPerception } from './hybridisation.ts';
import { perceiveAtoms } from './hybridisation.ts';

export interface GasteigerOptions {
  /** Charge-transfer rounds; the transferred charge is damped by 0.5^k in round k. Default 12, as RDKit. */
  iterations?: number;
  /** The graph's perceived atoms when the caller already has them (USRCAT's classes use the same). */
  perception?: AtomPerception;
}

export const GASTEIGER_ITERATIONS = 12;
const DAMPING = 0.5;

/**
 * Gasteiger–Marsili partial charges (partial equalisation of orbital electronegativity), one per atom of
 * `graph`, matching RDKit's `ComputeGasteigerCharges` on the same graph: its atom typing (element plus
 * RDKit-perceived hybridisation; aromatic and conjugated lone-pair atoms count as sp2), its parameters,
 * formal charges as starting charges shared among same-element atoms of a conjugated system (both
 * carboxylate oxygens start at -0.5), chi+ = 20.02 for hydrogen, and implicit hydrogens equalised with
 * their parent when the graph carries hydrogens as counts (their charges are not returned).
 *
 * Atoms without parameters (most metals, Se, As, Sn, hypervalent states other than sulfur's): RDKit
 * returns NaN for every atom of such a molecule. Here they keep their starting (formal) charge, 0 when
 * neutral, and take no part in the transfer, so the rest of the molecule still gets finite charges.
 */
export function gasteigerCharges(graph: MolGraph, options: GasteigerOptions = {}): Float64Array {
  const iterations = options.iterations ?? GASTEIGER_ITERATIONS;
  const n = graph.atoms.length;
  const perception = options.perception ?? perceiveAtoms(graph);
  const charges = startingCharges(graph, perception);
  const parameters = graph.atoms.map((atom, i) => gasteigerParameter(atom.atomicNumber, bondingMode(graph, perception, i)));
  const cationElectronegativity = new Float64Array(n);
  parameters.forEach((p, i) => {
    if (!p) return;
    cationElectronegativity[i] = graph.atoms[i]?.atomicNumber === 1 ? HYDROGEN_CATION_ELECTRONEGATIVITY : p.a + p.b + p.c;
  });
  const neighbours = parameterisedNeighbours(graph, perception, parameters);
  const hydrogen = gasteigerParameter(1, 'H') as GasteigerParameter;
  const implicitHydrogenCharge = new Float64Array(n);
  const electronegativity = new Float64Array(n);

  let damping = DAMPING;
  for (let round = 0; round < iterations; round++) {
    for (let i = 0; i < n; i++) {
      const p = parameters[i];
      const q = charges[i] ?? 0;
      if (p) electronegativity[i] = p.a + q * (p.b + p.c * q);
    }
    for (let i = 0; i < n; i++) {
      if (!parameters[i]) continue;
      const chi = electronegativity[i] ?? 0;
      const chiPlus = cationElectronegativity[i] ?? 0;
      let transfer = 0;
      for (const j of neighbours[i] ?? []) {
        const difference = (electronegativity[j] ?? 0) - chi;
        // Electrons move towards the more electronegative atom; the donor's cation value normalises the step.
        transfer += difference / (difference < 0 ? (cationElectronegativity[j] ?? 0) : chiPlus);
      }
      const implicitHs = graph.atoms[i]?.implicitHs ?? 0;
      if (implicitHs > 0) {
        const qH = (implicitHydrogenCharge[i] ?? 0) / implicitHs;
        const difference = hydrogen.a + qH * (hydrogen.b + hydrogen.c * qH) - chi;
        const perHydrogen = difference / (difference < 0 ? HYDROGEN_CATION_ELECTRONEGATIVITY : chiPlus);
        transfer += implicitHs * perHydrogen;
        implicitHydrogenCharge[i] = (implicitHydrogenCharge[i] ?? 0) - implicitHs * perHydrogen * damping;
      }
      charges[i] = (charges[i] ?? 0) + damping * transfer;
    }
    damping *= DAMPING;
  }
  return charges;
}

function bondingMode(graph: MolGraph, perception: AtomPerception, atom: number): BondingMode | undefined {
  const z = graph.atoms[atom]?.atomicNumber ?? 0;
  if (z === 1) return 'H';
  switch (perception.hybridisation[atom]) {
    case 'SP3':
      return 'sp3';
    case 'SP2':
      return 'sp2';
    case 'SP':
      return 'sp';
    default:
      break;
  }
  // Hypervalent sulfur: typed by its oxygens (sulfoxide-like, sulfone-like) as RDKit does.
  if (z !== 16) return undefined;
  const oxygens = (perception.atomBonds[atom] ?? []).filter((b) => {
    const bond = graph.bonds[b];
    return bond !== undefined && graph.atoms[bond.a === atom ? bond.b : bond.a]?.atomicNumber === 8;
  }).length;
  return oxygens === 2 ? 'so2' : oxygens === 1 ? 'so' : 'sp3';
}

function parameterisedNeighbours(graph: MolGraph, perception: AtomPerception, parameters: (GasteigerParameter | undefined)[]): number[][] {
  return graph.atoms.map((_, atom) =>
    (perception.atomBonds[atom] ?? [])
      .map((b) => {
        const bond = graph.bonds[b];
        return bond === undefined ? -1 : bond.a === atom ? bond.b : bond.a;
      })
      .filter((other) => other >= 0 && parameters[other] !== undefined),
  );
}

/**
 * Formal charges spread over the atoms of the same element reached through two conjugated bonds,
 * so that e.g. the two nitrogens of an amidinium start at +0.5 each (RDKit's rule, same atom order).
 */
function startingCharges(graph: MolGraph, perception: AtomPerception): Float64Array {
  const charges = new Float64Array(graph.atoms.length);
  const other = (b: number, atom: number): number => {
    const bond = graph.bonds[b];
    return bond === undefined ? -1 : bond.a === atom ? bond.b : bond.a;
  };
  graph.atoms.forEach((atom, i) => {
    if (atom.formalCharge === 0 || Math.abs(charges[i] ?? 0) > Number.EPSILON) return;
    const sharing = [i];
    let total = atom.formalCharge;
    for (const first of perception.atomBonds[i] ?? []) {
      if (!perception.conjugatedBonds[first]) continue;
      const middle = other(first, i);
      for (const second of perception.atomBonds[middle] ?? []) {
        if (second === first || !perception.conjugatedBonds[second]) continue;
        const partner = other(second, middle);
        const partnerAtom = graph.atoms[partner];
        if (partnerAtom?.atomicNumber !== atom.atomicNumber) continue;
        total += partnerAtom.formalCharge;
        sharing.push(partner);
      }
    }
    for (const j of sharing) charges[j] = total / sharing.length;
  });
  return charges;
}
