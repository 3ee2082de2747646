import { EngineError } from './engine-error.ts';

/**
 * Part `index` (1-based) of `of` parts of one catalogue. A part is an ordinary catalogue folder whose
 * manifest says which part it is; the parts of one catalogue hold disjoint sets of its molecules and
 * together all of them, so a search that visits every part and merges their exact top hits returns
 * the hits of the catalogue imported whole.
 */
export interface CataloguePart {
  index: number;
  of: number;
}

/** A catalogue is split into at most this many parts (folder names and NATS subjects stay short). */
export const MAX_PARTS = 4096;

/**
 * How rows are assigned to parts: by the FNV-1a hash of the vendor id, modulo the number of parts.
 * By id rather than by position so that every row of a repeated id lands in the same part, where the
 * import keeps the first and skips the others as a whole import does: the union of the parts is then
 * exactly the whole catalogue. Every machine reads the whole file (reading is a small share of an
 * import's time), the parts come out balanced whatever the file's order, and no row count is needed
 * in advance (a compressed file or a spreadsheet has no byte ranges to split at).
 */
export const PART_RULE = 'fnv1a-id';

/** The part (1-based) of `parts` that the row with vendor id `id` belongs to. */
export function partOfId(id: string, parts: number): number {
  return (fnv1a(id) % parts) + 1;
}

/** "k/N" as a CataloguePart; anything else is an INVALID_REQUEST naming the expected form. */
export function parsePart(text: string): CataloguePart {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const of = match ? Number(match[2]) : NaN;
  if (!(of >= 1 && of <= MAX_PARTS && index >= 1 && index <= of)) {
    throw new EngineError('INVALID_REQUEST', `"${text}" is not a part: write k/N with 1 <= k <= N <= ${MAX_PARTS}, e.g. 2/8.`);
  }
  return { index, of };
}

export function describePart(part: CataloguePart): string {
  return `part ${part.index} of ${part.of}`;
}

const utf8 = new TextEncoder();

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of utf8.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
