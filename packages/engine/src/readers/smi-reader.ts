import { isSmilesHeaderToken } from './column-names.ts';
import type { ReadRecord } from './molecule-record.ts';
import { generatedId } from './molecule-record.ts';
import type { TextLine } from './text-lines.ts';
import { MAX_LINE_CHARS } from './text-lines.ts';

/**
 * Records of a SMILES file: `SMILES<whitespace>id` per line, no header (a first line like `smiles id` is
 * skipped). Tab-separated lines take the second field as id; otherwise the rest of the line is the id, so
 * names with spaces survive. A CXSMILES extension (`|...|` after the SMILES) stays with the SMILES.
 */
export async function* smiRecords(lines: AsyncIterable<TextLine>): AsyncGenerator<ReadRecord> {
  let seenContent = false;
  for await (const { line, text, overlong } of lines) {
    if (overlong) {
      yield { line, error: `line is longer than ${MAX_LINE_CHARS} characters` };
      continue;
    }
    const trimmed = text.trim();
    // `#` cannot start a SMILES, so such lines are comments.
    if (trimmed.length === 0 || trimmed.startsWith('#')) continue;
    const { smiles, id } = splitSmiLine(trimmed);
    if (!seenContent) {
      seenContent = true;
      if (isSmilesHeaderToken(smiles)) continue;
    }
    yield { line, smiles, id: id || generatedId(line) };
  }
}

function splitSmiLine(trimmed: string): { smiles: string; id: string } {
  if (trimmed.includes('\t')) {
    const [smiles = '', id = ''] = trimmed.split('\t');
    return { smiles: smiles.trim(), id: id.trim() };
  }
  const match = /^(\S+)(?:\s+(\|[^|]*\|))?(?:\s+(.*))?$/.exec(trimmed);
  if (!match) return { smiles: trimmed, id: '' };
  const [, smiles = '', extension, id = ''] = match;
  return { smiles: extension ? `${smiles} ${extension}` : smiles, id: id.trim() };
}
