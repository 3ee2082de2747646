import { canonicalSmiles, loadRDKit, validateSmiles } from '@molsearch/chem';
import { CliError } from '../cli-error.ts';
import type { Command } from '../command.ts';

export const command: Command = {
  name: 'validate',
  summary: 'check a SMILES string and print its canonical form',
  usage: '<SMILES>',
  minArgs: 1,
  maxArgs: 1,
  help: [
    'Prints "OK" and RDKit\'s canonical SMILES, or the reason the input is not a valid molecule',
    '(exit code 1). Quote SMILES in the shell: molsearch validate \'CC(=O)Oc1ccccc1C(=O)O\'',
  ].join('\n'),
  async run({ args, out }) {
    await loadRDKit();
    const result = validateSmiles(args[0]);
    if (!result.ok) throw new CliError('INVALID_SMILES', result.message);
    const canonical = canonicalSmiles(result.smiles);
    if (canonical === undefined) throw new CliError('INVALID_SMILES', 'Invalid SMILES structure');
    await out.line(`OK\t${canonical}`);
  },
};
