import { describe, expect, it } from 'vitest';
import { EXAMPLE_MOLECULES } from './example-molecules.ts';
import { SMILES_MESSAGES, smilesProblem } from './smiles-validation.ts';

describe('smilesProblem', () => {
  it.each([
    ...EXAMPLE_MOLECULES.map((molecule) => molecule.smiles),
    'CC(=O)[O-].[Na+]',
    '[13CH4]',
    'C%10CCCCC%10',
    'c1ccc2c(c1)[nH]c1ccccc12',
    'F/C=C/F',
    'C1CC2CCC1C2',
    'C-1CC1',
    'C1.C1',
    '*C(=O)O',
    'Sc1ccccc1',
    '[Fe+2]',
    '[C@@H](F)(Cl)Br',
    '[CH2:1]C',
    'OC(=O)[C@H]1CCCN1',
    'C=1CC1',
    'C(C)1CC1',
  ])('accepts %s', (smiles) => {
    expect(smilesProblem(smiles)).toBeNull();
  });

  it.each([
    ['C1CC(', SMILES_MESSAGES.invalidStructure],
    ['CC)C', SMILES_MESSAGES.invalidStructure],
    ['C1CC', SMILES_MESSAGES.invalidStructure],
    ['C[NH3+', SMILES_MESSAGES.invalidStructure],
    ['C[]C', SMILES_MESSAGES.invalidStructure],
    ['CC()C', SMILES_MESSAGES.invalidStructure],
    ['CC(=)C', SMILES_MESSAGES.invalidStructure],
    ['=CC', SMILES_MESSAGES.invalidStructure],
    ['CC=', SMILES_MESSAGES.invalidStructure],
    ['C..C', SMILES_MESSAGES.invalidStructure],
    ['C%1CC', SMILES_MESSAGES.invalidStructure],
    ['CCQ', SMILES_MESSAGES.invalidStructure],
    ['CNa', SMILES_MESSAGES.invalidStructure],
    ['C[Xx]', SMILES_MESSAGES.invalidStructure],
    ['CCO; DROP TABLE', SMILES_MESSAGES.invalidCharacters],
    ['  ', SMILES_MESSAGES.empty],
  ])('refuses %s', (smiles, message) => {
    expect(smilesProblem(smiles)).toBe(message);
  });
});
