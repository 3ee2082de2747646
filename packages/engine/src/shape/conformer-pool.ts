import { randomUUID } from 'node:crypto';
import type { MolGraph, RemoteAttempt } from '@molsearch/chem';
import type { ConformerEmbedder } from '../features/shape-features.ts';
import { WorkerPool } from '../pool/worker-pool.ts';

export interface EmbedRequest {
  /** Names the molecule across its attempts: a worker keeps the embedder of the last key it saw. */
  key: string;
  graph: MolGraph;
  seed: number;
  attempt: number;
  /** Milliseconds left of the molecule's time budget. */
  budgetMs: number;
}

export interface EmbedReply {
  attempt: RemoteAttempt;
}

/** Worker threads that embed a query's conformer attempts, so its 30 conformers take both cores. */
export type ConformerPool = WorkerPool<EmbedRequest, EmbedReply>;

export function createConformerPool(threads: number): ConformerPool {
  return new WorkerPool<EmbedRequest, EmbedReply>({
    workerUrl: new URL('./conformer-worker.ts', import.meta.url),
    size: Math.max(1, threads),
    name: 'query conformers',
    taskTimeoutMs: 120_000,
  });
}

/** The `embed` of `generateConformersWith` for one molecule on `pool`. */
export function embedOn(pool: ConformerPool, graph: MolGraph, seed: number): (attempt: number, budgetMs: number) => Promise<RemoteAttempt> {
  const key = randomUUID();
  return async (attempt, budgetMs) => (await pool.run({ key, graph, seed, attempt, budgetMs })).attempt;
}

/** Embeds on `pool`: two attempts a thread in flight keep both busy while the next result is collected. */
export function poolEmbedder(pool: ConformerPool): ConformerEmbedder {
  return { embedFor: (graph, seed) => embedOn(pool, graph, seed), inFlight: 2 * pool.size };
}
