import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from './rdkit.ts';
import { MAX_SMILES_LENGTH, SMILES_MESSAGES, validateSmiles } from './validate-smiles.ts';

describe('validateSmiles', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('accepts real molecules', () => {
    expect(validateSmiles('CC(=O)Oc1ccccc1C(=O)O')).toEqual({ ok: true, smiles: 'CC(=O)Oc1ccccc1C(=O)O' });
    expect(validateSmiles('  c1ccccc1  ')).toEqual({ ok: true, smiles: 'c1ccccc1' });
  });

  it.each([
    ['missing', undefined, SMILES_MESSAGES.required],
    ['null', null, SMILES_MESSAGES.required],
    ['empty', '', SMILES_MESSAGES.empty],
    ['blank', '   \t ', SMILES_MESSAGES.empty],
    ['garbage', 'this is not a molecule', SMILES_MESSAGES.invalidFormat],
    ['garbage token', 'Xyzzy!', SMILES_MESSAGES.invalidStructure],
    ['unbalanced ring', 'C1CCCC', SMILES_MESSAGES.invalidStructure],
    ['unbalanced branch', 'CC(C', SMILES_MESSAGES.invalidStructure],
    ['wrong valence', 'C(C)(C)(C)(C)C', SMILES_MESSAGES.invalidStructure],
    ['pentavalent nitrogen', 'CN(C)(C)(C)C', SMILES_MESSAGES.invalidStructure],
    ['1 MB long', 'C'.repeat(1 << 20), SMILES_MESSAGES.tooLong],
    ['just over the limit', 'C'.repeat(MAX_SMILES_LENGTH + 1), SMILES_MESSAGES.tooLong],
    ['a mol block', 'foo\n  RDKit\n\n  0  0  0  0  0  0  0  0  0  0999 V2000\nM  END', SMILES_MESSAGES.invalidFormat],
    ['a number', 42, SMILES_MESSAGES.invalidFormat],
  ])('rejects %s input with the product message', (_name, input, message) => {
    expect(validateSmiles(input)).toEqual({ ok: false, message });
  });
});
