import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHEMISTRY_MESSAGES } from './chemistry-error.ts';
import { DEFAULT_MOLECULE_LIMITS, molblockSizeProblem, setMoleculeLimits, smilesSize, smilesSizeProblem } from './molecule-size.ts';
import { loadRDKit, withMol } from './rdkit.ts';

const DRUGS = join(import.meta.dirname, '../../../../shared/data/drugs.tsv');

describe('smilesSize', () => {
  it.each([
    ['CCO', { heavyAtoms: 3, hydrogens: 0, ringClosures: 0, branchDepth: 0, fragments: 1 }],
    ['c1ccccc1', { heavyAtoms: 6, hydrogens: 0, ringClosures: 1, branchDepth: 0, fragments: 1 }],
    ['CC(=O)Oc1ccccc1C(=O)O', { heavyAtoms: 13, hydrogens: 0, ringClosures: 1, branchDepth: 1, fragments: 1 }],
    ['[2H]C([H])([H])Cl', { heavyAtoms: 2, hydrogens: 3, ringClosures: 0, branchDepth: 1, fragments: 1 }],
    ['[Na+].[Cl-]', { heavyAtoms: 2, hydrogens: 0, ringClosures: 0, branchDepth: 0, fragments: 2 }],
    ['C%10CC%(123)CC%10C%(123)', { heavyAtoms: 6, hydrogens: 0, ringClosures: 2, branchDepth: 0, fragments: 1 }],
    ['C(C(C(C)))', { heavyAtoms: 4, hydrogens: 0, ringClosures: 0, branchDepth: 3, fragments: 1 }],
    ['CCO |$;;X$|', { heavyAtoms: 3, hydrogens: 0, ringClosures: 0, branchDepth: 0, fragments: 1 }],
    ['[NH3+]CC(=O)[O-]', { heavyAtoms: 5, hydrogens: 3, ringClosures: 0, branchDepth: 1, fragments: 1 }],
    // Chirality classes hold letters that are neither elements nor hydrogen counts.
    ['[Fe@TH2H2+2]', { heavyAtoms: 1, hydrogens: 2, ringClosures: 0, branchDepth: 0, fragments: 1 }],
    ['[C@@H]1CC[Hg]1', { heavyAtoms: 4, hydrogens: 1, ringClosures: 1, branchDepth: 0, fragments: 1 }],
  ])('counts %s', (smiles, size) => {
    expect(smilesSize(smiles)).toEqual(size);
  });

  it('counts as many heavy atoms as RDKit does for every approved drug, and every one is within the limits', async () => {
    await loadRDKit();
    const rows = readFileSync(DRUGS, 'utf8').trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(1500);
    for (const row of rows) {
      const smiles = row.split('\t')[1]!;
      expect(smilesSizeProblem(smiles), smiles).toBeUndefined();
      const rdkitCount = withMol(smiles, (mol) => mol.get_num_atoms(true));
      if (rdkitCount !== undefined) expect(smilesSize(smiles).heavyAtoms, smiles).toBe(rdkitCount);
    }
  });
});

describe('size limits', () => {
  afterEach(() => setMoleculeLimits(DEFAULT_MOLECULE_LIMITS));

  it('names the limit a molecule is over', () => {
    expect(smilesSizeProblem('C'.repeat(351))).toBe(`${CHEMISTRY_MESSAGES.tooComplex}: 351 heavy atoms (at most 350)`);
    expect(smilesSizeProblem('C'.repeat(350))).toBeUndefined();
    expect(smilesSizeProblem('C1CC1'.repeat(51))).toBe(`${CHEMISTRY_MESSAGES.tooComplex}: 51 ring closures (at most 50)`);
    expect(smilesSizeProblem(`${'C('.repeat(21)}C${')'.repeat(21)}`)).toBe(`${CHEMISTRY_MESSAGES.tooComplex}: branches nested 21 deep (at most 20)`);
    expect(smilesSizeProblem(Array(33).fill('[Na+]').join('.'))).toBe(`${CHEMISTRY_MESSAGES.tooComplex}: 33 separate fragments (at most 32)`);
    // Found by the fuzz suite: 200 of these hold 19,400 hydrogens, which exhausted the 3D pipeline's memory.
    expect(smilesSizeProblem('[HH96-69]'.repeat(4))).toBe(`${CHEMISTRY_MESSAGES.tooComplex}: 388 hydrogens written out (at most 350)`);
  });

  it('applies changed limits, and refuses nonsense ones', () => {
    setMoleculeLimits({ heavyAtoms: 10 });
    expect(smilesSizeProblem('C'.repeat(11))).toContain('11 heavy atoms (at most 10)');
    expect(() => setMoleculeLimits({ heavyAtoms: 0 })).toThrow(RangeError);
    expect(() => setMoleculeLimits({ branchDepth: 2.5 })).toThrow(RangeError);
  });

  it('reads the heavy atoms of V2000 and V3000 mol blocks', async () => {
    await loadRDKit();
    const chain = 'C'.repeat(351);
    setMoleculeLimits({ heavyAtoms: 1000 });
    const v2000 = withMol(chain, (mol) => mol.get_molblock())!;
    const v3000 = withMol(chain, (mol) => mol.get_v3Kmolblock())!;
    const withHydrogens = withMol(chain, (mol) => mol.add_hs())!;
    setMoleculeLimits(DEFAULT_MOLECULE_LIMITS);
    for (const block of [v2000, v3000, withHydrogens]) expect(molblockSizeProblem(block)).toBe(`${CHEMISTRY_MESSAGES.tooComplex}: 351 heavy atoms (at most 350)`);
    expect(molblockSizeProblem(withMol('CCO', (mol) => mol.add_hs())!)).toBeUndefined();
  });
});
