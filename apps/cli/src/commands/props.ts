import { PROPERTY_COLUMNS, formatPropertyValue, moleculeProperties } from '@molsearch/chem';
import type { Command } from '../command.ts';
import { writeMoleculeLines } from '../molecule-input.ts';

export const command: Command = {
  name: 'props',
  summary: 'molecular properties (the ADMET panel) as TSV: id, smiles, properties',
  usage: '<file|SMILES>',
  minArgs: 1,
  maxArgs: 1,
  help: [
    'Input: a .smi, .csv, .tsv, .sdf or .xlsx file (optionally .gz), or one SMILES.',
    `Columns after id and smiles: ${PROPERTY_COLUMNS.map((c) => c.key).join(', ')}.`,
    'Properties are computed on the molecule as written (salts included).',
    'Bad rows are reported on stderr as "line N: reason" and skipped.',
  ].join('\n'),
  async run(context) {
    await context.out.line(['id', 'smiles', ...PROPERTY_COLUMNS.map((c) => c.key)].join('\t'));
    return writeMoleculeLines(context, context.args[0] as string, (mol, record) => {
      const properties = moleculeProperties(mol);
      return [record.id, record.smiles, ...PROPERTY_COLUMNS.map((c) => formatPropertyValue(properties, c))].join('\t');
    });
  },
};
