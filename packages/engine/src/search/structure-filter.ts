import { SubstructureMatcher, checkSubstructure, loadRDKit, painsMatch } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { EngineError, throwIfAborted } from '../format/engine-error.ts';
import type { FilterReport, SearchRequest } from '../format/search-types.ts';

/** A database's ranked hits, best first; consensus hits carry their three component scores. */
export interface RankedHits {
  rows: Uint32Array;
  similarities: Float64Array;
  components?: { morgan: Float64Array; shape: Float64Array; electrostatic: Float64Array };
}

/** The per-molecule checks of a search: a required substructure and the PAINS exclusion. */
export interface StructureChecks {
  passes(smiles: string): boolean;
  close(): void;
}

/** Candidates checked between two looks at the abort signal and progress (PAINS costs about 8 ms a molecule). */
const CHECK_SLICE = 32;

/** The request's structure checks, or undefined when it has none; a substructure that parses as neither SMILES nor SMARTS is refused. */
export async function structureChecks(request: SearchRequest): Promise<StructureChecks | undefined> {
  const excludePains = request.filters?.excludePains === true;
  if (request.substructure === undefined && !excludePains) return undefined;
  await loadRDKit();
  let substructure: SubstructureMatcher | undefined;
  if (request.substructure !== undefined) {
    const check = checkSubstructure(request.substructure);
    if (!check.ok) throw new EngineError('INVALID_REQUEST', check.message);
    substructure = new SubstructureMatcher(request.substructure);
  }
  return {
    passes: (smiles) => (substructure === undefined || substructure.matches(smiles)) && !(excludePains && painsMatch(smiles) !== undefined),
    close: () => substructure?.close(),
  };
}

/** The SMILES of some catalogue rows, in their order: read here from the catalogue, or from the search nodes holding them. */
export type SmilesReader = (rows: readonly number[]) => Promise<string[]>;

/** The SMILES reader of a catalogue in this process. */
export function catalogueSmiles(catalogue: Catalogue): SmilesReader {
  return (rows) => Promise.resolve(rows.map((row) => catalogue.smiles(row)));
}

/** Candidates whose SMILES are read at once: one request to a search node, a few hundred PAINS checks. */
const READ_BLOCK = 512;

/**
 * The first `wanted` hits of `ranked` (best first) whose molecules pass `checks`, checked in score order,
 * and what the checks found. `complete`: `wanted` passed, or every candidate was checked (the ranking had
 * fewer rows than `rankLimit`, so it held them all): fewer hits then means the database has no more.
 */
export async function keepPassing(
  ranked: RankedHits,
  smilesOf: SmilesReader,
  checks: StructureChecks,
  options: { wanted: number; rankLimit: number; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<{ hits: RankedHits; report: NonNullable<FilterReport['structure']> }> {
  const kept: number[] = [];
  let checked = 0;
  let block: { from: number; smiles: string[] } = { from: 0, smiles: [] };
  while (checked < ranked.rows.length && kept.length < options.wanted) {
    throwIfAborted(options.signal, 'The search');
    if (checked >= block.from + block.smiles.length) {
      const rows = Array.from(ranked.rows.subarray(checked, checked + READ_BLOCK));
      block = { from: checked, smiles: await smilesOf(rows) };
      if (block.smiles.length !== rows.length) throw new EngineError('WORKER_FAILED', `Read ${block.smiles.length} SMILES for ${rows.length} candidates.`);
    }
    const end = Math.min(ranked.rows.length, checked + CHECK_SLICE, block.from + block.smiles.length);
    for (; checked < end && kept.length < options.wanted; checked++) {
      if (checks.passes(block.smiles[checked - block.from]!)) kept.push(checked);
    }
    options.onProgress?.(checked / ranked.rows.length);
    // Lets the abort signal and progress writes through between slices.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const pick = <T extends Uint32Array | Float64Array>(values: T): T => values.filter((_, i) => keptSet.has(i)) as T;
  const keptSet = new Set(kept);
  const components = ranked.components && { morgan: pick(ranked.components.morgan), shape: pick(ranked.components.shape), electrostatic: pick(ranked.components.electrostatic) };
  const complete = kept.length >= options.wanted || (checked === ranked.rows.length && ranked.rows.length < options.rankLimit);
  return {
    hits: { rows: pick(ranked.rows), similarities: pick(ranked.similarities), ...(components ? { components } : {}) },
    report: { checked, kept: kept.length, complete },
  };
}
