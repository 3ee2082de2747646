import type { Readable } from 'node:stream';
import type { DelimitedRow } from './delimited-rows.ts';
import { MoleculeFileError } from './molecule-record.ts';

/**
 * Rows of the first worksheet of an .xlsx workbook, read with exceljs's streaming reader so a large sheet
 * is never held in memory; `line` is the spreadsheet row number. Cell values become text as displayed
 * (rich text joined, formulas by their cached result).
 */
export async function* xlsxRows(stream: Readable, fileName: string): AsyncGenerator<DelimitedRow> {
  // exceljs takes over a second to load; only spreadsheet imports should pay for it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let sawSheet = false;
  try {
    for await (const sheet of workbook) {
      if (sawSheet) {
        // Only the first sheet holds the molecules; drain the rest so the zip reader can finish.
        for await (const _row of sheet) continue;
        continue;
      }
      sawSheet = true;
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const fields: string[] = [];
        for (let column = 1; column < values.length; column++) fields.push(cellText(values[column]));
        yield { line: row.number, fields };
      }
    }
  } catch (error) {
    throw new MoleculeFileError('UNREADABLE_FILE', `${fileName} is not a readable .xlsx workbook: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!sawSheet) throw new MoleculeFileError('UNREADABLE_FILE', `${fileName} has no worksheet`);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return cellText(cell.text);
    if ('result' in cell) return cellText(cell.result);
    if (cell.error !== undefined) return String(cell.error);
  }
  return '';
}
