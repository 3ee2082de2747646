import type { ScoreMethod } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { EngineError } from '../format/engine-error.ts';
import { sortHits } from '../format/hit-order.ts';
import type { SearchQuality } from '../format/search-types.ts';
import { SHAPE_CANDIDATES, stage1Candidates } from './grid-candidates.ts';
import { poolRunner } from './grid-pool.ts';
import type { GridPool } from './grid-pool.ts';
import { rescoreModels } from './rescore-pool.ts';
import type { RescorePool } from './rescore-pool.ts';
import type { ShapeQuery } from './shape-query.ts';

export interface ShapeSearchOptions {
  method: ScoreMethod;
  quality: SearchQuality;
  limit: number;
  threshold: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Re-scores stage-2 candidates on these workers; without one on the calling thread (same scores). */
  pool?: RescorePool;
  /** Runs stage 1's grid scan in parts on these workers; without one on the calling thread. */
  gridPool?: GridPool;
}

/**
 * Two stages: every molecule's volume grids are compared with the query's in principal-axes poses
 * (format/grid-layout.ts), and the best of them by grid Tanimoto are aligned and scored by the 3D
 * scorer; that exact score is what is returned.
 */
export async function shapeSearch(catalogue: Catalogue, query: ShapeQuery, options: ShapeSearchOptions): Promise<{ rows: Uint32Array; similarities: Float64Array }> {
  const columns = catalogue.shape;
  if (!columns) {
    throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index for ${options.method}: re-import it with 3D columns (molsearch import --3d).`);
  }
  const wanted = SHAPE_CANDIDATES[options.quality];
  const runner = options.gridPool ? poolRunner(options.gridPool) : undefined;
  const candidates = await stage1Candidates(catalogue, query.model, options.method, options.quality, wanted, runner);
  const similarities = await rescoreModels(query.model, options.method, [...candidates].map((row) => columns.model(row)), {
    pool: options.pool,
    signal: options.signal,
    onProgress: options.onProgress,
  });
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
