import { findIdColumn, findNamedColumn, findSmilesColumn } from './column-names.ts';
import type { DelimitedRow } from './delimited-rows.ts';
import type { ReadRecord, RecordError } from './molecule-record.ts';
import { MoleculeFileError, generatedId } from './molecule-record.ts';

export interface ColumnChoice {
  /** Header of the SMILES column when automatic detection picks the wrong one. */
  smilesColumn?: string;
  /** Header of the id column when automatic detection picks the wrong one. */
  idColumn?: string;
}

/**
 * Records of a table with a header row (CSV, TSV, a spreadsheet's first sheet): the SMILES and id columns
 * are found by name, every column is kept in `columns`. Throws when no SMILES column can be found,
 * because then no row of the file can be read.
 */
export async function* tableRecords(
  rows: AsyncIterable<DelimitedRow | RecordError>,
  choice: ColumnChoice,
  fileName: string,
): AsyncGenerator<ReadRecord> {
  let header: string[] | undefined;
  let smilesIndex = 0;
  let idIndex: number | undefined;
  for await (const row of rows) {
    if ('error' in row) {
      yield row;
      continue;
    }
    if (!header) {
      header = row.fields.map((name) => name.trim());
      smilesIndex = chooseSmilesColumn(header, choice, fileName);
      idIndex = chooseIdColumn(header, choice, fileName);
      continue;
    }
    if (row.fields.every((field) => field.trim().length === 0)) continue;
    const smiles = (row.fields[smilesIndex] ?? '').trim();
    if (smiles.length === 0) {
      yield { line: row.line, error: `no SMILES in column "${header[smilesIndex] ?? ''}"` };
      continue;
    }
    const id = idIndex === undefined ? '' : (row.fields[idIndex] ?? '').trim();
    const columns: Record<string, string> = {};
    header.forEach((name, i) => {
      columns[name] = row.fields[i] ?? '';
    });
    yield { line: row.line, smiles, id: id || generatedId(row.line), columns };
  }
}

function chooseSmilesColumn(header: string[], choice: ColumnChoice, fileName: string): number {
  const index = choice.smilesColumn ? findNamedColumn(header, choice.smilesColumn) : findSmilesColumn(header);
  if (index === undefined) {
    const wanted = choice.smilesColumn ? `column named "${choice.smilesColumn}"` : 'SMILES column (such as "smiles")';
    throw new MoleculeFileError('MISSING_COLUMN', `${fileName}: the header row has no ${wanted}; columns: ${header.join(', ')}`);
  }
  return index;
}

function chooseIdColumn(header: string[], choice: ColumnChoice, fileName: string): number | undefined {
  if (!choice.idColumn) return findIdColumn(header);
  const index = findNamedColumn(header, choice.idColumn);
  if (index === undefined) {
    throw new MoleculeFileError('MISSING_COLUMN', `${fileName}: the header row has no column named "${choice.idColumn}"; columns: ${header.join(', ')}`);
  }
  return index;
}

/**
 * The field separator: the format's own unless the header does not contain it and another common one does
 * (a `.csv` exported with tabs or semicolons).
 */
export function sniffDelimiter(headerLine: string, preferred: string): string {
  if (headerLine.includes(preferred)) return preferred;
  const candidates = [',', '\t', ';'].filter((d) => d !== preferred);
  let best = preferred;
  let bestCount = 0;
  for (const candidate of candidates) {
    const count = headerLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}
