import { countAtOrAbove } from './hit-list.repository.ts';
import type { HitList } from './hit-list.repository.ts';

/** One hit picked from a job's hit lists. */
export interface SelectedHit {
  database: string;
  row: number;
  similarity: number;
  /** Its place in its database's hit list (which keeps its scores beside it). */
  index: number;
}

/**
 * Hits `start .. start+count` of the given lists merged best first (ties keep database order), only
 * those at or above `threshold`. Each list is already best first, so this is a k-way merge.
 */
export function selectHits(lists: HitList[], start: number, count: number, threshold = 0): SelectedHit[] {
  const ends = lists.map((list) => countAtOrAbove(list.similarities, threshold));
  if (lists.length === 1) {
    const list = lists[0]!;
    const picked: SelectedHit[] = [];
    for (let at = start; at < Math.min(ends[0]!, start + count); at++) {
      picked.push({ database: list.database, row: list.rows[at]!, similarity: list.similarities[at]!, index: at });
    }
    return picked;
  }
  const cursors = lists.map(() => 0);
  const picked: SelectedHit[] = [];
  for (let rank = 0; rank < start + count; rank++) {
    let best = -1;
    for (let l = 0; l < lists.length; l++) {
      if (cursors[l]! >= ends[l]!) continue;
      if (best < 0 || lists[l]!.similarities[cursors[l]!]! > lists[best]!.similarities[cursors[best]!]!) best = l;
    }
    if (best < 0) break;
    const list = lists[best]!;
    const at = cursors[best]!;
    if (rank >= start) picked.push({ database: list.database, row: list.rows[at]!, similarity: list.similarities[at]!, index: at });
    cursors[best] = at + 1;
  }
  return picked;
}

/** Hit count per list at or above the threshold. */
export function countHits(lists: HitList[], threshold = 0): number {
  return lists.reduce((total, list) => total + countAtOrAbove(list.similarities, threshold), 0);
}
