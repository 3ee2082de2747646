import { randomUUID } from 'node:crypto';
import type { ElectrostaticForm, Model3D, ScoreMethod } from '@molsearch/chem';
import type { ShapeColumns } from '../catalogue/catalogue-reader.ts';
import { throwIfAborted } from '../format/engine-error.ts';
import { packBytes } from '../format/packed-bytes.ts';
import { WorkerPool } from '../pool/worker-pool.ts';
import { poseModels, scoreModels } from './rescore-models.ts';

/** Compact models of one query's candidates, as a re-scoring task carries them. */
interface ModelsTask {
  /** Posted as is (structured clone keeps every float), so workers score exactly what this thread would. */
  query: Model3D;
  /**
   * Names the query across the chunks of one job: a worker keeps the query of the last key it saw, so
   * what the scorer derives from it once (frames, packed conformers, self-overlaps) serves every chunk.
   */
  queryKey: string;
  method: ScoreMethod;
  /** How the electrostatic score is formed (the catalogue's, charge-model.ts). */
  form: ElectrostaticForm;
  /** Encoded compact models back to back; model i is bytes offsets[i]..offsets[i + 1]. */
  models: Uint8Array;
  offsets: Uint32Array;
}

/** Exact scores of the models (stage 2 of the 3D searches). */
export interface ScoreTask extends ModelsTask {
  kind: 'score';
  /** Also return both 3D scores of each model, from the one alignment that gives its `method` score. */
  components?: boolean;
}

/** Each model aligned on the query at its best-shape pose, written as a molblock (3D downloads). */
export interface PoseTask extends ModelsTask {
  kind: 'pose';
  /** The catalogue SMILES of each model, whose molblock the pose is written into. */
  smiles: string[];
  titles: string[];
}

export type RescoreRequest = ScoreTask | PoseTask;

export interface ScoreResult {
  /** Exact 3D score per model; NaN where a model is empty (no conformer). */
  similarities: Float64Array;
  /** With `components`: the shape Tanimoto and the electrostatic score per model at the same pose (NaN likewise). */
  shape?: Float64Array;
  electrostatic?: Float64Array;
}

export interface PoseResult {
  /** One molblock per model; null where a model is empty. */
  molblocks: (string | null)[];
}

export type RescoreResult = ScoreResult | PoseResult;

/** Worker threads for the exact 3D work on candidates: stage-2 re-scoring, and the aligned poses of downloads. */
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
  /** How the electrostatic score is formed: the catalogue's form (charge-model.ts); Carbó, chem's default, when not given. */
  electrostaticForm?: ElectrostaticForm;
  pool?: RescorePool;
  signal?: AbortSignal;
  /** Fraction 0..1 of the models done. */
  onProgress?: (fraction: number) => void;
  /** Models per task: small enough for progress and cancellation, large enough to amortise a message. */
  chunk?: number;
}

const DEFAULT_CHUNK = 48;

/** Encoded models to score, taken a chunk at a time: an array of them, or `rowModels`. */
export interface ModelList {
  readonly length: number;
  slice(start: number, end: number): Uint8Array[];
}

/**
 * The models of a catalogue's `rows`, each chunk read from the file as it is sent to a worker, so that
 * reading overlaps the scoring of the chunks before it: read all before the first was sent, the 35,000
 * candidates of a very accurate shape search kept this thread 140-200 ms (4-6 µs a model) while the
 * workers waited.
 */
export function rowModels(columns: Pick<ShapeColumns, 'model'>, rows: ArrayLike<number>): ModelList {
  return { length: rows.length, slice: (start, end) => Array.from({ length: end - start }, (_, i) => columns.model(rows[start + i]!)) };
}

/**
 * Exact scores of `models` against `query`, in order. With a pool the models are cut into chunks that
 * the workers take as they free up; without one they are scored here, yielding between chunks. Both
 * give the same numbers: the same scorer on the same inputs.
 */
export async function rescoreModels(query: Model3D, method: ScoreMethod, models: ModelList, options: RescoreOptions = {}): Promise<Float64Array> {
  const queryKey = randomUUID();
  const similarities = new Float64Array(models.length);
  await inChunks(models.length, options, 'The search', async (start, end) => {
    const task: ScoreTask = { kind: 'score', ...packModels(query, queryKey, method, options, models.slice(start, end)) };
    similarities.set((await run(task, options.pool)).similarities, start);
  });
  return similarities;
}

/** Both exact 3D scores of every model, from one alignment each: the shape Tanimoto and the electrostatic score. */
export async function rescoreComponents(query: Model3D, models: ModelList, options: RescoreOptions = {}): Promise<{ shape: Float64Array; electrostatic: Float64Array }> {
  const queryKey = randomUUID();
  const shape = new Float64Array(models.length);
  const electrostatic = new Float64Array(models.length);
  await inChunks(models.length, options, 'The search', async (start, end) => {
    const task: ScoreTask = { kind: 'score', components: true, ...packModels(query, queryKey, 'espsim_electrostatic', options, models.slice(start, end)) };
    const result = await run(task, options.pool);
    shape.set(result.shape!, start);
    electrostatic.set(result.electrostatic!, start);
  });
  return { shape, electrostatic };
}

/** A candidate to pose: its encoded model, its catalogue SMILES and the title of its record. */
export interface PoseCandidate {
  model: Uint8Array;
  smiles: string;
  title: string;
}

/**
 * The molblock of each candidate aligned on `query` at its best-shape pose, in order; undefined for a
 * candidate without a model. Chunks run on the pool's workers as for `rescoreModels`, or here.
 */
export async function poseCandidates(query: Model3D, method: ScoreMethod, candidates: readonly PoseCandidate[], options: RescoreOptions = {}): Promise<(string | undefined)[]> {
  const queryKey = randomUUID();
  const molblocks = new Array<string | undefined>(candidates.length);
  await inChunks(candidates.length, options, 'Aligning the hits', async (start, end) => {
    const part = candidates.slice(start, end);
    const task: PoseTask = {
      kind: 'pose',
      ...packModels(query, queryKey, method, options, part.map((candidate) => candidate.model)),
      smiles: part.map((candidate) => candidate.smiles),
      titles: part.map((candidate) => candidate.title),
    };
    (await run(task, options.pool)).molblocks.forEach((molblock, i) => (molblocks[start + i] = molblock ?? undefined));
  });
  return molblocks;
}

async function run(task: ScoreTask, pool: RescorePool | undefined): Promise<ScoreResult>;
async function run(task: PoseTask, pool: RescorePool | undefined): Promise<PoseResult>;
async function run(task: RescoreRequest, pool: RescorePool | undefined): Promise<RescoreResult> {
  // The packed models are this task's own: moved to the worker rather than copied.
  if (pool) return pool.run(task, { transfer: [task.models.buffer as ArrayBuffer, task.offsets.buffer as ArrayBuffer] });
  // Let cancellation and progress through between chunks.
  await new Promise((resolve) => setImmediate(resolve));
  return task.kind === 'score' ? scoreModels(task) : poseModels(task);
}

/**
 * Runs `work` over consecutive chunks of `total` items: here one after another, or with a pool two
 * chunks a worker in flight, which keeps every worker busy while no more is queued than a cancellation
 * or a failure has to wait for. Checks `signal` before each chunk and reports the fraction done after it.
 */
async function inChunks(total: number, options: RescoreOptions, what: string, work: (start: number, end: number) => Promise<void>): Promise<void> {
  const chunk = Math.max(1, options.chunk ?? DEFAULT_CHUNK);
  let next = 0;
  let done = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (next < total && !failed) {
      throwIfAborted(options.signal, what);
      const start = next;
      const end = Math.min(total, start + chunk);
      next = end;
      await work(start, end);
      throwIfAborted(options.signal, what);
      done += end - start;
      options.onProgress?.(done / total);
    }
  };
  const lanes = Array.from({ length: options.pool ? 2 * options.pool.size : 1 }, () =>
    lane().catch((error: unknown) => {
      // The other lanes finish the chunk they have and take no more.
      failed = true;
      throw error;
    }),
  );
  await Promise.all(lanes);
}

function packModels(query: Model3D, queryKey: string, method: ScoreMethod, options: RescoreOptions, models: Uint8Array[]): ModelsTask {
  const { bytes, offsets } = packBytes(models);
  return { query, queryKey, method, form: options.electrostaticForm ?? 'carbo', models: bytes, offsets };
}
