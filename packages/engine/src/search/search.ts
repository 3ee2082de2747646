import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { catalogueChargeModel, chargeModelKey } from '../features/charge-model.ts';
import { EngineError, abortedError, asEngineError } from '../format/engine-error.ts';
import { MAX_SEARCH_LIMIT, RANGE_FILTERS, SEARCH_METHODS, SEARCH_QUALITIES, STRUCTURE_MAX_CANDIDATES, STRUCTURE_MAX_HITS } from '../format/search-types.ts';
import type { DatabaseHits, FilterReport, SearchMethod, SearchOptions, SearchRequest, SearchResult } from '../format/search-types.ts';
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
import { propertyMask } from './property-mask.ts';
import { keepPassing, structureChecks } from './structure-filter.ts';
import type { RankedHits, StructureChecks } from './structure-filter.ts';
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
 * built as its own molecules were.
 */
export async function search(request: SearchRequest, options: EngineSearchOptions): Promise<SearchResult> {
  checkRequest(request);
  const method = request.method;
  // Every catalogue is opened (and checked) before any work, so a bad id fails at once.
  const catalogues = await Promise.all(request.databases.map((database) => openCatalogue(options.dataDir, database)));
  const without3d = catalogues.find((catalogue) => method !== 'morgan' && !catalogue.shape);
  if (without3d) {
    throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${without3d.id} has no 3D index for ${method}: re-import it with 3D columns (molsearch import --3d).`);
  }
  const threads = options.threads ?? 2;
  const queries = await searchQueries(request.smiles, method, catalogues, threads).catch((error: unknown) => {
    throw asEngineError(error) ?? error;
  });
  const checks = await structureChecks(request);
  try {
    return { querySmiles: queries.smiles, method: request.method, quality: request.quality, databases: await searchDatabases(request, options, catalogues, queries, checks) };
  } finally {
    checks?.close();
  }
}

/**
 * Each database in turn. Property filters mask the rows a search may return, so ranking only sees rows
 * that pass; structure checks then take the ranked hits in score order (up to STRUCTURE_MAX_CANDIDATES)
 * and keep the first that pass (up to STRUCTURE_MAX_HITS), reporting whether any candidate went unchecked.
 */
async function searchDatabases(request: SearchRequest, options: EngineSearchOptions, catalogues: Catalogue[], queries: SearchQueries, checks: StructureChecks | undefined): Promise<DatabaseHits[]> {
  const method = request.method;
  const threads = options.threads ?? 2;
  const rankLimit = checks ? STRUCTURE_MAX_CANDIDATES : request.limit;
  const uses3d = method !== 'morgan';
  const pool = method === 'morgan' || method === 'consensus' ? (threads > 1 ? searchPool(threads) : undefined) : undefined;
  const shapePool = uses3d && threads > 1 ? rescorePool(threads) : undefined;
  const shapeGridPool = uses3d && threads > 1 ? gridPool(threads) : undefined;
  const databases: DatabaseHits[] = [];
  const total = request.databases.length;
  for (const [index, database] of request.databases.entries()) {
    if (options.signal?.aborted) throw abortedError('The search');
    const report = (fraction: number): void => {
      options.onProgress?.({ database, percent: Math.round(((index + fraction) / total) * 1000) / 10, message: `Searching in ${database}` });
    };
    const rankShare = checks ? 0.5 : 1;
    const rankReport = (fraction: number): void => report(rankShare * fraction);
    report(0);
    const catalogue = catalogues[index]!;
    const threshold = request.threshold ?? 0;
    const mask = await propertyMask(catalogue, request.filters);
    const masked = mask ? { mask: mask.rows } : {};
    const limit = rankLimit;
    const shape = uses3d ? queries.shape.get(chargeModelKey(catalogueChargeModel(catalogue.manifest.shape!)))! : undefined;
    let hits: RankedHits;
    if (method === 'morgan') {
      hits = await morganScan(await fingerprintColumn(catalogue), catalogue.version, queries.morgan!.fingerprint, { limit, threshold, ...masked, kernel: options.kernel, pool, signal: options.signal, onProgress: rankReport });
    } else if (method === 'consensus') {
      hits = await consensusSearch(catalogue, queries.morgan!, shape!, {
        quality: request.quality, limit, threshold, ...masked, signal: options.signal, onProgress: rankReport, pool: shapePool, gridPool: shapeGridPool, scanPool: pool, kernel: options.kernel,
      });
    } else {
      hits = await shapeSearch(catalogue, shape!, { method, quality: request.quality, limit, threshold, ...masked, signal: options.signal, onProgress: rankReport, pool: shapePool, gridPool: shapeGridPool });
    }
    const filtering: FilterReport = mask ? { passing: mask.passing } : {};
    if (checks) {
      const kept = await keepPassing(hits, catalogue, checks, {
        wanted: Math.min(request.limit, STRUCTURE_MAX_HITS), rankLimit, signal: options.signal, onProgress: (fraction) => report(rankShare + (1 - rankShare) * fraction),
      });
      hits = kept.hits;
      filtering.structure = kept.report;
    }
    report(1);
    const similarities = Float32Array.from(hits.similarities);
    const components = hits.components && {
      morgan: Float32Array.from(hits.components.morgan),
      shape: Float32Array.from(hits.components.shape),
      electrostatic: Float32Array.from(hits.components.electrostatic),
    };
    databases.push({ database, rows: hits.rows, similarities, histogram: similarityHistogram(similarities), ...(components ? { components } : {}), ...(mask || checks ? { filtering } : {}) });
  }
  return databases;
}

interface SearchQueries {
  smiles: string;
  morgan?: MorganQuery;
  /** The 3D query per charge-model key of the catalogues searched. */
  shape: Map<string, ShapeQuery>;
}

/** Every query form the search needs, built before any catalogue is searched so a bad query fails at once. */
async function searchQueries(smiles: string, method: SearchMethod, catalogues: readonly Catalogue[], threads: number): Promise<SearchQueries> {
  const morgan = method === 'morgan' || method === 'consensus' ? await morganQuery(smiles) : undefined;
  const shape = new Map<string, ShapeQuery>();
  if (method !== 'morgan') {
    const conformers = threads > 1 ? conformerPool(threads) : undefined;
    for (const catalogue of catalogues) {
      const model = catalogueChargeModel(catalogue.manifest.shape!);
      const key = chargeModelKey(model);
      if (!shape.has(key)) shape.set(key, await shapeQuery(smiles, conformers, model));
    }
  }
  return { smiles: morgan?.smiles ?? shape.values().next().value!.smiles, ...(morgan ? { morgan } : {}), shape };
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
