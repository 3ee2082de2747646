import { describe, expect, it } from 'vitest';
import { graphFromRDKitJson, loadRDKit, protonateAtPh74, standardizeSmiles, withMol } from '@molsearch/chem';
import type { MolGraph } from '@molsearch/chem';
import { withHydrogens } from './vs-preparation.ts';
import { COLOUR_TYPES, colourFeatures, colourTanimoto, decodeFeatures, encodeFeatures, featurePoints } from './vs-colour.ts';

await loadRDKit();

/** The pH 7.4 form with hydrogens as atoms, as the benchmark builds its models. */
function modelGraph(smiles: string): MolGraph {
  const standard = standardizeSmiles(smiles)!.smiles;
  const parsed = withMol(standard, (mol) => graphFromRDKitJson(mol.get_json()))!;
  return withHydrogens(protonateAtPh74(parsed).graph);
}

/** Feature types with their sites' elements, e.g. "anion:C". */
function described(smiles: string): string[] {
  const graph = modelGraph(smiles);
  const heavy = graph.atoms.filter((atom) => atom.atomicNumber > 1);
  const symbol = (z: number) => ({ 6: 'C', 7: 'N', 8: 'O', 15: 'P', 16: 'S' })[z] ?? String(z);
  return colourFeatures(graph).map((f) => `${COLOUR_TYPES[f.type]}:${f.sites.map((s) => symbol(heavy[s]!.atomicNumber)).sort().join('')}`).sort();
}

describe('colour features', () => {
  it('puts a carboxylate anion on its carbon and keeps both oxygens as acceptors', () => {
    expect(described('OC(=O)c1ccccc1')).toEqual(['acceptor:O', 'acceptor:O', 'anion:C', 'ring:CCCCCC']);
  });

  it('makes a protonated amine a cation and donor, and leaves an amide nitrogen a donor only', () => {
    expect(described('CCN')).toEqual(['cation:N', 'donor:N']);
    expect(described('CC(=O)NC')).toEqual(['acceptor:O', 'donor:N']);
  });

  it('counts a pyridine nitrogen and a nitrile as acceptors, a pyrrole NH as a donor', () => {
    expect(described('c1ccncc1')).toContain('acceptor:N');
    expect(described('N#CC')).toEqual(['acceptor:N']);
    expect(described('c1cc[nH]c1')).toEqual(['donor:N', 'ring:CCCCN']);
  });

  it('does not take the cancelling charges of a nitro group for ions', () => {
    expect(described('O=[N+]([O-])c1ccccc1').filter((f) => f.startsWith('cation') || f.startsWith('anion'))).toEqual([]);
  });

  it('reads back what it encodes', () => {
    const features = colourFeatures(modelGraph('OC(=O)c1ccc(N)cc1'));
    expect(decodeFeatures(encodeFeatures(features))).toEqual(features);
  });
});

describe('colour Tanimoto', () => {
  const features = colourFeatures(modelGraph('OC(=O)c1ccc(O)cc1'));
  // Any placement of the sites will do: the score depends only on the feature points.
  const coords = Float64Array.from({ length: 3 * 20 }, (_, k) => Math.sin(k) * 3);
  const points = featurePoints(features, coords);

  it('is 1 for a molecule with itself and falls as the copy moves away', () => {
    expect(colourTanimoto(features, points, features, points)).toBeCloseTo(1, 12);
    const moved = points.map((v, k) => (k % 3 === 0 ? v + 1.5 : v));
    const near = colourTanimoto(features, points, features, moved);
    expect(near).toBeLessThan(1);
    expect(near).toBeGreaterThan(0);
    const far = points.map((v, k) => (k % 3 === 0 ? v + 50 : v));
    expect(colourTanimoto(features, points, features, far)).toBeLessThan(1e-6);
  });

  it('is 0 between molecules without features', () => {
    expect(colourTanimoto([], new Float64Array(0), [], new Float64Array(0))).toBe(0);
  });
});
