import { withMol } from './rdkit.ts';

/**
 * A plain molecular graph read out of RDKit, so the 3D code (conformers, charges, scoring) works on
 * ordinary arrays without holding WebAssembly objects.
 */
export interface GraphAtom {
  atomicNumber: number;
  formalCharge: number;
  /** Hydrogens not present as atoms of the graph. */
  implicitHs: number;
  aromatic: boolean;
  isotope: number;
  /** RDKit's atom parity as written in its JSON: 'cw', 'ccw', 'unspecified' or 'other'. */
  stereo: string;
}

export interface GraphBond {
  a: number;
  b: number;
  /** 1, 2 or 3 in the Kekulé form; `aromatic` tells whether RDKit perceives the bond as aromatic. */
  order: number;
  aromatic: boolean;
  /** RDKit's bond stereo from its JSON ('cis', 'trans', 'either', 'unspecified'), and the reference atoms. */
  stereo: string;
  stereoAtoms: number[];
}

export interface MolGraph {
  atoms: GraphAtom[];
  bonds: GraphBond[];
  /** Smallest set of smallest rings, as atom index lists. */
  rings: number[][];
  /**
   * RDKit's CIP ranks of the atoms as read, when its stereo perception ranked them (it does whenever an atom
   * may be a stereocentre); hydrogens added to the graph later have none.
   */
  cipRanks?: number[];
}

interface RDKitJsonAtom { z?: number; impHs?: number; chg?: number; isotope?: number; stereo?: string }
interface RDKitJsonBond { bo?: number; atoms: [number, number]; stereo?: string; stereoAtoms?: number[] }
interface RDKitJsonExtension { name: string; aromaticAtoms?: number[]; aromaticBonds?: number[]; atomRings?: number[][]; cipRanks?: number[] }
interface RDKitJsonMolecule { atoms: RDKitJsonAtom[]; bonds?: RDKitJsonBond[]; extensions?: RDKitJsonExtension[] }
interface RDKitJson {
  defaults: { atom: Required<Omit<RDKitJsonAtom, 'stereo'>> & { stereo: string }; bond: { bo: number; stereo: string } };
  molecules: RDKitJsonMolecule[];
}

/** Reads RDKit's JSON form of a molecule into a `MolGraph`. */
export function graphFromRDKitJson(json: string): MolGraph {
  const doc = JSON.parse(json) as RDKitJson;
  const molecule = doc.molecules[0];
  if (!molecule) return { atoms: [], bonds: [], rings: [] };
  const defaults = doc.defaults;
  const extension = molecule.extensions?.find((e) => e.name === 'rdkitRepresentation');
  const aromaticAtoms = new Set(extension?.aromaticAtoms ?? []);
  const aromaticBonds = new Set(extension?.aromaticBonds ?? []);
  const atoms = molecule.atoms.map((atom, index): GraphAtom => ({
    atomicNumber: atom.z ?? defaults.atom.z,
    formalCharge: atom.chg ?? defaults.atom.chg,
    implicitHs: atom.impHs ?? defaults.atom.impHs,
    aromatic: aromaticAtoms.has(index),
    isotope: atom.isotope ?? defaults.atom.isotope,
    stereo: atom.stereo ?? defaults.atom.stereo,
  }));
  const bonds = (molecule.bonds ?? []).map((bond, index): GraphBond => ({
    a: bond.atoms[0],
    b: bond.atoms[1],
    order: bond.bo ?? defaults.bond.bo,
    aromatic: aromaticBonds.has(index),
    stereo: bond.stereo ?? defaults.bond.stereo,
    stereoAtoms: bond.stereoAtoms ?? [],
  }));
  const graph: MolGraph = { atoms, bonds, rings: extension?.atomRings ?? [] };
  if (extension?.cipRanks) graph.cipRanks = extension.cipRanks;
  return graph;
}

/**
 * The molecule of `smiles` with every hydrogen as an explicit atom (3D work needs them placed).
 * Returns undefined when RDKit cannot parse the SMILES.
 *
 * Built from one parse: each heavy atom's hydrogens are appended in atom order, as RDKit's AddHs does,
 * so every H bond comes last among its atom's bonds. RDKit counts an implicit H of a chiral centre as its
 * last neighbour, so the parity tags read from the JSON stay right. (Going through `add_hs()` costs a 2D
 * layout for the molblock and a second parse, a sixth of the import's time per molecule.)
 */
export function hydrogenatedGraph(smiles: string): MolGraph | undefined {
  const graph = withMol(smiles, (mol) => graphFromRDKitJson(mol.get_json()));
  return graph ? addHydrogenAtoms(graph) : undefined;
}

/**
 * Turns every atom's hydrogen count into hydrogen atoms, in place and in `hydrogenatedGraph`'s order
 * (each heavy atom's hydrogens appended in atom order), for a graph read with `graphFromRDKitJson` and
 * perhaps edited (protonation changes hydrogen counts) before its hydrogens are placed.
 */
export function addHydrogenAtoms(graph: MolGraph): MolGraph {
  const heavyCount = graph.atoms.length;
  for (let atom = 0; atom < heavyCount; atom++) {
    const heavy = graph.atoms[atom]!;
    for (let h = 0; h < heavy.implicitHs; h++) {
      graph.bonds.push({ a: atom, b: graph.atoms.length, order: 1, aromatic: false, stereo: 'unspecified', stereoAtoms: [] });
      graph.atoms.push({ atomicNumber: 1, formalCharge: 0, implicitHs: 0, aromatic: false, isotope: 0, stereo: 'unspecified' });
    }
    heavy.implicitHs = 0;
  }
  return graph;
}
