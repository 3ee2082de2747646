import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { CATALOGUE_SHAPE } from '../features/shape-features.ts';
import type { SearchMethod } from '../format/search-types.ts';
import { prepareQuery, searchPart } from './search.ts';

/** The molecule warm-up searches look for: small, drug-like, quick to embed (paracetamol). */
const WARM_UP_SMILES = 'CC(=O)Nc1ccc(O)cc1';

/** What a warm-up searched, or for warmUpQuery the methods whose query forms it built. */
export interface WarmUp {
  /** The catalogue's id (a part's catalogue id, for a part); none when no catalogue was searched. */
  database?: string;
  methods: SearchMethod[];
  /** How long it took, to a tenth of a second. */
  seconds: number;
}

/**
 * Runs fast searches of WARM_UP_SMILES on the worker pools that every later search of `threads` threads
 * shares, and throws their results away: in the smallest of `catalogues` with 3D columns an electrostatic
 * search (the query's conformers, stage 1's shape and charge grids, the exact scorer) and a Morgan search, in
 * the smallest when none has them a Morgan search; the first part of a catalogue imported in parts (which
 * consensus does not search, and whose searches run the same code). Stops with the search's abort error once
 * `signal` aborts. Undefined when `catalogues` is empty.
 *
 * A process's first 3D search otherwise pays for starting the grid and re-scoring workers, compiling their
 * WebAssembly and optimising their JavaScript: at the 100,000 Chemspace rows walked as a graph, readied, a
 * process's first fast shape search took 2.09 s, the same search again 0.87–0.93 s, and the first after a
 * warm-up 1.02 s (`npm run bench -- first-search`). The code warmed is the same whatever the catalogue's size,
 * so the smallest warms it fastest.
 */
export async function warmUpSearch(catalogues: readonly Catalogue[], threads: number, signal?: AbortSignal): Promise<WarmUp | undefined> {
  const withModels = catalogues.filter((catalogue) => catalogue.manifest.shape !== undefined);
  const [chosen] = (withModels.length > 0 ? withModels : [...catalogues]).sort((a, b) => a.count - b.count);
  if (!chosen) return undefined;
  const started = performance.now();
  const searched = chosen.parts?.[0] ?? chosen;
  const methods: SearchMethod[] = searched.manifest.shape ? ['espsim_electrostatic', 'morgan'] : ['morgan'];
  // One query serves both searches: consensus's forms are the Morgan and the 3D ones.
  const query = await prepareQuery(WARM_UP_SMILES, searched.manifest.shape ? 'consensus' : 'morgan', [searched.manifest.shape], threads);
  for (const method of methods) await searchPart(searched, query, { method, quality: 'fast', limit: 1, threshold: 0, threads, signal });
  return { database: chosen.id, methods, seconds: secondsSince(started) };
}

/**
 * Builds WARM_UP_SMILES's query forms for every method, the 3D ones as catalogues imported today are built
 * (CATALOGUE_SHAPE): the chemistry loaded and the conformer workers of `threads` threads started. An API
 * server whose searches run on search nodes prepares each query itself and searches nothing here: carprofen's
 * electrostatic query took 0.68–0.70 s to build in a new process, 0.08–0.10 s after this warm-up (0.6–0.7 s),
 * and 0.06–0.07 s built again (two processes each, a one-off script).
 */
export async function warmUpQuery(threads: number): Promise<WarmUp> {
  const started = performance.now();
  await prepareQuery(WARM_UP_SMILES, 'consensus', [CATALOGUE_SHAPE], threads);
  return { methods: ['consensus'], seconds: secondsSince(started) };
}

function secondsSince(started: number): number {
  return Number(((performance.now() - started) / 1000).toFixed(1));
}
