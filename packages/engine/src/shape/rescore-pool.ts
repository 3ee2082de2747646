import { randomUUID } from 'node:crypto';
import type { Model3D, ScoreMethod } from '@molsearch/chem';
import { abortedError } from '../format/engine-error.ts';
import { WorkerPool } from '../pool/worker-pool.ts';
import { scoreModels } from './rescore-models.ts';

export interface RescoreRequest {
  /** Posted as is (structured clone keeps every float), so workers score exactly what this thread would. */
  query: Model3D;
  /**
   * Names the query across the chunks of one re-scoring: a worker keeps the query of the last key it saw,
   * so what the scorer derives from it once (frames, packed conformers, self-overlaps) serves every chunk.
   */
  queryKey: string;
  method: ScoreMethod;
  /** Encoded compact models back to back; model i is bytes offsets[i]..offsets[i + 1]. */
  models: Uint8Array;
  offsets: Uint32Array;
}

export interface RescoreResult {
  /** Exact 3D score per model; NaN where a model is empty (no conformer). */
  similarities: Float64Array;
}

/** Worker threads for stage 2 of the 3D searches: the exact re-scoring of candidates. */
export type RescorePool = WorkerPool<RescoreRequest, RescoreResult>;

export function createRescorePool(threads: number): RescorePool {
  return new WorkerPool<RescoreRequest, RescoreResult>({
    workerUrl: new URL('./rescore-worker.ts', import.meta.url),
    size: Math.max(1, threads),
    name: '3D re-scoring',
    taskTimeoutMs: 600_000,
  });
}

export interface RescoreOptions {
  pool?: RescorePool;
  signal?: AbortSignal;
  /** Fraction 0..1 of the models scored. */
  onProgress?: (fraction: number) => void;
  /** Models per task: small enough for progress and cancellation, large enough to amortise a message. */
  chunk?: number;
}

const DEFAULT_CHUNK = 48;

/**
 * Exact scores of `models` against `query`, in order. With a pool the models are cut into chunks that
 * the workers take as they free up; without one they are scored here, yielding between chunks. Both
 * give the same numbers: the same scorer on the same inputs.
 */
export async function rescoreModels(query: Model3D, method: ScoreMethod, models: Uint8Array[], options: RescoreOptions = {}): Promise<Float64Array> {
  const chunk = Math.max(1, options.chunk ?? DEFAULT_CHUNK);
  const queryKey = randomUUID();
  const similarities = new Float64Array(models.length);
  let done = 0;
  const runChunk = async (start: number): Promise<void> => {
    const part = models.slice(start, start + chunk);
    const scored = options.pool ? (await options.pool.run(packModels(query, queryKey, method, part))).similarities : await scoreHere(query, queryKey, method, part);
    if (options.signal?.aborted) throw abortedError('The search');
    similarities.set(scored, start);
    done += part.length;
    options.onProgress?.(done / Math.max(1, models.length));
  };
  const starts = Array.from({ length: Math.ceil(models.length / chunk) }, (_, i) => i * chunk);
  if (options.pool) await Promise.all(starts.map(runChunk));
  else for (const start of starts) await runChunk(start);
  return similarities;
}

async function scoreHere(query: Model3D, queryKey: string, method: ScoreMethod, models: Uint8Array[]): Promise<Float64Array> {
  // Let cancellation and progress through between chunks.
  await new Promise((resolve) => setImmediate(resolve));
  return scoreModels(packModels(query, queryKey, method, models)).similarities;
}

function packModels(query: Model3D, queryKey: string, method: ScoreMethod, models: Uint8Array[]): RescoreRequest {
  const offsets = new Uint32Array(models.length + 1);
  models.forEach((model, i) => (offsets[i + 1] = offsets[i]! + model.byteLength));
  const bytes = new Uint8Array(offsets[models.length]!);
  models.forEach((model, i) => bytes.set(model, offsets[i]!));
  return { query, queryKey, method, models: bytes, offsets };
}
