import { loadRDKit, standardizeSmiles, validateSmiles } from '@molsearch/chem';
import type { ScoreMethod } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { EngineError } from '../engine-error.ts';
import { QUERY_SHAPE, SHAPE_DESCRIPTORS, shapeFeatures } from '../import/prepare-shape.ts';
import type { ShapeFeatures } from '../import/prepare-shape.ts';
import { probeIvf } from '../ivf/ivf-index.ts';
import type { SearchQuality } from '../search-types.ts';
import { rescoreModels } from './rescore-pool.ts';
import type { RescorePool } from './rescore-pool.ts';
import { sortHits } from './top-hits.ts';

/** IVF lists probed per query conformer in stage 1 (the product's "clusters searched"). */
export const SHAPE_PROBES: Record<SearchQuality, number> = { fast: 10, accurate: 20, very_accurate: 40 };
/**
 * Stage-1 candidates re-scored exactly in stage 2, per database. Sized by the latency goals (fast 1 s,
 * very_accurate 5 s) at the re-scoring rate of two workers (about 8,000 a second measured by
 * `npm run bench -- engine-3d`): the descriptors are weak predictors of the exact scores (a third to a
 * half of the exact top 30 lie outside the descriptor top 1,000 of 5,000), so recall is bought with candidates.
 */
export const SHAPE_CANDIDATES: Record<SearchQuality, number> = { fast: 1000, accurate: 3000, very_accurate: 10000 };

/** The IVF index stage 1 probes for each method (see shapeSearch). */
export const STAGE1_DESCRIPTOR: Record<ScoreMethod, 'usrcat' | 'electroshape'> = { espsim_shape: 'usrcat', espsim_electrostatic: 'usrcat' };

export interface ShapeQuery extends ShapeFeatures {
  smiles: string;
}

/** The query standardised as import does, with the query-side conformers (more than a catalogue entry has). */
export async function shapeQuery(smiles: string): Promise<ShapeQuery> {
  await loadRDKit();
  const validation = validateSmiles(smiles);
  if (!validation.ok) throw new EngineError('INVALID_SMILES', validation.message);
  const standard = standardizeSmiles(validation.smiles);
  const features = standard && shapeFeatures(standard.smiles, QUERY_SHAPE);
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
}

/**
 * Two stages: the IVF lists nearest to each query conformer's USRCAT vector (STAGE1_DESCRIPTOR) give
 * candidates ranked by descriptor similarity; the best of them are aligned
 * and scored by the 3D scorer, and that exact score is what is returned.
 */
export async function shapeSearch(catalogue: Catalogue, query: ShapeQuery, options: ShapeSearchOptions): Promise<{ rows: Uint32Array; similarities: Float64Array }> {
  const columns = catalogue.shape;
  if (!columns) {
    throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index for ${options.method}: re-import it with 3D columns (molsearch import --3d).`);
  }
  // Both methods probe the USRCAT lists. ESPsim aligns by shape before comparing charges, and on the
  // 5,000-molecule benchmark (npm run bench -- engine-3d) USRCAT candidates gave electrostatic recall@30
  // 0.12 / 0.30 / 0.53 (fast / accurate / very_accurate) against 0.10 / 0.21 / 0.37 from the ElectroShape
  // lists, which stay in the index for when a better-correlated electrostatic descriptor replaces them.
  const kind = STAGE1_DESCRIPTOR[options.method];
  const dim = SHAPE_DESCRIPTORS[kind];
  const index = columns[kind];
  const wanted = SHAPE_CANDIDATES[options.quality];
  const best = new Map<number, number>();
  const vectors = query[kind];
  for (let k = 0; k < vectors.length / dim; k++) {
    const found = probeIvf(index, vectors.subarray(k * dim, (k + 1) * dim), SHAPE_PROBES[options.quality], wanted * 4);
    found.rows.forEach((row, i) => best.set(row, Math.max(best.get(row) ?? 0, found.similarities[i]!)));
  }
  const candidates = sortHits([...best.keys()], [...best.values()]).rows.subarray(0, wanted);
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
