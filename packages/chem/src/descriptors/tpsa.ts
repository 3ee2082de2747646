import { AROMATIC, DOUBLE, SINGLE, TRIPLE } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';

/**
 * Topological polar surface area from N and O only (Ertl, Rohde & Selzer 2000, J. Med. Chem. 43, 3714), with
 * RDKit's conventions: each atom is classed by its heavy neighbours, hydrogens (hydrogen atoms included), bonds
 * by kind, charge and whether it sits in a three-membered ring; a class missing from the table gets RDKit's
 * fallback estimate; contributions are summed in atom order, as RDKit does.
 */
export function topologicalPolarSurfaceArea(t: DescriptorTopology): number {
  let area = 0;
  t.graph.atoms.forEach((atom, i) => {
    if (atom.atomicNumber !== 7 && atom.atomicNumber !== 8) return;
    const env = environment(t, i);
    area += atom.atomicNumber === 7 ? nitrogenContribution(env) : oxygenContribution(env);
  });
  return area;
}

interface Environment { heavy: number; h: number; charge: number; single: number; double: number; triple: number; aromatic: number; in3Ring: boolean }

function environment(t: DescriptorTopology, i: number): Environment {
  const env: Environment = { heavy: 0, h: t.ownHydrogens[i]!, charge: t.graph.atoms[i]!.formalCharge, single: 0, double: 0, triple: 0, aromatic: 0, in3Ring: false };
  t.neighbours[i]!.forEach((other, k) => {
    if (t.graph.atoms[other]!.atomicNumber === 1) {
      env.h++;
      return;
    }
    env.heavy++;
    const kind = t.bondKind[t.bondsOf[i]![k]!];
    if (kind === AROMATIC) env.aromatic++;
    else if (kind === SINGLE) env.single++;
    else if (kind === DOUBLE) env.double++;
    else if (kind === TRIPLE) env.triple++;
  });
  env.in3Ring = t.graph.rings.some((ring) => ring.length === 3 && ring.includes(i));
  return env;
}

function nitrogenContribution({ heavy, h, charge, single, double, triple, aromatic, in3Ring }: Environment): number {
  const neutral = charge === 0;
  const cation = charge === 1;
  let value = -1;
  if (heavy === 1) {
    if (h === 0 && neutral && triple === 1) value = 23.79;
    else if (h === 1 && neutral && double === 1) value = 23.85;
    else if (h === 2 && neutral && single === 1) value = 26.02;
    else if (h === 2 && cation && double === 1) value = 25.59;
    else if (h === 3 && cation && single === 1) value = 27.64;
  } else if (heavy === 2) {
    if (h === 0 && neutral && single === 1 && double === 1) value = 12.36;
    else if (h === 0 && neutral && triple === 1 && double === 1) value = 13.6;
    else if (h === 1 && neutral && single === 2 && in3Ring) value = 21.94;
    else if (h === 1 && neutral && single === 2 && !in3Ring) value = 12.03;
    else if (h === 0 && cation && triple === 1 && single === 1) value = 4.36;
    else if (h === 1 && cation && double === 1 && single === 1) value = 13.97;
    else if (h === 2 && cation && single === 2) value = 16.61;
    else if (h === 0 && neutral && aromatic === 2) value = 12.89;
    else if (h === 1 && neutral && aromatic === 2) value = 15.79;
    else if (h === 1 && cation && aromatic === 2) value = 14.14;
  } else if (heavy === 3) {
    if (h === 0 && neutral && single === 3 && in3Ring) value = 3.01;
    else if (h === 0 && neutral && single === 3 && !in3Ring) value = 3.24;
    else if (h === 0 && neutral && single === 1 && double === 2) value = 11.68;
    else if (h === 0 && cation && single === 2 && double === 1) value = 3.01;
    else if (h === 1 && cation && single === 3) value = 4.44;
    else if (h === 0 && neutral && aromatic === 3) value = 4.41;
    else if (h === 0 && neutral && single === 1 && aromatic === 2) value = 4.93;
    else if (h === 0 && neutral && double === 1 && aromatic === 2) value = 8.39;
    else if (h === 0 && cation && aromatic === 3) value = 4.1;
    else if (h === 0 && cation && single === 1 && aromatic === 2) value = 3.88;
  } else if (heavy === 4) {
    if (h === 0 && single === 4 && cation) value = 0;
  }
  if (value < 0) value = Math.max(0, 30.5 - heavy * 8.2 + h * 1.5);
  return value;
}

function oxygenContribution({ heavy, h, charge, single, double, aromatic, in3Ring }: Environment): number {
  let value = -1;
  if (heavy === 1) {
    if (h === 0 && charge === 0 && double === 1) value = 17.07;
    else if (h === 1 && charge === 0 && single === 1) value = 20.23;
    else if (h === 0 && charge === -1 && single === 1) value = 23.06;
  } else if (heavy === 2) {
    if (h === 0 && charge === 0 && single === 2 && in3Ring) value = 12.53;
    else if (h === 0 && charge === 0 && single === 2 && !in3Ring) value = 9.23;
    else if (h === 0 && charge === 0 && aromatic === 2) value = 13.14;
  }
  if (value < 0) value = Math.max(0, 28.5 - heavy * 8.6 + h * 1.5);
  return value;
}
