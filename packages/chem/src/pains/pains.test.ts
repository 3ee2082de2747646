import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from '../rdkit.ts';
import { hasMatch, painsMatch } from './pains.ts';
import { PAINS_PATTERNS } from './pains-patterns.ts';

/** RDKit's reference set: one molecule known to contain each PAINS pattern that has a known match. */
const reference = readFileSync(new URL('../../test-data/pains-reference.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [index, smiles] = line.split('\t');
    return { index: Number(index), smiles: smiles! };
  });

describe('PAINS patterns', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('has the 480 published patterns, every one a valid SMARTS', async () => {
    const rdkit = await loadRDKit();
    expect(PAINS_PATTERNS).toHaveLength(480);
    for (const [name, smarts] of PAINS_PATTERNS) {
      const query = rdkit.get_qmol(smarts);
      expect(query?.is_valid(), name).toBe(true);
      query?.delete();
    }
  });

  it("finds each pattern in RDKit's reference molecule for it (462 of 462)", async () => {
    const rdkit = await loadRDKit();
    expect(reference).toHaveLength(462);
    for (const { index, smiles } of reference) {
      const query = rdkit.get_qmol(PAINS_PATTERNS[index]![1])!;
      const withHydrogens = withMol(smiles, (mol) => mol.add_hs())!;
      expect(withMol(withHydrogens, (mol) => hasMatch(mol, query), { removeHs: false }), `${PAINS_PATTERNS[index]![0]} in ${smiles}`).toBe(true);
      query.delete();
    }
  });

  it('flags the reference molecules through the screened matcher, and leaves clean drugs alone', () => {
    // The screen only skips patterns a molecule cannot contain, so every reference molecule is still flagged.
    for (const { smiles } of reference.slice(0, 60)) expect(painsMatch(smiles), smiles).toBeDefined();
    expect(painsMatch('CC(=O)Oc1ccccc1C(=O)O')).toBeUndefined();
    expect(painsMatch('Cn1cnc2c1c(=O)n(C)c(=O)n2C')).toBeUndefined();
    // An ene-rhodanine, the classic PAINS family.
    expect(painsMatch('S=C1SC(=Cc2ccccc2)C(=O)N1')).toMatch(/^ene_rhod/);
    expect(painsMatch('not a molecule')).toBeUndefined();
  });
});
