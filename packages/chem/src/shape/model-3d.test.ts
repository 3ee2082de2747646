import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { buildModel3D } from './model-3d.ts';
import { readShapeReference, referenceGraph } from './reference-fixture.ts';

const reference = readShapeReference();

beforeAll(async () => {
  await loadRDKit();
});

describe('buildModel3D', () => {
  // A reference molecule with hydrogens on N or O as well as on C.
  const molecule = reference.molecules.find((m) => {
    const graph = referenceGraph(m);
    const parents = graph.bonds.map((b) => m.atomicNumbers[b.a]!);
    return parents.includes(6) && (parents.includes(7) || parents.includes(8));
  })!;

  it('keeps heavy atoms in SMILES order and folds or keeps hydrogens as asked, conserving charge', () => {
    const graph = hydrogenatedGraph(molecule.smiles)!;
    expect(graph.atoms.map((a) => a.atomicNumber)).toEqual(molecule.atomicNumbers);
    const heavy = molecule.atomicNumbers.filter((z) => z !== 1);
    const hydrogens = molecule.atomicNumbers.length - heavy.length;
    const total = molecule.charges.reduce((s, q) => s + q, 0);
    const conformer = Float64Array.from(molecule.coords);
    const counts: Record<string, number> = {};
    for (const mode of ['all', 'polar', 'none'] as const) {
      const model = buildModel3D(graph, [conformer], molecule.charges, { hydrogens: mode });
      expect(Array.from(model.atomicNumbers)).toEqual(heavy);
      expect(model.charges.reduce((s, q) => s + q, 0)).toBeCloseTo(total, 12);
      expect(model.conformers[0]!.length).toBe(3 * model.charges.length);
      expect(Array.from(model.conformers[0]!.slice(0, 3 * heavy.length))).toEqual(molecule.coords.slice(0, 3 * heavy.length));
      counts[mode] = model.hydrogenSites;
    }
    expect(counts.all).toBe(hydrogens);
    expect(counts.none).toBe(0);
    const polarHydrogens = graph.bonds.filter((b) => {
      const [h, other] = graph.atoms[b.a]!.atomicNumber === 1 ? [b.a, b.b] : [b.b, b.a];
      return graph.atoms[h]!.atomicNumber === 1 && [7, 8, 15, 16].includes(graph.atoms[other]!.atomicNumber);
    }).length;
    expect(counts.polar).toBe(polarHydrogens);
    expect(counts.polar).toBeGreaterThan(0);
    expect(counts.polar).toBeLessThan(hydrogens);
  });

  it('keeps the all-hydrogen charges and coordinates exactly', () => {
    const graph = hydrogenatedGraph(molecule.smiles)!;
    const model = buildModel3D(graph, [Float64Array.from(molecule.coords)], molecule.charges, { hydrogens: 'all' });
    expect(Array.from(model.charges)).toEqual(molecule.charges);
    expect(Array.from(model.conformers[0]!)).toEqual(molecule.coords);
  });

  it('rejects charges or conformers that do not fit the graph', () => {
    const graph = hydrogenatedGraph('CCO')!;
    expect(() => buildModel3D(graph, [], [0.1])).toThrow(/one charge per atom/);
    expect(() => buildModel3D(graph, [new Float64Array(3)], new Array(graph.atoms.length).fill(0))).toThrow(/Conformer 0/);
  });
});
