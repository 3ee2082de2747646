import { encodeSearchRequest, readRegistry } from '@molsearch/cluster';
import type { NatsConnection, RegisteredCatalogue } from '@molsearch/cluster';
import { EngineError, STRUCTURE_MAX_CANDIDATES, STRUCTURE_MAX_HITS, closeSearchPool, databaseHits, keepPassing, prepareQuery, structureChecks, warmUpQuery } from '@molsearch/engine';
import type { DatabaseHits, FilterReport, PreparedQuery, SearchOptions, SearchRequest, SearchResult, StructureChecks } from '@molsearch/engine';
import type { KV } from '@nats-io/kv';
import { readCatalogueConfig } from '../search/catalogue-config.ts';
import type { CatalogueSummary, SearchEngine } from '../search/search-engine.ts';
import type { ClusterRowRepository } from './cluster-row.repository.ts';
import { clusterPoseAligner } from './cluster-pose-aligner.ts';
import { gatherDatabase } from './scatter-gather.ts';

export interface ClusterEngineOptions {
  nc: NatsConnection;
  registry: KV;
  rows: ClusterRowRepository;
  /** config/catalogues.json; without the file, catalogues are listed under their ids. */
  catalogueConfig: string;
  /** Threads building the 3D query here, once per search. */
  threads: number;
  /** How long one replica may take to answer a part's request before it is sent again. */
  attemptMs: number;
  /** How long a part may take in all before it counts as unavailable. */
  partDeadlineMs: number;
  /** A part without a live replica fails the search instead of leaving it partial (PARTIAL_RESULTS=fail). */
  failOnPartial?: boolean;
}

/**
 * The server's SearchEngine over search nodes (apps/node) reached through NATS: catalogues come from the
 * registry bucket; a search prepares its query once here, sends it to every part of every database at
 * once (scatter-gather.ts), merges the exact top hits, and stores the rows of the hits in the store, so
 * pages and downloads read them from there and never need a node; 3D downloads are posed by the parts
 * holding the hits (cluster-pose-aligner.ts).
 */
export function createClusterEngine(options: ClusterEngineOptions): SearchEngine {
  const registry = registryReader(options.registry);

  /** Every part of every catalogue asked at once; the hits merged per catalogue and their rows stored. */
  const gatherAll = async (request: SearchRequest, catalogues: RegisteredCatalogue[], query: PreparedQuery, checks: StructureChecks | undefined, searchOptions: SearchOptions): Promise<SearchResult> => {
    const rankLimit = checks ? STRUCTURE_MAX_CANDIDATES : request.limit;
    const message = encodeSearchRequest({
      method: request.method, quality: request.quality, limit: rankLimit, threshold: request.threshold ?? 0, query, ...(request.filters ? { filters: request.filters } : {}),
    });
    // Progress counts parts answered, over every part of every database.
    const total = catalogues.reduce((n, catalogue) => n + catalogue.of, 0);
    let done = 0;
    const structure = new Map<string, NonNullable<FilterReport['structure']>>();
    const gathered = await Promise.all(
      catalogues.map((catalogue) =>
        gatherDatabase(options.nc, catalogue, message, rankLimit, {
          threshold: request.threshold ?? 0,
          ...(checks
            ? {
                select: async (hits, smilesOf) => {
                  const kept = await keepPassing(hits, smilesOf, checks, { wanted: Math.min(request.limit, STRUCTURE_MAX_HITS), rankLimit, ...(searchOptions.signal ? { signal: searchOptions.signal } : {}) });
                  structure.set(catalogue.database, kept.report);
                  return kept.hits;
                },
              }
            : {}),
          attemptMs: options.attemptMs,
          deadlineMs: options.partDeadlineMs,
          signal: searchOptions.signal,
          onPartDone: () => {
            done++;
            searchOptions.onProgress?.({ database: catalogue.database, percent: Math.round((done / total) * 1000) / 10, message: `Searching in ${catalogue.database}` });
          },
        }),
      ),
    );
    const databases: DatabaseHits[] = [];
    for (const [index, found] of gathered.entries()) {
      const database = request.databases[index]!;
      if (options.failOnPartial && found.missing.length > 0) {
        throw new EngineError('CATALOGUE_NOT_FOUND', `Catalogue ${database}: ${found.missing.length > 1 ? 'parts' : 'part'} ${found.missing.join(', ')} of ${found.of} unavailable (no search node answered).`);
      }
      await options.rows.write(database, found.rows);
      const filtering: FilterReport = { ...(found.passing === undefined ? {} : { passing: found.passing }), ...(structure.has(database) ? { structure: structure.get(database)! } : {}) };
      databases.push({
        ...databaseHits(database, found.hits),
        ...(Object.keys(filtering).length > 0 ? { filtering } : {}),
        ...(found.missing.length > 0 ? { unavailableParts: { missing: found.missing, of: found.of } } : {}),
      });
    }
    return { querySmiles: query.smiles, method: request.method, quality: request.quality, databases };
  };

  return {
    async listCatalogues(): Promise<CatalogueSummary[]> {
      const [catalogues, config] = await Promise.all([registry(), readCatalogueConfig(options.catalogueConfig)]);
      const vendors = new Map(config.vendors.map((vendor) => [vendor.slug, vendor]));
      return [...catalogues.values()]
        .sort((a, b) => a.database.localeCompare(b.database))
        .map((catalogue) => {
          const database = config.databases.find((entry) => entry.id === catalogue.database);
          const vendor = database && vendors.get(database.vendor);
          const count = [...catalogue.parts.values()].reduce((n, part) => n + part.count, 0);
          return {
            id: catalogue.database,
            displayName: database?.displayName ?? catalogue.database,
            vendor: vendor?.name ?? 'Other',
            website: database?.website || vendor?.website || '',
            email: database?.orderEmail ?? 'N/A',
            description: database?.description ?? '',
            badges: database ? [vendor?.name ?? 'Other', database.kind, database.size] : ['Other', count >= 1e9 ? 'Over 1B' : 'Under 1B'],
            count,
          };
        });
    },

    readRows: (database, rows, withProperties) => options.rows.read(database, rows, withProperties),

    async search(request, searchOptions): Promise<SearchResult> {
      const registered = await registry();
      const catalogues = request.databases.map((database) => registeredCatalogue(registered, database, request));
      const shapes = catalogues.flatMap((catalogue) => [...catalogue.parts.values()].map((part) => part.shape));
      const query = await prepareQuery(request.smiles, request.method, shapes, options.threads);
      // Structure checks run here on the merged ranking, in score order, as the single process runs them.
      const checks = await structureChecks(request);
      try {
        return await gatherAll(request, catalogues, query, checks, searchOptions);
      } finally {
        checks?.close();
      }
    },

    poseAligner: (querySmiles, method) =>
      Promise.resolve(method === 'morgan' ? undefined : clusterPoseAligner(querySmiles, method, { nc: options.nc, registry, threads: options.threads, attemptMs: options.attemptMs, deadlineMs: options.partDeadlineMs })),

    // The nodes search and warm their own workers; here only each search's query is built.
    warmUp: () => warmUpQuery(options.threads),

    close: () => closeSearchPool(),
  };
}

/** Reads of the registry tried before a search fails, when no earlier read can stand in. */
const REGISTRY_ATTEMPTS = 5;

/**
 * Reads the registry bucket. While a NATS server is lost the registry's stream may be electing a new
 * leader for a few seconds: the last read stands in, so searches go on (parts are found on their
 * subjects, not through it).
 */
export function registryReader(kv: KV): () => Promise<Map<string, RegisteredCatalogue>> {
  let lastRegistry: Map<string, RegisteredCatalogue> | undefined;
  return async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        lastRegistry = await readRegistry(kv);
        return lastRegistry;
      } catch (error) {
        if (lastRegistry) return lastRegistry;
        if (attempt >= REGISTRY_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
}

/** The registry's record of `database`, checked for what the request needs of it. */
function registeredCatalogue(registry: Map<string, RegisteredCatalogue>, database: string, request: SearchRequest): RegisteredCatalogue {
  const catalogue = registry.get(database);
  if (!catalogue) throw new EngineError('CATALOGUE_NOT_FOUND', `Catalogue ${database} is not served by any search node.`);
  const parts = [...catalogue.parts.values()];
  if (request.method !== 'morgan' && parts.some((part) => !part.shape)) {
    throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${database} has no 3D index for ${request.method}: re-import it with 3D columns (molsearch import --3d).`);
  }
  return catalogue;
}
