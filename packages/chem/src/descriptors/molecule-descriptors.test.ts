import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from '../rdkit.ts';
import { graphFromRDKitJson } from '../mol-graph.ts';
import { reference2dRows } from '../rdkit-2d-reference.fixture.ts';
import { graphDescriptors, moleculeDescriptors } from './molecule-descriptors.ts';
import type { Descriptors2D } from './molecule-descriptors.ts';

/**
 * The committed reference molecules, as written and standardised as the import does (drugs and rows of
 * Enamine, MolPort and ZINC catalogues), and the MMFF reference's charged and protonated forms.
 */
function referenceSmiles(): string[] {
  const mmff = JSON.parse(gunzipSync(readFileSync(new URL('../../test-data/rdkit-mmff.json.gz', import.meta.url))).toString('utf8')) as { molecules: { smiles: string }[] };
  const all = [...reference2dRows().flatMap((row) => [row.smiles, row.standardized]), ...mmff.molecules.map((m) => m.smiles)];
  return [...new Set(all.filter((smiles) => smiles.length > 0))];
}

describe('graphDescriptors against RDKit get_descriptors()', () => {
  let compared: { smiles: string; ours: Descriptors2D | undefined; rdkit: Descriptors2D }[] = [];

  beforeAll(async () => {
    await loadRDKit();
    compared = referenceSmiles().flatMap((smiles) => {
      const result = withMol(smiles, (mol) => {
        const graph = graphFromRDKitJson(mol.get_json());
        return { smiles, ours: graphDescriptors(graph), rdkit: JSON.parse(mol.get_descriptors()) as Descriptors2D };
      });
      return result ? [result] : [];
    });
  });

  it('reads thousands of real molecules and settles every one from the graph', () => {
    expect(compared.length).toBeGreaterThan(4000);
    expect(compared.filter((c) => !c.ours).map((c) => c.smiles)).toEqual([]);
  });

  it('gives every value bit for bit as RDKit does', () => {
    const keys = Object.keys(compared[0]?.rdkit ?? {}).filter((key) => key in (compared[0]?.ours ?? {})) as (keyof Descriptors2D)[];
    expect(keys).toHaveLength(13);
    const differing = compared.flatMap(({ smiles, ours, rdkit }) =>
      keys.filter((key) => ours && !Object.is(ours[key], rdkit[key])).map((key) => `${smiles} ${key}: ${ours?.[key]} vs ${rdkit[key]}`),
    );
    expect(differing).toEqual([]);
  });
});

describe('moleculeDescriptors', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('asks RDKit for a molecule the graph cannot settle', () => {
    // A dummy atom has no mass in the element table; a dative bond no SMARTS-style order.
    for (const smiles of ['*c1ccccc1', 'C[NH2]->[Cu]']) {
      const read = withMol(smiles, (mol) => {
        const graph = graphFromRDKitJson(mol.get_json());
        return { fromGraph: graphDescriptors(graph), used: moleculeDescriptors(mol, graph), rdkit: JSON.parse(mol.get_descriptors()) as Descriptors2D };
      });
      expect(read?.fromGraph).toBeUndefined();
      expect(read?.used).toEqual(read?.rdkit);
    }
  });
});
