import { connectNats, openRegistry } from '@molsearch/cluster';
import type { Store } from '../store/database.ts';
import type { HitScoring } from '../search/hit-scoring.ts';
import type { SearchEngine } from '../search/search-engine.ts';
import { createClusterEngine, registryReader } from './cluster-engine.ts';
import { clusterHitScoring } from './cluster-hit-scoring.ts';
import { ClusterRowRepository } from './cluster-row.repository.ts';

/** How this API server reaches the search nodes (config.ts: NATS_URL and the part timeouts). */
export interface ClusterConfig {
  /** NATS server URLs, comma-separated. */
  natsUrl: string;
  attemptMs: number;
  partDeadlineMs: number;
  /** PARTIAL_RESULTS=fail: a search fails when some part has no live node, instead of succeeding partial. */
  failOnPartial: boolean;
}

/**
 * Connects to NATS and opens the catalogue registry, and returns the engine that searches through the
 * search nodes and the hit scoring that asks them; closing the engine drains the connection.
 */
export async function connectCluster(config: ClusterConfig, store: Store, options: { catalogueConfig: string; threads: number; name: string }): Promise<{ engine: SearchEngine; scoring: HitScoring }> {
  const nc = await connectNats(config.natsUrl, options.name);
  // An open connection would keep the process running after the error is reported.
  const registry = await openRegistry(nc).catch(async (error: unknown) => {
    await nc.close().catch(() => undefined);
    throw error;
  });
  const engine = createClusterEngine({
    nc, registry, rows: new ClusterRowRepository(store.db), catalogueConfig: options.catalogueConfig, threads: options.threads, attemptMs: config.attemptMs, partDeadlineMs: config.partDeadlineMs, failOnPartial: config.failOnPartial,
  });
  const scoring = clusterHitScoring({ nc, registry: registryReader(registry), threads: options.threads, attemptMs: config.attemptMs, deadlineMs: config.partDeadlineMs });
  return {
    engine: {
      ...engine,
      close: async () => {
        await engine.close();
        await nc.drain();
      },
    },
    scoring,
  };
}
