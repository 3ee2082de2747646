import { ChemistryError, loadRDKit, withMol } from '@molsearch/chem';
import type { ReadRecord } from './molecule-record.ts';
import { generatedId } from './molecule-record.ts';
import type { TextLine } from './text-lines.ts';
import { MAX_LINE_CHARS } from './text-lines.ts';

// Data fields that vendors use for the catalogue number; preferred over the title line, which is often
// empty or a trade name.
const ID_FIELDS = ['id', 'idnumber', 'catalog_id', 'catalogue_id', 'compound_id', 'molport_id', 'molportid', 'chemspace_id', 'zinc_id', 'vendor_id', 'cat_no', 'name'];

/** A record larger than this is a broken file (a missing `$$$$`), not a molecule. */
const MAX_RECORD_CHARS = 4 * MAX_LINE_CHARS;

/**
 * Records of an SD file: molblocks separated by `$$$$`, converted to SMILES with RDKit. The id comes from a
 * data field such as `<ID>` or `<idnumber>`, else the title line, else the record's first line number.
 */
export async function* sdfRecords(lines: AsyncIterable<TextLine>): AsyncGenerator<ReadRecord> {
  await loadRDKit();
  let record: string[] = [];
  let firstLine = 0;
  let size = 0;
  let broken: string | undefined;
  for await (const { line, text, overlong } of lines) {
    if (text.startsWith('$$$$')) {
      // A record that broke the toolkit has it replaced; the next one waits for the fresh one.
      await loadRDKit();
      if (broken) yield { line: firstLine, error: broken };
      else if (hasContent(record)) yield recordFromLines(record, firstLine);
      record = [];
      size = 0;
      broken = undefined;
      continue;
    }
    // The title line may be blank, so a record starts right after `$$$$` whatever the line holds.
    if (record.length === 0 && !broken) firstLine = line;
    if (broken) continue;
    if (overlong) {
      broken = `line ${line} is longer than ${MAX_LINE_CHARS} characters`;
      record = [];
      continue;
    }
    size += text.length + 1;
    if (size > MAX_RECORD_CHARS) {
      broken = `record is longer than ${MAX_RECORD_CHARS} characters (missing $$$$?)`;
      record = [];
      continue;
    }
    record.push(text);
  }
  await loadRDKit();
  if (broken) yield { line: firstLine, error: broken };
  else if (hasContent(record)) yield recordFromLines(record, firstLine);
}

/** Blank lines after the last `$$$$` (or between records in a sloppy file) are not a record. */
function hasContent(lines: string[]): boolean {
  return lines.some((text) => text.trim().length > 0);
}

function recordFromLines(lines: string[], firstLine: number): ReadRecord {
  let end = lines.findIndex((text) => text.startsWith('M  END'));
  if (end < 0) end = lines.findIndex((text) => text.startsWith('>'));
  const molblockLines = end < 0 ? lines : lines.slice(0, lines[end]?.startsWith('M  END') ? end + 1 : end);
  const columns = dataFields(end < 0 ? [] : lines.slice(end));
  const smiles = molblockToSmiles(molblockLines.join('\n'));
  if (typeof smiles === 'object') return { line: firstLine, error: smiles.refused };
  if (smiles === undefined) return { line: firstLine, error: 'RDKit could not read the molblock' };
  if (smiles.length === 0) return { line: firstLine, error: 'the molblock has no atoms' };
  const id = idFromFields(columns) || (lines[0] ?? '').trim() || generatedId(firstLine);
  return Object.keys(columns).length > 0 ? { line: firstLine, smiles, id, columns } : { line: firstLine, smiles, id };
}

/** The molblock's SMILES; undefined when RDKit cannot read it; `refused` says why a molecule was not processed. */
function molblockToSmiles(molblock: string): string | undefined | { refused: string } {
  try {
    // Vendor SD files often carry explicit hydrogens; SMILES parsing drops them, so molblocks must too.
    return withMol(molblock, (mol) => mol.get_smiles(), { removeHs: true });
  } catch (error) {
    if (error instanceof ChemistryError) return { refused: error.message };
    return undefined;
  }
}

/** Data items: a `> ... <NAME>` header line, then value lines up to a blank line. */
function dataFields(lines: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  let name: string | undefined;
  let value: string[] = [];
  const flush = (): void => {
    if (name !== undefined) fields[name] = value.join('\n');
    name = undefined;
    value = [];
  };
  for (const text of lines) {
    const header = /^>.*?<([^>]*)>/.exec(text);
    if (header) {
      flush();
      name = (header[1] ?? '').trim();
    } else if (text.trim().length === 0) {
      flush();
    } else if (name !== undefined) {
      value.push(text);
    }
  }
  flush();
  return fields;
}

function idFromFields(fields: Record<string, string>): string {
  const byName = new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase().replace(/[\s-]+/g, '_'), value.trim()]));
  for (const name of ID_FIELDS) {
    const value = byName.get(name);
    if (value) return value;
  }
  return '';
}
