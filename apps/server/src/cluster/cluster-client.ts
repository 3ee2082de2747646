import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HitScoring } from '../search/hit-scoring.ts';
import type { SearchEngine } from '../search/search-engine.ts';
import { openStore } from '../store/database.ts';
import { connectCluster } from './cluster-connection.ts';
import type { ClusterConfig } from './cluster-connection.ts';

/** Searches through the search nodes of a NATS cluster from a command line, with no API server. */
export interface ClusterClient {
  engine: SearchEngine;
  scoring: HitScoring;
  close(): Promise<void>;
}

/**
 * The cluster engine for one command: the rows of the hits it reads from the nodes are kept in a scratch
 * SQLite store that lives as long as the client, so the command reads them as an API server's pages do.
 */
export async function openClusterClient(config: ClusterConfig, options: { threads: number; name: string }): Promise<ClusterClient> {
  const scratch = await mkdtemp(join(tmpdir(), 'molsearch-cluster-client-'));
  const store = await openStore({ dataDir: scratch, databaseUrl: undefined });
  try {
    const { engine, scoring } = await connectCluster(config, store, { catalogueConfig: join(scratch, 'catalogues.json'), threads: options.threads, name: options.name });
    return {
      engine,
      scoring,
      async close() {
        await engine.close();
        await store.close();
        await rm(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await store.close();
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}
