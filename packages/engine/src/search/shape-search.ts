import { loadRDKit, standardizeSmiles, validateSmiles } from '@molsearch/chem';
import type { ScoreMethod } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { EngineError } from '../engine-error.ts';
import { QUERY_SHAPE, shapeFeatures, shapeFeaturesOnPool } from '../import/prepare-shape.ts';
import type { ShapeFeatures } from '../import/prepare-shape.ts';
import { SHAPE_CANDIDATES, stage1Candidates } from '../stage1/grid-candidates.ts';
import { poolRunner } from '../stage1/grid-pool.ts';
import type { GridPool } from '../stage1/grid-pool.ts';
import type { SearchQuality } from '../search-types.ts';
import type { ConformerPool } from './conformer-pool.ts';
import { rescoreModels } from './rescore-pool.ts';
import type { RescorePool } from './rescore-pool.ts';
import { sortHits } from './top-hits.ts';

export interface ShapeQuery extends ShapeFeatures {
  smiles: string;
}

/**
 * The query standardised as import does, with the query-side conformers (more than a catalogue entry
 * has), embedded on `pool`'s threads when given: the same conformers either way.
 */
export async function shapeQuery(smiles: string, pool?: ConformerPool): Promise<ShapeQuery> {
  await loadRDKit();
  const validation = validateSmiles(smiles);
  if (!validation.ok) throw new EngineError('INVALID_SMILES', validation.message);
  const standard = standardizeSmiles(validation.smiles);
  const features = standard && (pool ? await shapeFeaturesOnPool(standard.smiles, QUERY_SHAPE, pool) : shapeFeatures(standard.smiles, QUERY_SHAPE));
  if (!standard || !features) throw new EngineError('INVALID_SMILES', `No 3D conformer could be built for ${smiles}.`);
  return { smiles: standard.smiles, ...features };
}

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
 * (stage1/pose-grid.ts), and the best of them by grid Tanimoto are aligned and scored by the 3D
 * scorer; that exact score is what is returned.
 */
export async function shapeSearch(catalogue: Catalogue, query: ShapeQuery, options: ShapeSearchOptions): Promise<{ rows: Uint32Array; similarities: Float64Array }> {
  const columns = catalogue.shape;
  if (!columns) {
    throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index for ${options.method}: re-import it with 3D columns (molsearch import --3d).`);
  }
  const wanted = SHAPE_CANDIDATES[options.quality];
  const runner = options.gridPool ? poolRunner(options.gridPool) : undefined;
  const candidates = await stage1Candidates(columns, query.model, options.method, options.quality, wanted, runner);
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
