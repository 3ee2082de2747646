import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { MolGraph } from '../mol-graph.ts';
import { buildModel3D, DEFAULT_HYDROGEN_SITES } from './model-3d.ts';
import type { HydrogenSites, Model3D } from './model-3d.ts';
import { normalizeQuaternion, quaternionToMatrix, transformPoints } from './quaternion.ts';
import { seededRandom } from '../seeded-random.ts';

export { seededRandom };

/**
 * Reader of the RDKit reference file written by scripts/reference/rdkit-shape-reference.py, shared by
 * the shape tests and the re-scoring benchmark. Atoms are those of the molecule with explicit
 * hydrogens: heavy atoms first, in the order RDKit parses the SMILES.
 */
export interface ReferenceMolecule {
  smiles: string;
  atomicNumbers: number[];
  charges: number[];
  coords: number[];
}

export interface ReferencePair {
  query: number;
  candidate: number;
  /** All atoms of the candidate after RDKit's Crippen O3A alignment onto the query. */
  candidateCoords: number[];
  /** 1 − ShapeTanimotoDist (grid, vdwScale 0.8, hydrogens ignored). */
  rdkitShape: number;
  espOverlap: { aa: number; bb: number; ab: number };
  espCarbo: number;
  espTanimoto: number;
}

export interface ReferenceConformerSet {
  smiles: string;
  conformers: number[][];
}

export interface ShapeReference {
  rdkitVersion: string;
  vdwRadii: Record<string, number>;
  molecules: ReferenceMolecule[];
  pairs: ReferencePair[];
  conformerSets: ReferenceConformerSet[];
}

export const SHAPE_REFERENCE_PATH = new URL('../../test-data/rdkit-shape-reference.json.gz', import.meta.url);

export function readShapeReference(path: URL | string = SHAPE_REFERENCE_PATH): ShapeReference {
  return JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as ShapeReference;
}

/** The first `heavyCount` atoms' coordinates (heavy atoms come first in the reference file). */
export function heavyAtomCount(molecule: ReferenceMolecule): number {
  return molecule.atomicNumbers.filter((z) => z !== 1).length;
}

/**
 * The 3D model of a reference molecule; `conformers` default to the molecule's own conformer. Each
 * hydrogen is bonded to its nearest heavy atom, which is all the model builder reads of the bonds
 * (reading the graph through RDKit would cost more than the tests themselves).
 */
export function referenceModel(
  molecule: ReferenceMolecule,
  conformers: readonly number[][] = [molecule.coords],
  hydrogens: HydrogenSites = DEFAULT_HYDROGEN_SITES,
): Model3D {
  return buildModel3D(referenceGraph(molecule), conformers.map((c) => Float64Array.from(c)), molecule.charges, { hydrogens });
}

export function referenceGraph(molecule: ReferenceMolecule): MolGraph {
  const z = molecule.atomicNumbers;
  const xyz = molecule.coords;
  const atoms = z.map((atomicNumber) => ({ atomicNumber, formalCharge: 0, implicitHs: 0, aromatic: false, isotope: 0, stereo: 'unspecified' }));
  const bonds = z.flatMap((atomicNumber, h) => {
    if (atomicNumber !== 1) return [];
    let parent = -1;
    let nearest = Infinity;
    z.forEach((other, i) => {
      if (other === 1) return;
      const d = (xyz[3 * i]! - xyz[3 * h]!) ** 2 + (xyz[3 * i + 1]! - xyz[3 * h + 1]!) ** 2 + (xyz[3 * i + 2]! - xyz[3 * h + 2]!) ** 2;
      if (d < nearest) [nearest, parent] = [d, i];
    });
    return [{ a: parent, b: h, order: 1, aromatic: false, stereo: 'none', stereoAtoms: [] }];
  });
  return { atoms, bonds, rings: [] };
}


/** A copy of `model` with every conformer moved by one random rotation and a translation up to ±20 Å. */
export function rigidlyMoved(model: Model3D, seed: number): Model3D {
  const random = seededRandom(seed);
  const rotation = quaternionToMatrix(normalizeQuaternion([random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5]));
  const [tx, ty, tz] = [40 * (random() - 0.5), 40 * (random() - 0.5), 40 * (random() - 0.5)];
  return {
    ...model,
    conformers: model.conformers.map((coords) => transformPoints(coords, coords.length / 3, rotation, tx, ty, tz, new Float64Array(coords.length))),
  };
}
