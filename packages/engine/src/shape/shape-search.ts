import type { ElectrostaticForm, Model3D, ScoreMethod } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { catalogueChargeModel, electrostaticFormFor } from '../features/charge-model.ts';
import { EngineError } from '../format/engine-error.ts';
import { sortHits } from '../format/hit-order.ts';
import type { SearchQuality } from '../format/search-types.ts';
import { ESP_SHAPE_ESTIMATE, STAGE2_CANDIDATES, bestRows, columnScores, electrostaticColumnScores } from './grid-candidates.ts';
import { BUILD_HERE, candidateColumn } from './grid-columns.ts';
import { poolBuilder, poolRunner } from './grid-pool.ts';
import type { GridPool } from './grid-pool.ts';
import { indexCandidates } from './index-candidates.ts';
import { RUN_HERE } from './pose-grid-scan.ts';
import type { GridKernelRunner, PoseGridColumn } from './pose-grid-scan.ts';
import { rescoreModels, rowModels } from './rescore-pool.ts';
import type { RescorePool } from './rescore-pool.ts';
import type { ShapeQuery } from './shape-query.ts';

/** What every search that re-scores candidates in 3D is given: the 3D methods' and consensus's. */
export interface ThreeDSearchOptions {
  quality: SearchQuality;
  limit: number;
  threshold: number;
  /** Only rows marked 1 are re-scored and returned (the search's property filters). */
  mask?: Uint8Array;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Re-scores stage-2 candidates on these workers; without one on the calling thread (same scores). */
  pool?: RescorePool;
  /** Runs stage 1's grid scan in parts on these workers; without one on the calling thread. */
  gridPool?: GridPool;
}

export interface ShapeSearchOptions extends ThreeDSearchOptions {
  method: ScoreMethod;
}

/** One stage-1 ranking and how many of its best rows to take. */
export interface CandidateSource {
  method: ScoreMethod;
  wanted: number;
  /**
   * For the electrostatic method: rank by the mean of the row's shape and charge stage-1 scores (its shape as
   * ESP_SHAPE_ESTIMATE says), as the exact score of the shape_* forms is the mean of the shape Tanimoto and the ESP score.
   */
  withShape?: boolean;
}

/**
 * Where a method's stage-2 candidates come from, `candidates` in all. The electrostatic score of a
 * catalogue built with today's model is the mean of the shape Tanimoto and the ESP Tanimoto, and its
 * stage 1 ranks by the mean of the same two estimates: its grid Tanimoto and the Carbó-like estimate of
 * the charges at the refined grid poses. The Carbó score of catalogues built with the legacy model ranks
 * by the charges alone.
 *
 * Ranking by the mean rather than taking half the candidates by shape and half by charges (as until now)
 * raised electrostatic recall@30 at the 100,000 real Chemspace rows (MMFF94 models at pH 7.4, 10 drug
 * queries, exact top 30 from every row re-scored) from 0.770 to 0.853 at fast and from 0.980 to 0.990 at
 * very_accurate, with as many candidates re-scored: the index had found 0.94 and 0.99 of the top 30, and
 * ranking by the charges alone for half the candidates lost molecules whose score comes from both.
 */
export function candidateSources(method: ScoreMethod, form: ElectrostaticForm, candidates: number): CandidateSource[] {
  if (method === 'espsim_shape') return [{ method, wanted: candidates }];
  if (form === 'carbo' || form === 'tanimoto') return [{ method, wanted: candidates }];
  return [{ method, wanted: candidates, withShape: true }];
}

/**
 * The union of the best rows of each of `sources` among the rows of `column`, as indices into the column,
 * ascending. Each method's stage-1 scores are computed once, however many sources rank by them; an
 * electrostatic source whose shape comes from its own refined poses (ESP_SHAPE_ESTIMATE) scans for both at once.
 */
export async function bestOfSources(column: PoseGridColumn, query: Model3D, sources: readonly CandidateSource[], quality: SearchQuality, runner: GridKernelRunner): Promise<Uint32Array> {
  const scores = new Map<ScoreMethod, Float32Array>();
  const scoresOf = async (method: ScoreMethod): Promise<Float32Array> => {
    const known = scores.get(method);
    if (known) return known;
    const computed = await columnScores(column, query, method, quality, runner);
    scores.set(method, computed);
    return computed;
  };
  const mean = (a: Float32Array, b: Float32Array): Float32Array => a.map((score, i) => (score + b[i]!) / 2);
  const ranking = async (source: CandidateSource): Promise<Float32Array> => {
    const withShape = source.withShape && source.method !== 'espsim_shape';
    if (withShape && ESP_SHAPE_ESTIMATE[quality] === 'refined') {
      const { charges, grids } = await electrostaticColumnScores(column, query, quality, runner, true);
      scores.set(source.method, charges);
      return mean(charges, grids!);
    }
    const own = await scoresOf(source.method);
    return withShape ? mean(own, await scoresOf('espsim_shape')) : own;
  };
  const parts: Uint32Array[] = [];
  for (const source of sources) parts.push(bestRows(await ranking(source), source.wanted));
  return parts.length === 1 ? parts[0]! : Uint32Array.from(new Set(parts.flatMap((part) => [...part]))).sort();
}

/** Whether the stage-1 index is probed by charges too for `sources`: when any of them ranks by charges. */
export function probesCharges(sources: readonly CandidateSource[]): boolean {
  return sources.some((source) => source.wanted > 0 && source.method !== 'espsim_shape');
}

/**
 * The union of the best rows of each stage-1 ranking in `sources`, ascending: the stage-1 index finds the
 * rows once (index-candidates.ts: by volume, and by charges too when a source ranks by charges), their
 * grids are built once (with charge sites when a source ranks by charges), and each source ranks them
 * as stage1Candidates would; the grids are built and scanned in parts on `gridPool`'s threads (without
 * one, here). (Each source finding its rows and building its grids itself cost the electrostatic search,
 * which ranks by shape and by charges, twice the index probe and the grids.)
 */
export async function stage1Union(catalogue: Catalogue, query: ShapeQuery, sources: readonly CandidateSource[], quality: SearchQuality, gridPool?: GridPool): Promise<Uint32Array> {
  const runner = gridPool ? poolRunner(gridPool) : RUN_HERE;
  const active = sources.filter((source) => source.wanted > 0);
  if (active.length === 0) return new Uint32Array(0);
  const charges = probesCharges(active);
  // The graph is walked on as many threads as build the grids after it: they are idle until it is done.
  const rows = await indexCandidates(catalogue, query.model, quality, undefined, 'auto', charges, gridPool?.size ?? 1);
  const column = await candidateColumn(catalogue, rows, charges, gridPool ? poolBuilder(gridPool) : BUILD_HERE, runner);
  const best = await bestOfSources(column, query.model, active, quality, runner);
  // Released only once every part has finished: a failed scan may leave others still writing to the memory.
  column.release();
  return best.map((i) => rows[i]!);
}

/** The rows of `rows` that `mask` lets through (all of them without a mask), in order. */
export function keepMasked(rows: Uint32Array, mask: Uint8Array | undefined): Uint32Array {
  return mask ? rows.filter((row) => mask[row] === 1) : rows;
}

/** The form of the electrostatic score for hits of `catalogue`: the one its charge model is scored by. */
export function catalogueElectrostaticForm(catalogue: Catalogue): ElectrostaticForm {
  return catalogue.manifest.shape ? electrostaticFormFor(catalogueChargeModel(catalogue.manifest.shape)) : 'carbo';
}

/**
 * Two stages: every molecule's volume grids are compared with the query's in principal-axes poses
 * (format/grid-layout.ts), and the best of them by grid Tanimoto (shape, averaged over the query grids'
 * places: grid-candidates.ts STAGE1_SHAPE_SHIFTS), or by a grid Tanimoto and the charges at the best
 * grid poses (electrostatics, `candidateSources`, ESP_SHAPE_ESTIMATE), are aligned and scored by the 3D scorer;
 * that exact score is what is returned. The query must be built with the catalogue's charge model.
 */
export async function shapeSearch(catalogue: Catalogue, query: ShapeQuery, options: ShapeSearchOptions): Promise<{ rows: Uint32Array; similarities: Float64Array }> {
  const columns = catalogue.shape;
  if (!columns) {
    throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index for ${options.method}: re-import it with 3D columns (molsearch import --3d).`);
  }
  const electrostaticForm = catalogueElectrostaticForm(catalogue);
  const sources = candidateSources(options.method, electrostaticForm, STAGE2_CANDIDATES[options.method][options.quality]);
  const candidates = keepMasked(await stage1Union(catalogue, query, sources, options.quality, options.gridPool), options.mask);
  const similarities = await rescoreModels(query.model, options.method, rowModels(columns, candidates), { electrostaticForm, pool: options.pool, signal: options.signal, onProgress: options.onProgress });
  const rows: number[] = [];
  const scores: number[] = [];
  candidates.forEach((row, i) => {
    const similarity = similarities[i]!;
    // NaN: a molecule without a conformer cannot be scored and is left out.
    if (similarity >= options.threshold) {
      rows.push(row);
      scores.push(similarity);
    }
  });
  const sorted = sortHits(rows, scores);
  return { rows: sorted.rows.subarray(0, options.limit), similarities: sorted.similarities.subarray(0, options.limit) };
}
