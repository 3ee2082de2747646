import { withMol } from '../rdkit.ts';
import { graphFromRDKitJson } from '../mol-graph.ts';
import type { MolGraph } from '../mol-graph.ts';
import { descriptorTopology } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';
import type { Descriptors2D } from './molecule-descriptors.ts';

/** A molecule's graph and topology beside the descriptors RDKit itself computes for it. */
export interface ReferenceMolecule {
  smiles: string;
  graph: MolGraph;
  topology: DescriptorTopology;
  rdkit: Descriptors2D;
}

/** Reads `smiles` with RDKit (loaded by the caller): its graph, topology and `get_descriptors()` values. */
export function referenceMolecule(smiles: string): ReferenceMolecule {
  const read = withMol(smiles, (mol) => ({ graph: graphFromRDKitJson(mol.get_json()), rdkit: JSON.parse(mol.get_descriptors()) as Descriptors2D }));
  if (!read) throw new Error(`RDKit could not parse ${smiles}`);
  const topology = descriptorTopology(read.graph);
  if (!topology) throw new Error(`no descriptor topology for ${smiles}`);
  return { smiles, ...read, topology };
}

/** The molecules whose `value` is not RDKit's `key` to the last bit, as lines for a failing assertion. */
export function differencesFromRDKit(smiles: readonly string[], key: keyof Descriptors2D, value: (molecule: ReferenceMolecule) => number | undefined): string[] {
  return smiles.flatMap((s) => {
    const molecule = referenceMolecule(s);
    const ours = value(molecule);
    return Object.is(ours, molecule.rdkit[key]) ? [] : [`${s}: ${ours} vs RDKit ${molecule.rdkit[key]}`];
  });
}
