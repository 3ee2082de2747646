import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalSmiles, standardizeSmiles, withStandardMol } from './standardize.ts';
import { loadRDKit, withMol } from './rdkit.ts';
import { computeProperties } from './properties.ts';
import { describeRow, reference2dRows } from './rdkit-2d-reference.fixture.ts';
import type { Reference2dRow } from './rdkit-2d-reference.fixture.ts';

beforeAll(async () => {
  await loadRDKit();
});

/** The reference's parent, written by RDKit 2022.09, re-canonicalised by our RDKit for comparison. */
function expectedParent(row: Reference2dRow): string | undefined {
  return canonicalSmiles(row.standardized);
}

function handPicked(id: string): Reference2dRow {
  const row = reference2dRows().find((r) => r.source === 'standardize' && r.id === id);
  if (!row) throw new Error(`standardisation case ${id} is missing from the reference file`);
  return row;
}

describe('standardizeSmiles', () => {
  const cases = [
    'sodium-acetate', 'amine-hydrochloride', 'protonated-amine-chloride', 'carboxylate-potassium',
    'dicarboxylate-disodium', 'maleate-salt', 'quaternary-ammonium-bromide', 'quaternary-ammonium-alone', 'nitro',
    'pyridine-n-oxide', 'amine-n-oxide', 'zwitterionic-amino-acid', 'betaine', 'pyridinium', 'sulfonate-sodium',
    'phenolate-sodium', 'tetrazolate', 'guanidinium-sulfate', 'hydrate-and-solvent', 'equal-size-fragments',
    'inorganic-only', 'already-neutral',
  ];
  it.each(cases)('gives the parent RDKit\'s Uncharger gives for %s', (id) => {
    const row = handPicked(id);
    expect(standardizeSmiles(row.smiles)?.smiles).toBe(expectedParent(row));
  });

  it('drops counter-ions and keeps the drug', () => {
    const result = standardizeSmiles(handPicked('amine-hydrochloride').smiles);
    expect(result?.changed).toBe(true);
    expect(result?.smiles).not.toContain('.');
  });

  it('keeps permanent charges: quaternary ammonium, nitro, N-oxides and betaines', () => {
    expect(standardizeSmiles(handPicked('quaternary-ammonium-bromide').smiles)?.smiles).toContain('[N+]');
    expect(standardizeSmiles(handPicked('quaternary-ammonium-alone').smiles)?.changed).toBe(false);
    expect(standardizeSmiles(handPicked('nitro').smiles)?.changed).toBe(false);
    expect(standardizeSmiles(handPicked('pyridine-n-oxide').smiles)?.changed).toBe(false);
    const betaine = standardizeSmiles(handPicked('betaine').smiles);
    expect(betaine?.smiles).toContain('[N+]');
    expect(betaine?.smiles).toContain('[O-]');
  });

  it('neutralises a zwitterionic amino acid and keeps its stereocentre', () => {
    const result = standardizeSmiles(handPicked('zwitterionic-amino-acid').smiles);
    expect(result?.smiles).not.toMatch(/[+-]\]/);
    expect(result?.smiles).toContain('@');
  });

  it('keeps double-bond geometry while neutralising', () => {
    const result = standardizeSmiles('C/C=C/C(=O)[O-].[Na+]');
    expect(result?.smiles).toBe(canonicalSmiles('C/C=C/C(=O)O'));
  });

  it('chooses the same parent whatever the fragment order', () => {
    expect(standardizeSmiles('c1ccccc1N.c1ccccc1O')?.smiles).toBe(standardizeSmiles('c1ccccc1O.c1ccccc1N')?.smiles);
  });

  it('agrees with the reference on every salt or charged molecule, up to which of two equivalent anions keeps the charge', () => {
    const differing: string[] = [];
    const saltsAndIons = reference2dRows().filter((row) => /[.+-]/.test(row.smiles));
    expect(saltsAndIons.length).toBeGreaterThan(100);
    for (const row of saltsAndIons) {
      const ours = standardizeSmiles(row.smiles)?.smiles;
      const expected = expectedParent(row);
      if (ours === expected) continue;
      // A zwitterion with more anions than permanent cations: RDKit and we may protonate different,
      // equally acidic groups; the parent then has the same formula and net charge.
      const sameFormula = ours !== undefined && expected !== undefined && computeProperties(ours)?.formula === computeProperties(expected)?.formula;
      if (!sameFormula) differing.push(`${describeRow(row)}: ${ours} vs ${expected}`);
    }
    expect(differing).toEqual([]);
  });

  it('returns undefined for a SMILES RDKit cannot parse', () => {
    expect(standardizeSmiles('C1CC')).toBeUndefined();
    expect(standardizeSmiles('')).toBeUndefined();
  });
});

describe('canonicalSmiles', () => {
  it('writes the same molecule RDKit 2022.09 wrote for every reference molecule', () => {
    // SMILES writing changed in places between versions (bracketed metal-bound atoms, double-bond marks),
    // so a different string must still read back as the same molecule.
    const differing = reference2dRows()
      .filter((row) => canonicalSmiles(row.smiles) !== canonicalSmiles(row.canonical))
      .map(describeRow);
    expect(differing).toEqual([]);
  });

  it('is stable when applied twice', () => {
    for (const row of reference2dRows().slice(0, 200)) {
      const once = canonicalSmiles(row.smiles);
      expect(once && canonicalSmiles(once), describeRow(row)).toBe(once);
    }
  });

  it('returns undefined for a SMILES RDKit cannot parse', () => {
    expect(canonicalSmiles('c1cccc1')).toBeUndefined();
    expect(canonicalSmiles('')).toBeUndefined();
  });
});

describe('withStandardMol', () => {
  it('gives the standard form and the molecule read from its SMILES, atoms in its order, for inputs standard or not', () => {
    const rows = reference2dRows().slice(0, 300);
    const inputs = [...rows.map((row) => row.smiles), ...rows.map((row) => canonicalSmiles(row.smiles) ?? ''), 'OCC', 'CC(=O)[O-].[Na+]'];
    let alreadyStandard = 0;
    for (const input of inputs) {
      const expected = standardizeSmiles(input);
      const read = withStandardMol(input, (standard, mol) => ({ standard, json: mol.get_json() }));
      if (!expected) {
        expect(read, input).toBeUndefined();
        continue;
      }
      if (expected.smiles === input) alreadyStandard++;
      expect(read?.standard, input).toEqual(expected);
      expect(read?.json, input).toBe(withMol(expected.smiles, (mol) => mol.get_json()));
    }
    expect(alreadyStandard).toBeGreaterThan(100);
  });

  it('returns undefined for a SMILES RDKit cannot parse, without calling its function', () => {
    let calls = 0;
    expect(withStandardMol('c1cccc1', () => ++calls)).toBeUndefined();
    expect(withStandardMol('', () => ++calls)).toBeUndefined();
    expect(calls).toBe(0);
  });
});
