export { loadRDKit, rdkit, withMol } from './rdkit.ts';
export type { RDKit, RDKitMol } from './rdkit.ts';
export { validateSmiles, SMILES_MESSAGES, MAX_SMILES_LENGTH } from './validate-smiles.ts';
export type { SmilesValidation } from './validate-smiles.ts';
export { morganFingerprint, fingerprintBit, fingerprintToHex, popcount, tanimoto, MORGAN_BITS, MORGAN_BYTES, MORGAN_RADIUS } from './morgan.ts';
export { graphFromRDKitJson, hydrogenatedGraph } from './mol-graph.ts';
export type { MolGraph, GraphAtom, GraphBond } from './mol-graph.ts';
export type { Coordinates, ConformerOptions, ConformerSet } from './geometry-types.ts';
