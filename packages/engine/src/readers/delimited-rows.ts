import type { RecordError } from './molecule-record.ts';
import type { TextLine } from './text-lines.ts';
import { MAX_LINE_CHARS } from './text-lines.ts';

/** One logical row of a CSV/TSV file; `line` is where it starts (a quoted field may span lines). */
export interface DelimitedRow {
  line: number;
  fields: string[];
}

/**
 * Rows of an RFC 4180 file: fields separated by the delimiter `pickDelimiter` chooses from the first line,
 * optionally quoted with `"`, quotes inside a quoted field doubled, line breaks allowed inside quotes. Stray quotes inside an unquoted field are kept
 * as text, as spreadsheet programs do. Blank lines are skipped.
 */
export async function* delimitedRows(
  lines: AsyncIterable<TextLine>,
  pickDelimiter: (firstLine: string) => string,
): AsyncGenerator<DelimitedRow | RecordError> {
  let delimiter: string | undefined;
  let open: { line: number; text: string } | undefined;
  for await (const { line, text, overlong } of lines) {
    if (overlong) {
      if (open) yield unterminated(open.line);
      open = undefined;
      yield { line, error: `line is longer than ${MAX_LINE_CHARS} characters` };
      continue;
    }
    const row = open ? { line: open.line, text: `${open.text}\n${text}` } : { line, text };
    open = undefined;
    if (row.text.length === 0) continue;
    delimiter ??= pickDelimiter(row.text);
    const fields = splitFields(row.text, delimiter);
    if (fields) {
      yield { line: row.line, fields };
    } else if (row.text.length > MAX_LINE_CHARS) {
      // A quote that never closes would otherwise swallow the rest of the file.
      yield unterminated(row.line);
    } else {
      open = row;
    }
  }
  if (open) yield unterminated(open.line);
}

function unterminated(line: number): RecordError {
  return { line, error: 'unterminated quoted field' };
}

/** The fields of one row, or undefined when the row ends inside a quoted field and continues on the next line. */
export function splitFields(text: string, delimiter: string): string[] | undefined {
  if (!text.includes('"')) return text.split(delimiter);
  const fields: string[] = [];
  let field = '';
  let i = 0;
  let atFieldStart = true;
  while (i < text.length) {
    const ch = text[i] as string;
    if (atFieldStart && ch === '"') {
      const close = closingQuote(text, i + 1);
      if (close < 0) return undefined;
      field += text.slice(i + 1, close).replaceAll('""', '"');
      i = close + 1;
      atFieldStart = false;
      continue;
    }
    if (text.startsWith(delimiter, i)) {
      fields.push(field);
      field = '';
      i += delimiter.length;
      atFieldStart = true;
      continue;
    }
    field += ch;
    atFieldStart = false;
    i++;
  }
  fields.push(field);
  return fields;
}

function closingQuote(text: string, from: number): number {
  let i = from;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return -1;
    if (text[q + 1] === '"') {
      i = q + 2;
      continue;
    }
    return q;
  }
}
