import { fingerprintToHex, morganFingerprint } from '@molsearch/chem';
import type { Command } from '../command.ts';
import { writeMoleculeLines } from '../molecule-input.ts';

export const command: Command = {
  name: 'fp',
  summary: 'Morgan fingerprints (radius 2, 2048 bits) as TSV: id, hex',
  usage: '<file|SMILES>',
  minArgs: 1,
  maxArgs: 1,
  help: [
    'Input: a .smi, .csv, .tsv, .sdf or .xlsx file (optionally .gz), or one SMILES (its id is the SMILES).',
    'The hex string is the fingerprint\'s 256 bytes, bit i in byte i/8 at position i%8 (least significant first),',
    'identical to RDKit\'s GetMorganFingerprintAsBitVect(mol, 2, nBits=2048).',
    'Bad rows are reported on stderr as "line N: reason" and skipped.',
  ].join('\n'),
  async run(context) {
    await context.out.line('id\tfingerprint');
    return writeMoleculeLines(context, context.args[0] as string, (mol, record) => `${record.id}\t${fingerprintToHex(morganFingerprint(mol))}`);
  },
};
