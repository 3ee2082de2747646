import { withMol } from '../rdkit.ts';
import { singleLine } from './single-line.ts';

export type SdfFieldValue = string | number | boolean | null;

export interface SdfRecordInput {
  /** The first line of the molblock (at most 80 characters, one line). */
  title: string;
  /** The connection table (V2000 or V3000), e.g. a 3D pose; without it RDKit draws 2D coordinates from `smiles`. */
  molblock?: string | undefined;
  smiles?: string | undefined;
  /** Data items in order; a null value is left out. */
  fields?: readonly (readonly [name: string, value: SdfFieldValue])[];
}

const MAX_TITLE = 80;
/** For a structure nothing could be drawn for: no atoms, so the record still parses. */
const EMPTY_MOLBLOCK = '\n\n\n  0  0  0  0  0  0  0  0  0  0999 V2000\nM  END\n';

/**
 * One SD file record, `$$$$`-terminated: the molblock titled `title`, then each field as a one-line data
 * item. Titles and values lose line breaks and tabs (written as a space), and a value that would read
 * as the record separator is indented, so no id or property can split or end a record. Drawing 2D
 * coordinates needs RDKit loaded (`await loadRDKit()`).
 */
export function sdfRecord(input: SdfRecordInput): string {
  const molblock = input.molblock ?? (input.smiles !== undefined ? depiction(input.smiles) : undefined);
  const lines = connectionTable(molblock ?? EMPTY_MOLBLOCK).split('\n');
  lines[0] = notSeparator(singleLine(input.title)).slice(0, MAX_TITLE);
  let record = `${lines.join('\n')}\n`;
  for (const [name, value] of input.fields ?? []) {
    if (value === null) continue;
    const text = singleLine(String(value));
    record += `> <${singleLine(name).replace(/[<>]/g, '')}>\n${notSeparator(text)}\n\n`;
  }
  return `${record}$$$$\n`;
}

/** Readers end a record at any line starting with `$$$$`: such a title or value is indented by one space. */
function notSeparator(line: string): string {
  return line.startsWith('$$$$') ? ` ${line}` : line;
}

/** The molblock up to and including its `M  END` line, without a trailing newline. */
function connectionTable(molblock: string): string {
  const lines = molblock.replace(/\r\n?/g, '\n').trimEnd().split('\n');
  const end = lines.findIndex((line) => line.startsWith('M  END'));
  return (end < 0 ? [...lines, 'M  END'] : lines.slice(0, end + 1)).join('\n');
}

function depiction(smiles: string): string | undefined {
  return withMol(smiles, (mol) => {
    mol.set_new_coords();
    return mol.get_molblock();
  });
}
