import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, looksLikeFormula, tsvCell, tsvRow } from './delimited-text.ts';

describe('CSV and TSV cells', () => {
  it.each(['=1+1', '+1+cmd|calc', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://example.org")'])('neutralises %j as OWASP recommends', (text) => {
    expect(looksLikeFormula(text)).toBe(true);
    expect(csvCell(text)).toBe(`"'${text.replaceAll('"', '""')}"`);
    expect(tsvCell(text).startsWith("'")).toBe(true);
  });

  it('leaves numbers, negative ones included, and ordinary text as they are', () => {
    expect(csvRow([-1.5, '-1.5', '+3', '1e-5', 'Z1234', 0.7, true, null])).toBe('-1.5,-1.5,+3,1e-5,Z1234,0.7,true,');
    expect(tsvRow([-1.5, '-0.25', 'CCO', null])).toBe('-1.5\t-0.25\tCCO\t');
  });

  it('quotes CSV cells with separators, quotes, line breaks or edge spaces', () => {
    expect(csvRow(['a,b', 'say "hi"', 'two\nlines', ' padded'])).toBe('"a,b","say ""hi""","two\nlines"," padded"');
  });

  it('writes TSV line breaks and tabs as spaces, so a cell stays one cell', () => {
    expect(tsvRow(['two\nlines', 'a\tb', 'c\r\nd'])).toBe('two lines\ta b\tc d');
  });
});
