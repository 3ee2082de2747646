import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Coordinates } from '../geometry-types.ts';
import type { MolGraph } from '../mol-graph.ts';
import { seededRandom } from '../seeded-random.ts';

export { seededRandom };

/** Test helpers for the descriptor tests: the RDKit reference set, rigid motions, mirror images, renumbering. */

export interface ConformerReference {
  source: string;
  id: string;
  smiles: string;
  atomicNumbers: number[];
  coordinates: number[];
  charges: number[];
  usrcat: number[];
  electroShape: number[];
}

// Made by scripts/reference/rdkit-usrcat-reference.py (RDKit 2022.09 conformers, GetUSRCAT, numpy ElectroShape).
export function loadConformerReference(): { molecules: ConformerReference[]; skipped: { id: string; reason: string }[] } {
  const file = new URL('../../test-data/rdkit-usrcat.json.gz', import.meta.url);
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as ReturnType<typeof loadConformerReference>;
}


/** A uniformly random rotation (from a random unit quaternion) followed by a translation of up to ±50 Å. */
export function randomRigidMotion(coords: Coordinates, random: () => number): Coordinates {
  const [u1, u2, u3] = [random(), random(), random()];
  const qx = Math.sqrt(1 - u1) * Math.sin(2 * Math.PI * u2);
  const qy = Math.sqrt(1 - u1) * Math.cos(2 * Math.PI * u2);
  const qz = Math.sqrt(u1) * Math.sin(2 * Math.PI * u3);
  const qw = Math.sqrt(u1) * Math.cos(2 * Math.PI * u3);
  const m = [
    1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qz * qw), 2 * (qx * qz + qy * qw),
    2 * (qx * qy + qz * qw), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qx * qw),
    2 * (qx * qz - qy * qw), 2 * (qy * qz + qx * qw), 1 - 2 * (qx * qx + qy * qy),
  ];
  const shift = [0, 1, 2].map(() => (random() - 0.5) * 100);
  const out = new Float64Array(coords.length);
  for (let i = 0; i < coords.length; i += 3) {
    const [x = 0, y = 0, z = 0] = coords.subarray(i, i + 3);
    for (let r = 0; r < 3; r++) {
      out[i + r] = (m[r * 3] ?? 0) * x + (m[r * 3 + 1] ?? 0) * y + (m[r * 3 + 2] ?? 0) * z + (shift[r] ?? 0);
    }
  }
  return out;
}

/** The mirror image through the yz plane. */
export function mirrorImage(coords: Coordinates): Coordinates {
  const out = new Float64Array(coords);
  for (let i = 0; i < out.length; i += 3) out[i] = -(out[i] ?? 0);
  return out;
}

/** The same molecule with its atoms renumbered by a random permutation (graph, coordinates and charges). */
export function renumbered(
  graph: MolGraph,
  coords: Coordinates,
  charges: ArrayLike<number>,
  random: () => number,
): { graph: MolGraph; coords: Coordinates; charges: Float64Array } {
  const n = graph.atoms.length;
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  const newIndex = new Map(order.map((old, k) => [old, k]));
  const renumber = (old: number): number => newIndex.get(old) ?? -1;
  const atoms = order.map((old) => ({ ...(graph.atoms[old] as MolGraph['atoms'][number]) }));
  const bonds = graph.bonds.map((bond) => ({ ...bond, a: renumber(bond.a), b: renumber(bond.b), stereoAtoms: bond.stereoAtoms.map(renumber) }));
  const rings = graph.rings.map((ring) => ring.map(renumber));
  const newCoords = new Float64Array(coords.length);
  const newCharges = new Float64Array(n);
  order.forEach((old, k) => {
    newCoords.set(coords.subarray(old * 3, old * 3 + 3), k * 3);
    newCharges[k] = charges[old] ?? 0;
  });
  return { graph: { atoms, bonds, rings }, coords: newCoords, charges: newCharges };
}

export function maxAbsDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return worst;
}

/** Heavy-atom coordinates and charges of a reference molecule, picked by its stored atomic numbers. */
export function referenceHeavyAtoms(molecule: ConformerReference): { coords: Coordinates; charges: Float64Array } {
  const heavy = molecule.atomicNumbers.flatMap((z, i) => (z === 1 ? [] : [i]));
  return {
    coords: new Float64Array(heavy.flatMap((i) => molecule.coordinates.slice(i * 3, i * 3 + 3))),
    charges: new Float64Array(heavy.map((i) => molecule.charges[i] ?? 0)),
  };
}
