import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textLines } from './text-lines.ts';

/** The bytes `text` is, cut into chunks of `chunkBytes` (a multi-byte character may fall across two). */
function chunked(text: string, chunkBytes: number): Readable {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkBytes) chunks.push(bytes.subarray(at, at + chunkBytes));
  return Readable.from(chunks);
}

const lineText = fc.string({ unit: fc.constantFrom('C', 'c', '1', '(', '=', 'O', '\t', 'é', '€', '𝄞', '\r'), maxLength: 30 });

describe('text lines', () => {
  it('reports the bytes of every line before yielding it, the whole file in all', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(lineText, { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.integer({ min: 1, max: 17 }),
        fc.integer({ min: 4, max: 40 }),
        async (bom, lines, ending, endsWithBreak, chunkBytes, maxLineChars) => {
          const text = (bom ? '\ufeff' : '') + lines.join(ending) + (endsWithBreak && lines.length > 0 ? ending : '');
          let taken = 0;
          for await (const line of textLines(chunked(text, chunkBytes), maxLineChars, (bytes) => (taken += bytes))) {
            // When line k is yielded, the bytes counted are exactly those up to the end of its line break.
            const k = line.line - 1;
            const through = (bom ? '\ufeff' : '') + lines.slice(0, k + 1).join(ending) + (k < lines.length - 1 || endsWithBreak ? ending : '');
            expect(taken).toBe(Buffer.byteLength(through, 'utf8'));
          }
          expect(taken).toBe(Buffer.byteLength(text, 'utf8'));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts an overlong line whose text it drops', async () => {
    const text = `CCO\n${'C'.repeat(50)}\nc1ccccc1\n`;
    const lines: { line: number; text: string; overlong?: true }[] = [];
    const counts: number[] = [];
    let taken = 0;
    for await (const line of textLines(chunked(text, 7), 20, (bytes) => (taken += bytes))) {
      lines.push(line);
      counts.push(taken);
    }
    expect(lines).toEqual([{ line: 1, text: 'CCO' }, { line: 2, text: '', overlong: true }, { line: 3, text: 'c1ccccc1' }]);
    expect(counts).toEqual([4, 55, 64]);
  });
});
