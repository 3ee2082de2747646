import type { Readable } from 'node:stream';

/** A physical line without its line ending; `overlong` lines are reported by number with their text dropped. */
export interface TextLine {
  line: number;
  text: string;
  overlong?: true;
}

/**
 * No molecule row is anywhere near this long; a file without line breaks (a binary file, a minified
 * dump) must not grow one string until memory runs out.
 */
export const MAX_LINE_CHARS = 1 << 20;

/** Splits a byte stream into UTF-8 lines, accepting LF and CRLF endings and a leading byte-order mark. */
export async function* textLines(stream: Readable, maxLineChars = MAX_LINE_CHARS): AsyncGenerator<TextLine> {
  stream.setEncoding('utf8');
  let pending = '';
  let line = 1;
  let skipping = false;
  let first = true;
  for await (const chunk of stream as AsyncIterable<string>) {
    let text = chunk;
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      if (skipping || pending.length + (end - start) > maxLineChars) {
        yield { line, text: '', overlong: true };
        skipping = false;
      } else {
        yield { line, text: stripCarriageReturn(pending + text.slice(start, end)) };
      }
      pending = '';
      line++;
      start = end + 1;
    }
    if (!skipping) {
      pending += text.slice(start);
      if (pending.length > maxLineChars) {
        skipping = true;
        pending = '';
      }
    }
  }
  if (skipping) yield { line, text: '', overlong: true };
  else if (pending.length > 0) yield { line, text: stripCarriageReturn(pending) };
}

function stripCarriageReturn(text: string): string {
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}
