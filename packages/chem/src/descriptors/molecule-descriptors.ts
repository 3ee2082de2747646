import type { RDKitMol } from '../rdkit.ts';
import type { MolGraph } from '../mol-graph.ts';
import { descriptorTopology, type DescriptorTopology } from './topology.ts';
import { averageMolecularWeight, exactMolecularWeight } from './molecular-weight.ts';
import { crippenLogP } from './crippen-logp.ts';
import { topologicalPolarSurfaceArea } from './tpsa.ts';
import { hydrogenBondAcceptors, hydrogenBondDonors, lipinskiAcceptors, lipinskiDonors } from './hydrogen-bonds.ts';
import { strictRotatableBonds } from './rotatable-bonds.ts';
import { aromaticRingCount, fractionCsp3, heavyAtomCount } from './atom-counts.ts';
import { atomStereoCentres } from './stereo-centres.ts';

/** The 2D descriptors the catalogue stores, under the names of RDKit's `get_descriptors()` JSON. */
export interface Descriptors2D {
  exactmw: number;
  amw: number;
  CrippenClogP: number;
  tpsa: number;
  NumHBD: number;
  NumHBA: number;
  lipinskiHBD: number;
  lipinskiHBA: number;
  NumRotatableBonds: number;
  NumHeavyAtoms: number;
  NumAromaticRings: number;
  FractionCSP3: number;
  NumAtomStereoCenters: number;
}

/**
 * The descriptors of `mol` from its graph (`graphFromRDKitJson(mol.get_json())`), equal to RDKit's own to the
 * last bit; RDKit's `get_descriptors()` answers for the rare molecule the graph cannot settle (an isotope or
 * bond the graph code does not know, a stereocentre it cannot decide). Computing all of RDKit's ~45
 * descriptors to keep 13 cost nine tenths of the properties' time.
 */
export function moleculeDescriptors(mol: RDKitMol, graph: MolGraph, topology = descriptorTopology(graph)): Descriptors2D {
  return graphDescriptors(graph, topology) ?? (JSON.parse(mol.get_descriptors()) as Descriptors2D);
}

/**
 * The descriptors from a graph read from RDKit (and its descriptor topology, when the caller has it), or
 * undefined when the graph cannot settle one of them.
 */
export function graphDescriptors(graph: MolGraph, t: DescriptorTopology | undefined = descriptorTopology(graph)): Descriptors2D | undefined {
  if (!t) return undefined;
  const amw = averageMolecularWeight(graph);
  const exactmw = exactMolecularWeight(graph);
  const stereoCentres = atomStereoCentres(t, graph.cipRanks);
  if (amw === undefined || exactmw === undefined || stereoCentres === undefined) return undefined;
  return {
    exactmw,
    amw,
    CrippenClogP: crippenLogP(t),
    tpsa: topologicalPolarSurfaceArea(t),
    NumHBD: hydrogenBondDonors(t),
    NumHBA: hydrogenBondAcceptors(t),
    lipinskiHBD: lipinskiDonors(t),
    lipinskiHBA: lipinskiAcceptors(t),
    NumRotatableBonds: strictRotatableBonds(t),
    NumHeavyAtoms: heavyAtomCount(t),
    NumAromaticRings: aromaticRingCount(t),
    FractionCSP3: fractionCsp3(t),
    NumAtomStereoCenters: stereoCentres,
  };
}
