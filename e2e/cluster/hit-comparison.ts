import { expect } from 'vitest';
import { openCatalogue, search } from '@molsearch/engine';
import type { SearchRequest } from '@molsearch/engine';

/** Hits as (id, score) pairs, best first, equal scores by id. */
export type Hits = [string, number][];

export function byScoreThenId(hits: Hits): Hits {
  return hits.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Scores as the API answers them (roundSimilarity: 6 decimals). */
export function rounded(hits: Hits): Hits {
  return byScoreThenId(hits.map(([id, score]): [string, number] => [id, Math.round(score * 1e6) / 1e6]));
}

/** Same scores rank by rank and the same molecules above the last score (a tie at the cut may keep others). */
export function expectSameHits(got: Hits, want: Hits): void {
  expect(got.map((hit) => hit[1])).toEqual(want.map((hit) => hit[1]));
  const last = want.at(-1)?.[1];
  expect(got.filter((hit) => hit[1] !== last)).toEqual(want.filter((hit) => hit[1] !== last));
}

/** The single-process search of `database` in `dataDir` (a catalogue imported whole): the reference. */
export async function localHits(dataDir: string, request: Omit<SearchRequest, 'databases'>, database: string): Promise<Hits> {
  const result = await search({ ...request, databases: [database] }, { dataDir, threads: 1 });
  const catalogue = await openCatalogue(dataDir, database);
  const hits = result.databases[0]!;
  return byScoreThenId(Array.from(hits.rows, (row, i): [string, number] => [catalogue.compoundId(row), hits.similarities[i]!]));
}
