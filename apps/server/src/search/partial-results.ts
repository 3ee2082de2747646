import { PARTIAL_NOTE_PREFIX } from '@molsearch/api';
import type { DatabaseHits } from '@molsearch/engine';

/**
 * One note per database some of whose parts no search node answered for (a search through search nodes,
 * PARTIAL_RESULTS=allow): "partial: parts 1, 3 of 4 of ENAMINE-REAL unavailable; ...".
 */
export function partialNotes(databases: readonly DatabaseHits[]): string[] {
  return databases.flatMap((hits) => {
    const parts = hits.unavailableParts;
    if (!parts || parts.missing.length === 0) return [];
    const which = `${parts.missing.length > 1 ? 'parts' : 'part'} ${parts.missing.join(', ')} of ${parts.of}`;
    return [`${PARTIAL_NOTE_PREFIX} ${which} of ${hits.database} unavailable; its hits are those of the other parts.`];
  });
}

export function isPartial(notes: readonly string[]): boolean {
  return notes.some((note) => note.startsWith(PARTIAL_NOTE_PREFIX));
}
