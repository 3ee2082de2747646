import { singleLine } from './single-line.ts';

/**
 * One line of a SMILES file: the structure, a tab, the name. A name is one line without tabs, so a
 * newline or tab inside an id (which importers refuse, but a catalogue may predate that) becomes a space
 * instead of starting a new record or column.
 */
export function smilesLine(smiles: string, name: string): string {
  return `${singleLine(smiles)}\t${singleLine(name)}\n`;
}
