import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { buildBoundsMatrix } from './bounds-matrix.ts';
import { embedSkeleton, kernelEnergy, polishSkeleton } from './conformer-kernel.ts';
import { distanceGeometryError, volumeTerms } from './distance-geometry-error.ts';
import { minimise } from './lbfgs.ts';
import { refinementForceField } from './refinement-force-field.ts';
import { buildTopology } from './topology.ts';
import { torsionPreferences } from './torsion-preferences.ts';

const source = new URL('../../assembly/conformer-minimiser.ts', import.meta.url);
const recorded = new URL('./conformer-minimiser.wasm.source-sha256', import.meta.url);

// A chiral centre, an amide, aromatic and aliphatic rings, rotatable bonds and a double bond with
// specified geometry: every kind of term; and a long chain, whose atoms travel far from the compact start,
// so the polish's pair list is made again many times.
const MOLECULES = [
  'C[C@H](N)C(=O)Nc1ccc(CCOC)cc1', 'O=C(N[C@@H]1CCCN(C1)c1ncccn1)/C=C/c1ccc(F)cc1', 'CC(C)(C)OC(=O)N1CCC(CC1)C(=O)O',
  'CCCCCCCCOCCOCCOCCN(CC)C(=O)c1ccccc1',
];

function fieldOf(smiles: string) {
  const topology = buildTopology(hydrogenatedGraph(smiles)!);
  const bounds = buildBoundsMatrix(topology, 0.75);
  return { field: refinementForceField(topology, bounds, torsionPreferences(topology), volumeTerms(topology.chiral, bounds)), atoms: topology.size };
}

/** The distance-geometry error of a molecule in `dim` dimensions (with chiral volumes, as embedding uses it). */
function errorOf(smiles: string, dim: number) {
  const topology = buildTopology(hydrogenatedGraph(smiles)!);
  return { error: distanceGeometryError(buildBoundsMatrix(topology, 0.75), topology.chiral, dim), atoms: topology.size };
}

const same = (a: Float64Array, b: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Coordinates spread out enough to violate some terms of every kind. */
const spread = (n: number, phase: number) => Float64Array.from({ length: n }, (_, i) => 2.5 * Math.sin(i * 12.9898 + phase));

describe('the WebAssembly conformer minimiser', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('was built from the current assembly/conformer-minimiser.ts (else run npm run build:wasm:conformers -w @molsearch/chem)', () => {
    const digest = createHash('sha256').update(readFileSync(source)).digest('hex');
    expect(readFileSync(recorded, 'utf8').trim()).toBe(digest);
  });

  it('computes the force field energy and gradient bit for bit as JavaScript does', () => {
    for (const [m, smiles] of MOLECULES.entries()) {
      const { field: f, atoms } = fieldOf(smiles);
      const at = spread(3 * atoms, 0.7 + m);
      const js = new Float64Array(at.length);
      const wasm = new Float64Array(at.length);
      expect(kernelEnergy({ field: f }, at, wasm)).toBe(f.evaluate(at, js));
      expect(same(wasm, js)).toBe(true);
    }
  });

  it('polishes to the same coordinates, bit for bit, as lbfgs.ts', () => {
    for (const [m, smiles] of MOLECULES.entries()) {
      const { field: f, atoms } = fieldOf(smiles);
      for (const phase of [0.1, 1.9]) {
        const js = spread(3 * atoms, phase + m);
        const wasm = js.slice();
        const options = { maxIterations: 600, gradientTolerance: 0.01, deadline: Infinity };
        const energy = minimise(f.evaluate, js, options);
        expect(polishSkeleton(f, wasm, options)).toBe(energy);
        expect(same(wasm, js)).toBe(true);
      }
    }
  });

  it('computes the distance-geometry error and its gradient bit for bit as JavaScript does, in 3D and 4D', () => {
    for (const [m, smiles] of MOLECULES.entries()) {
      for (const [dim, weight] of [[3, 0], [4, 0], [4, 0.3]] as const) {
        const { error, atoms } = errorOf(smiles, dim);
        error.fourthDimensionWeight = weight;
        const at = spread(dim * atoms, 0.4 + m);
        const js = new Float64Array(at.length);
        const wasm = new Float64Array(at.length);
        expect(kernelEnergy({ error }, at, wasm)).toBe(error.evaluate(at, js));
        expect(same(wasm, js)).toBe(true);
      }
    }
  });

  it('embeds to the same coordinates, bit for bit, as lbfgs.ts', () => {
    for (const [m, smiles] of MOLECULES.entries()) {
      for (const [dim, weight] of [[3, 0], [4, 0], [4, 0.3]] as const) {
        const { error, atoms } = errorOf(smiles, dim);
        error.fourthDimensionWeight = weight;
        const js = spread(dim * atoms, 2.3 + m);
        const wasm = js.slice();
        const options = { maxIterations: 300, gradientTolerance: 1e-3, deadline: Infinity };
        const energy = minimise(error.evaluate, js, options);
        expect(embedSkeleton(error, wasm, options)).toBe(energy);
        expect(same(wasm, js)).toBe(true);
      }
    }
  });
});
