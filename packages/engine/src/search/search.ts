import type { ScoreMethod } from '@molsearch/chem';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { EngineError, abortedError, asEngineError } from '../format/engine-error.ts';
import { MAX_SEARCH_LIMIT, SEARCH_METHODS, SEARCH_QUALITIES } from '../format/search-types.ts';
import type { DatabaseHits, SearchOptions, SearchRequest, SearchResult } from '../format/search-types.ts';
import type { KernelKind } from '../morgan/common-bits-kernel.ts';
import { fingerprintColumn } from '../morgan/morgan-column.ts';
import { morganQuery } from '../morgan/morgan-query.ts';
import { morganScan } from '../morgan/morgan-scan.ts';
import { shapeQuery } from '../shape/shape-query.ts';
import { shapeSearch } from '../shape/shape-search.ts';
import { similarityHistogram } from './histogram.ts';
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
 * histogram: Morgan Tanimoto over the whole catalogue (BitBound), or for the 3D methods the 3D
 * scorer's score of the stage-1 candidates (see shape-search.ts).
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
  const query = await searchQuery(request.smiles, method, threads).catch((error: unknown) => {
    throw asEngineError(error) ?? error;
  });
  const pool = method === 'morgan' && threads > 1 ? searchPool(threads) : undefined;
  const shapePool = method !== 'morgan' && threads > 1 ? rescorePool(threads) : undefined;
  const shapeGridPool = method !== 'morgan' && threads > 1 ? gridPool(threads) : undefined;
  const databases: DatabaseHits[] = [];
  const total = request.databases.length;
  for (const [index, database] of request.databases.entries()) {
    if (options.signal?.aborted) throw abortedError('The search');
    const report = (fraction: number): void => {
      options.onProgress?.({ database, percent: Math.round(((index + fraction) / total) * 1000) / 10, message: `Searching in ${database}` });
    };
    report(0);
    const catalogue = catalogues[index]!;
    const threshold = request.threshold ?? 0;
    const hits =
      'fingerprint' in query
        ? await morganScan(await fingerprintColumn(catalogue), catalogue.version, query.fingerprint, { limit: request.limit, threshold, kernel: options.kernel, pool, signal: options.signal, onProgress: report })
        : await shapeSearch(catalogue, query, { method: method as ScoreMethod, quality: request.quality, limit: request.limit, threshold, signal: options.signal, onProgress: report, pool: shapePool, gridPool: shapeGridPool });
    report(1);
    const similarities = Float32Array.from(hits.similarities);
    databases.push({ database, rows: hits.rows, similarities, histogram: similarityHistogram(similarities) });
  }
  return { querySmiles: query.smiles, method: request.method, quality: request.quality, databases };
}

function searchQuery(smiles: string, method: SearchRequest['method'], threads: number) {
  return method === 'morgan' ? morganQuery(smiles) : shapeQuery(smiles, threads > 1 ? conformerPool(threads) : undefined);
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
}
