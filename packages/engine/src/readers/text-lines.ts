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

/**
 * Splits a byte stream into UTF-8 lines, accepting LF and CRLF endings and a leading byte-order mark.
 * `took` hears the bytes of each line (its ending included) just before the line is yielded: how far the
 * reader has got, where the bytes read from the file run ahead by the stream's buffers (a 256 KiB chunk is
 * a third of a 20,000-row file).
 */
export async function* textLines(stream: Readable, maxLineChars = MAX_LINE_CHARS, took?: (bytes: number) => void): AsyncGenerator<TextLine> {
  stream.setEncoding('utf8');
  let pending = '';
  /** Bytes of the line begun in earlier chunks (counted even when its text is dropped as overlong). */
  let pendingBytes = 0;
  let line = 1;
  let skipping = false;
  let first = true;
  for await (const chunk of stream as AsyncIterable<string>) {
    let text = chunk;
    // A character cut across two reads comes out with the second: the first may be empty.
    if (text.length === 0) continue;
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) {
        text = text.slice(1);
        pendingBytes = BYTE_ORDER_MARK_BYTES;
      }
    }
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      took?.(pendingBytes + Buffer.byteLength(text.slice(start, end + 1)));
      if (skipping || pending.length + (end - start) > maxLineChars) {
        yield { line, text: '', overlong: true };
        skipping = false;
      } else {
        yield { line, text: stripCarriageReturn(pending + text.slice(start, end)) };
      }
      pending = '';
      pendingBytes = 0;
      line++;
      start = end + 1;
    }
    const rest = text.slice(start);
    pendingBytes += Buffer.byteLength(rest);
    if (!skipping) {
      pending += rest;
      if (pending.length > maxLineChars) {
        skipping = true;
        pending = '';
      }
    }
  }
  if (pendingBytes > 0) took?.(pendingBytes);
  if (skipping) yield { line, text: '', overlong: true };
  else if (pending.length > 0) yield { line, text: stripCarriageReturn(pending) };
}

const BYTE_ORDER_MARK_BYTES = 3;

function stripCarriageReturn(text: string): string {
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}
