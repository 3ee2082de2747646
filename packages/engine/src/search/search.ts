import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { catalogueChargeModel, chargeModelKey } from '../features/charge-model.ts';
import { EngineError, abortedError, asEngineError } from '../format/engine-error.ts';
import { MAX_SEARCH_LIMIT, RANGE_FILTERS, SEARCH_METHODS, SEARCH_QUALITIES, STRUCTURE_MAX_CANDIDATES, STRUCTURE_MAX_HITS } from '../format/search-types.ts';
import type { DatabaseHits, FilterReport, SearchMethod, SearchOptions, SearchRequest, SearchResult } from '../format/search-types.ts';
import type { ManifestShape } from '../format/catalogue-format.ts';
import type { KernelKind } from '../morgan/common-bits-kernel.ts';
import { fingerprintColumn } from '../morgan/morgan-column.ts';
import { morganQuery } from '../morgan/morgan-query.ts';
import type { MorganQuery } from '../morgan/morgan-query.ts';
import { morganScan } from '../morgan/morgan-scan.ts';
import { shapeQuery } from '../shape/shape-query.ts';
import { shapeSearch } from '../shape/shape-search.ts';
import type { ShapeQuery } from '../shape/shape-query.ts';
import { consensusSearch } from './consensus-search.ts';
import { similarityHistogram } from './histogram.ts';
import { mergePartHits } from './merge-hits.ts';
import { propertyMask } from './property-mask.ts';
import { catalogueSmiles, keepPassing, structureChecks } from './structure-filter.ts';
import type { StructureChecks } from './structure-filter.ts';
import type { PartHits } from './merge-hits.ts';
import { conformerPool, gridPool, rescorePool, searchPool } from './shared-pools.ts';

/** Where catalogues live and how to scan them; the server and CLI pass these, the engine reads no environment. */
export interface EngineSearchOptions extends SearchOptions {
  dataDir: string;
  /** Scan threads: 1 scans on the calling thread, more use the shared worker pool. Default 2. */
  threads?: number;
  kernel?: KernelKind;
}

/**
 * Runs one search over each requested catalogue in turn, reporting "Searching in {database}" with
 * the overall percentage. Each database's hits carry exact scores, best first, with a 50-bin
 * histogram: Morgan Tanimoto over the whole catalogue (BitBound); for the 3D methods the 3D scorer's
 * score of the stage-1 candidates (see shape-search.ts); for consensus the fusion of the three exact
 * scores (score-fusion.ts), which are returned beside it as `components`. A 3D query is built once per
 * charge model among the catalogues (charge-model.ts), so each catalogue is searched with a query
 * built as its own molecules were. A catalogue imported in parts is searched part by part and their
 * hits merged (merge-hits.ts), with rows in the joined numbering of catalogue-parts.ts.
 */
export async function search(request: SearchRequest, options: EngineSearchOptions): Promise<SearchResult> {
  checkRequest(request);
  const method = request.method;
  // Every catalogue is opened (and checked) before any work, so a bad id fails at once.
  const catalogues = await Promise.all(request.databases.map((database) => openCatalogue(options.dataDir, database)));
  for (const catalogue of catalogues) checkSearchable(catalogue, method);
  const threads = options.threads ?? 2;
  const query = await prepareQuery(request.smiles, method, catalogues.map((catalogue) => catalogue.manifest.shape), threads);
  const checks = await structureChecks(request);
  try {
    return { querySmiles: query.smiles, method: request.method, quality: request.quality, databases: await searchDatabases(request, options, catalogues, query, checks) };
  } finally {
    checks?.close();
  }
}

/**
 * Each database in turn. Property filters mask the rows each part may return, so ranking only sees rows
 * that pass; structure checks then take the ranked hits in score order (up to STRUCTURE_MAX_CANDIDATES)
 * and keep the first that pass (up to STRUCTURE_MAX_HITS), reporting whether any candidate went unchecked.
 */
async function searchDatabases(request: SearchRequest, options: EngineSearchOptions, catalogues: Catalogue[], query: PreparedQuery, checks: StructureChecks | undefined): Promise<DatabaseHits[]> {
  const method = request.method;
  const threads = options.threads ?? 2;
  const rankLimit = checks ? STRUCTURE_MAX_CANDIDATES : request.limit;
  const databases: DatabaseHits[] = [];
  const total = request.databases.length;
  for (const [index, database] of request.databases.entries()) {
    if (options.signal?.aborted) throw abortedError('The search');
    const report = (fraction: number): void => {
      options.onProgress?.({ database, percent: Math.round(((index + fraction) / total) * 1000) / 10, message: `Searching in ${database}` });
    };
    report(0);
    const catalogue = catalogues[index]!;
    const parts = catalogue.parts ?? [catalogue];
    const rankShare = checks ? 0.5 : 1;
    const found: PartHits[] = [];
    let passing: number | undefined;
    for (const [p, part] of parts.entries()) {
      const mask = await propertyMask(part, request.filters);
      if (mask) passing = (passing ?? 0) + mask.passing;
      const hits = await searchPart(part, query, {
        ...options, method, quality: request.quality, limit: rankLimit, threshold: request.threshold ?? 0, threads, ...(mask ? { mask: mask.rows } : {}),
        onProgress: (fraction) => report((rankShare * (p + fraction)) / parts.length),
      });
      found.push(parts.length > 1 ? { ...hits, rows: hits.rows.map((row) => row + catalogue.partStarts![p]!) } : hits);
    }
    let hits = mergePartHits(found, rankLimit, request.threshold ?? 0);
    const filtering: FilterReport = passing === undefined ? {} : { passing };
    if (checks) {
      const kept = await keepPassing(hits, catalogueSmiles(catalogue), checks, {
        wanted: Math.min(request.limit, STRUCTURE_MAX_HITS), rankLimit, signal: options.signal, onProgress: (fraction) => report(rankShare + (1 - rankShare) * fraction),
      });
      hits = kept.hits;
      filtering.structure = kept.report;
    }
    report(1);
    databases.push({ ...databaseHits(database, hits), ...(passing !== undefined || checks ? { filtering } : {}) });
  }
  return databases;
}

/** A method the catalogue can answer: 3D methods need 3D columns. */
export function checkSearchable(catalogue: Pick<Catalogue, 'id' | 'manifest'>, method: SearchMethod): void {
  if (method !== 'morgan' && !catalogue.manifest.shape) {
    throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index for ${method}: re-import it with 3D columns (molsearch import --3d).`);
  }
}

/** One database's merged hits as the search answers them: float32 scores and their histogram. */
export function databaseHits(database: string, hits: PartHits): DatabaseHits {
  const similarities = Float32Array.from(hits.similarities);
  const components = hits.components && {
    morgan: Float32Array.from(hits.components.morgan),
    shape: Float32Array.from(hits.components.shape),
    electrostatic: Float32Array.from(hits.components.electrostatic),
  };
  return { database, rows: hits.rows, similarities, histogram: similarityHistogram(similarities), ...(components ? { components } : {}) };
}

/** Every query form a search needs, built once before any catalogue (or part) is searched. */
export interface PreparedQuery {
  smiles: string;
  morgan?: MorganQuery;
  /** The 3D query per charge-model key (chargeModelKey) of the catalogues searched. */
  shape: Map<string, ShapeQuery>;
}

/**
 * The query forms of `method` for catalogues of the given 3D builds (their manifests' `shape`): the
 * Morgan fingerprint, and one 3D query per charge model among them. A bad query fails here, at once.
 */
export async function prepareQuery(smiles: string, method: SearchMethod, shapes: readonly (ManifestShape | undefined)[], threads = 2): Promise<PreparedQuery> {
  try {
    const morgan = method === 'morgan' || method === 'consensus' ? await morganQuery(smiles) : undefined;
    const shape = new Map<string, ShapeQuery>();
    if (method !== 'morgan') {
      const conformers = threads > 1 ? conformerPool(threads) : undefined;
      for (const build of shapes) {
        if (!build) continue;
        const model = catalogueChargeModel(build);
        const key = chargeModelKey(model);
        if (!shape.has(key)) shape.set(key, await shapeQuery(smiles, conformers, model));
      }
    }
    const smilesOf = morgan?.smiles ?? shape.values().next().value?.smiles;
    if (smilesOf === undefined) throw new EngineError('METHOD_UNAVAILABLE', `None of the catalogues has a 3D index for ${method}.`);
    return { smiles: smilesOf, ...(morgan ? { morgan } : {}), shape };
  } catch (error) {
    throw asEngineError(error) ?? error;
  }
}

export interface PartSearchOptions extends Omit<EngineSearchOptions, 'dataDir' | 'onProgress'> {
  method: SearchMethod;
  quality: SearchRequest['quality'];
  limit: number;
  threshold: number;
  /** Only rows marked 1 may be hits (property-mask.ts). */
  mask?: Uint8Array;
  onProgress?: (fraction: number) => void;
}

/**
 * One catalogue folder (a whole catalogue or one part) searched with a prepared query: its best
 * `limit` hits with exact scores, best first, rows in its own numbering. Search nodes call this for
 * the parts they serve, with the query the API server prepared.
 */
export async function searchPart(catalogue: Catalogue, query: PreparedQuery, options: PartSearchOptions): Promise<PartHits> {
  const { method, threads = 2 } = options;
  checkSearchable(catalogue, method);
  const pool = (method === 'morgan' || method === 'consensus') && threads > 1 ? searchPool(threads) : undefined;
  const shapePool = method !== 'morgan' && threads > 1 ? rescorePool(threads) : undefined;
  const shapeGridPool = method !== 'morgan' && threads > 1 ? gridPool(threads) : undefined;
  const common = { limit: options.limit, threshold: options.threshold, signal: options.signal, onProgress: options.onProgress, ...(options.mask ? { mask: options.mask } : {}) };
  if (method === 'morgan') {
    return morganScan(await fingerprintColumn(catalogue), catalogue.version, queryForm(query.morgan, method).fingerprint, { ...common, kernel: options.kernel, pool });
  }
  const shape = queryForm(query.shape.get(chargeModelKey(catalogueChargeModel(catalogue.manifest.shape!))), method);
  if (method === 'consensus') {
    // A part's hits are fused again once merged with the other parts' (merge-hits.ts).
    const asPart = catalogue.manifest.part !== undefined;
    return consensusSearch(catalogue, queryForm(query.morgan, method), shape, { ...common, quality: options.quality, pool: shapePool, gridPool: shapeGridPool, scanPool: pool, kernel: options.kernel, asPart });
  }
  return shapeSearch(catalogue, shape, { ...common, method, quality: options.quality, pool: shapePool, gridPool: shapeGridPool });
}

function queryForm<T>(form: T | undefined, method: SearchMethod): T {
  if (form === undefined) throw new EngineError('INVALID_REQUEST', `The prepared query lacks the form a ${method} search of this catalogue needs.`);
  return form;
}

function checkRequest(request: SearchRequest): void {
  if (!SEARCH_METHODS.includes(request.method)) throw new EngineError('INVALID_REQUEST', `Unknown search method "${String(request.method)}".`);
  if (!SEARCH_QUALITIES.includes(request.quality)) throw new EngineError('INVALID_REQUEST', `Unknown search quality "${String(request.quality)}".`);
  if (!Number.isInteger(request.limit) || request.limit < 1 || request.limit > MAX_SEARCH_LIMIT) {
    throw new EngineError('INVALID_REQUEST', `The number of hits must be an integer from 1 to ${MAX_SEARCH_LIMIT}.`);
  }
  if (request.threshold !== undefined && !(request.threshold >= 0 && request.threshold <= 1)) {
    throw new EngineError('INVALID_REQUEST', 'The similarity threshold must be between 0 and 1.');
  }
  if (request.databases.length === 0) throw new EngineError('INVALID_REQUEST', 'Select at least one database.');
  for (const [key, range] of Object.entries(request.filters?.ranges ?? {})) {
    const { min = -Infinity, max = Infinity } = range ?? {};
    if (!(RANGE_FILTERS as readonly string[]).includes(key)) throw new EngineError('INVALID_REQUEST', `Unknown property filter "${key}".`);
    if (Number.isNaN(min) || Number.isNaN(max) || min > max) throw new EngineError('INVALID_REQUEST', `The ${key} filter's minimum must be a number at most its maximum.`);
  }
}
