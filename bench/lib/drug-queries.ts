// The approved drugs the benchmarks query with: rows of ../shared/data/drugs.tsv with SMILES under 60 characters,
// evenly spaced so that the queries span the file rather than its alphabetical start.
import { existsSync, readFileSync } from 'node:fs';

export const DRUGS = new URL('../../../shared/data/drugs.tsv', import.meta.url).pathname;

/** The SMILES of every drug the queries are drawn from, in the file's order. */
export function queryDrugs(): string[] {
  if (!existsSync(DRUGS)) throw new Error(`${DRUGS} is missing: the benchmarks take their queries from it.`);
  return readFileSync(DRUGS, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[1] ?? '')
    .filter((smiles) => smiles.length > 0 && smiles.length < 60);
}

/**
 * `count` drugs, every (drugs / count)th; `offset` (0 to 1) moves each pick that share of a step further on, so
 * that a second set of queries (the scale benchmark's set B, offset 0.5) is as evenly spread and shares none.
 */
export function drugQueries(count: number, offset = 0): string[] {
  const drugs = queryDrugs();
  const step = Math.max(1, Math.floor(drugs.length / count));
  return Array.from({ length: Math.min(count, drugs.length) }, (_, i) => drugs[Math.min(drugs.length - 1, i * step + Math.floor(offset * step))]!);
}
