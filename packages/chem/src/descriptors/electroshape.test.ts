import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { descriptorSimilarity } from './descriptor-similarity.ts';
import { electroShapeDescriptor, ELECTROSHAPE_LENGTH, heavyAtomPoints } from './electroshape.ts';
import {
  loadConformerReference,
  maxAbsDifference,
  mirrorImage,
  randomRigidMotion,
  referenceHeavyAtoms,
  renumbered,
  seededRandom,
} from './test-support.ts';

const reference = loadConformerReference();


/** ElectroShape written out longhand for a handful of points, to check the production code against. */
function longhandElectroShape(xyz: number[][], charges: number[]): number[] {
  const points = xyz.map((p, i) => [...p, 25 * (charges[i] ?? 0)]);
  const distance = (p: number[], q: number[]) => Math.sqrt(p.reduce((s, v, d) => s + (v - (q[d] ?? 0)) ** 2, 0));
  const c1 = [0, 1, 2, 3].map((d) => points.reduce((s, p) => s + (p[d] ?? 0), 0) / points.length);
  const farthestFrom = (origin: number[]) => points.reduce((best, p) => (distance(p, origin) > distance(best, origin) ? p : best));
  const c2 = farthestFrom(c1);
  const c3 = farthestFrom(c2);
  const a = c2.map((v, d) => v - (c1[d] ?? 0));
  const b = c3.map((v, d) => v - (c1[d] ?? 0));
  const cross = [
    (a[1] ?? 0) * (b[2] ?? 0) - (a[2] ?? 0) * (b[1] ?? 0),
    (a[2] ?? 0) * (b[0] ?? 0) - (a[0] ?? 0) * (b[2] ?? 0),
    (a[0] ?? 0) * (b[1] ?? 0) - (a[1] ?? 0) * (b[0] ?? 0),
  ];
  const scale = Math.hypot(...a) / (2 * Math.hypot(...cross));
  const spatial = cross.map((v, d) => (c1[d] ?? 0) + scale * v);
  const c4 = [...spatial, Math.max(...points.map((p) => p[3] ?? 0))];
  const c5 = [...spatial, Math.min(...points.map((p) => p[3] ?? 0))];
  return [c1, c2, c3, c4, c5].flatMap((origin) => {
    const ds = points.map((p) => distance(p, origin));
    const mean = ds.reduce((s, v) => s + v, 0) / ds.length;
    const sd = Math.sqrt(ds.reduce((s, v) => s + (v - mean) ** 2, 0) / ds.length);
    const skew = Math.cbrt(ds.reduce((s, v) => s + (v - mean) ** 3, 0) / ds.length / sd ** 3);
    return [mean, sd, skew];
  });
}

describe('electroShapeDescriptor', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('agrees with a longhand computation on a four-atom example', () => {
    const xyz = [[0, 0, 0], [1.5, 0, 0], [2.1, 1.3, 0.2], [-0.6, -0.4, 1.2]];
    const charges = [0.12, -0.05, -0.41, 0.2];
    const descriptor = electroShapeDescriptor(new Float64Array(xyz.flat()), charges);
    expect(descriptor).toHaveLength(ELECTROSHAPE_LENGTH);
    expect(maxAbsDifference(descriptor, longhandElectroShape(xyz, charges))).toBeLessThan(1e-5);
  });

  it('matches a numpy implementation of the same definition on RDKit conformers and charges within 1e-4', () => {
    let worst = { delta: 0, id: '' };
    for (const molecule of reference.molecules) {
      const { coords, charges } = referenceHeavyAtoms(molecule);
      const delta = maxAbsDifference(electroShapeDescriptor(coords, charges), molecule.electroShape);
      if (!(delta <= worst.delta)) worst = { delta, id: molecule.id };
    }
    expect(worst.delta, `worst case ${worst.id}`).toBeLessThanOrEqual(1e-4);
  });

  it('is invariant under rigid motions and renumbering, and equal to itself', () => {
    const random = seededRandom(11);
    for (const molecule of reference.molecules.slice(0, 20)) {
      const { coords, charges } = referenceHeavyAtoms(molecule);
      const original = electroShapeDescriptor(coords, charges);
      expect(descriptorSimilarity(original, original)).toBe(1);
      for (let k = 0; k < 3; k++) {
        expect(maxAbsDifference(electroShapeDescriptor(randomRigidMotion(coords, random), charges), original), molecule.id).toBeLessThan(1e-4);
      }
      const atoms = molecule.atomicNumbers
        .filter((z) => z !== 1)
        .map((atomicNumber) => ({ atomicNumber, formalCharge: 0, implicitHs: 0, aromatic: false, isotope: 0, stereo: 'unspecified' }));
      const shuffled = renumbered({ atoms, bonds: [], rings: [] }, coords, charges, random);
      expect(maxAbsDifference(electroShapeDescriptor(shuffled.coords, shuffled.charges), original), molecule.id).toBeLessThan(1e-4);
    }
  });

  it('changes when the charges change', () => {
    for (const molecule of reference.molecules.slice(0, 20)) {
      const { coords, charges } = referenceHeavyAtoms(molecule);
      const original = electroShapeDescriptor(coords, charges);
      const neutral = electroShapeDescriptor(coords, new Float64Array(charges.length));
      const flipped = electroShapeDescriptor(coords, charges.map((q, i) => (i === 0 ? q + 0.3 : q)));
      expect(descriptorSimilarity(original, neutral), molecule.id).toBeLessThan(1);
      expect(maxAbsDifference(original, flipped), molecule.id).toBeGreaterThan(1e-3);
    }
  });

  it('is chirality-aware: a mirror image gives a different descriptor', () => {
    let different = 0;
    const sample = reference.molecules.slice(0, 20);
    for (const molecule of sample) {
      const { coords, charges } = referenceHeavyAtoms(molecule);
      if (maxAbsDifference(electroShapeDescriptor(mirrorImage(coords), charges), electroShapeDescriptor(coords, charges)) > 1e-3) different++;
    }
    expect(different).toBeGreaterThanOrEqual(sample.length - 2);
  });

  it('takes the heavy atoms of a hydrogenated graph in graph order', () => {
    for (const molecule of reference.molecules.slice(0, 5)) {
      const graph = hydrogenatedGraph(molecule.smiles)!;
      const picked = heavyAtomPoints(graph, new Float64Array(molecule.coordinates), molecule.charges);
      const expected = referenceHeavyAtoms(molecule);
      expect(Array.from(picked.coords)).toEqual(Array.from(expected.coords));
      expect(Array.from(picked.charges)).toEqual(Array.from(expected.charges));
    }
  });

  it('rejects a charge array that does not match the atoms', () => {
    expect(() => electroShapeDescriptor(new Float64Array(9), [0, 0])).toThrow(/one charge per atom/);
  });
});
