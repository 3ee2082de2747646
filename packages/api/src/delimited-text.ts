/**
 * The one writer of CSV and TSV cells, used by downloads and the CLI. Spreadsheets run a cell that starts
 * with = + - @ (or a tab or carriage return) as a formula, so such text gets a leading single quote and
 * is quoted (OWASP, CSV injection); numbers, including negative ones, stay numbers.
 */
export type CellValue = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_RUN = /[\u0000-\u001f\u007f]+/g;

/** True for text a spreadsheet would read as a formula. */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/** One CSV cell (RFC 4180 quoting); null is an empty cell. */
export function csvCell(value: CellValue): string {
  if (value === null) return '';
  const text = String(value);
  if (typeof value === 'string' && looksLikeFormula(text)) return `"'${text.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One TSV cell: TSV cannot quote, so tabs and line breaks become a space; formula-looking text gets its quote. */
export function tsvCell(value: CellValue): string {
  if (value === null) return '';
  const text = String(value).replace(CONTROL_RUN, ' ');
  return typeof value === 'string' && looksLikeFormula(String(value)) ? `'${text}` : text;
}

/** One CSV line, without its line break. */
export function csvRow(values: readonly CellValue[]): string {
  return values.map(csvCell).join(',');
}

/** One TSV line, without its line break. */
export function tsvRow(values: readonly CellValue[]): string {
  return values.map(tsvCell).join('\t');
}
