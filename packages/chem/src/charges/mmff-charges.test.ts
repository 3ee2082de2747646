import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { gasteigerCharges } from './gasteiger.ts';
import { mmffAtomTypes } from './mmff-atom-types.ts';
import { mmffCharges } from './mmff-charges.ts';

interface ReferenceMolecule { source: string; id: string; smiles: string; types: number[] | null; charges: number[] | null }

// Made by scripts/reference/rdkit-mmff-reference.py with RDKit 2022.09 (AddHs, then MMFFGetMoleculeProperties).
const reference = JSON.parse(
  gunzipSync(readFileSync(new URL('../../test-data/rdkit-mmff.json.gz', import.meta.url))).toString('utf8'),
) as { rdkitVersion: string; molecules: ReferenceMolecule[] };

beforeAll(async () => {
  await loadRDKit();
});

describe('mmffCharges', () => {
  const typed = reference.molecules.filter((m) => m.types !== null);

  it('types every atom as RDKit does and gives its MMFF94 charges', () => {
    expect(typed.length).toBeGreaterThan(850);
    const mismatches: string[] = [];
    for (const molecule of typed) {
      const graph = hydrogenatedGraph(molecule.smiles)!;
      const types = [...mmffAtomTypes(graph).types];
      if (types.join() !== molecule.types!.join()) {
        mismatches.push(`${molecule.id} ${molecule.smiles}: types ${types.join()} expected ${molecule.types!.join()}`);
        continue;
      }
      const result = mmffCharges(graph);
      expect(result.model).toBe('mmff94');
      const worst = Math.max(...result.charges.map((q, i) => Math.abs(q - molecule.charges![i]!)));
      if (worst > 1e-5) mismatches.push(`${molecule.id} ${molecule.smiles}: charge off by ${worst}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps the net formal charge and shares a carboxylate charge over both oxygens', () => {
    const graph = hydrogenatedGraph('CC(C)Cc1ccc([C@@H](C)C(=O)[O-])cc1')!;
    const { charges } = mmffCharges(graph);
    expect(charges.reduce((sum, q) => sum + q, 0)).toBeCloseTo(-1, 6);
    const oxygens = graph.atoms.flatMap((atom, i) => (atom.atomicNumber === 8 ? [i] : []));
    expect(charges[oxygens[0]!]).toBeCloseTo(charges[oxygens[1]!]!, 6);
    expect(charges[oxygens[0]!]).toBeLessThan(-0.8);
  });

  it('falls back to Gasteiger charges for an element MMFF94 does not type', () => {
    const graph = hydrogenatedGraph('OB(O)c1ccccc1')!;
    const result = mmffCharges(graph);
    expect(result.model).toBe('gasteiger');
    expect([...result.charges]).toEqual([...gasteigerCharges(graph)]);
  });
});
