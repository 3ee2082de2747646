import type { Model3D, ScoreMethod } from '@molsearch/chem';
import type { ShapeColumns } from '../catalogue/catalogue-reader.ts';
import type { SearchQuality } from '../search-types.ts';
import { espAtGridPoses } from './esp-at-pose.ts';
import { queryGrids } from './pose-grid.ts';

/**
 * Query conformers whose grids stage 1 compares (evenly spaced among the query's conformers): the scan
 * costs in proportion. On the 10,000-molecule benchmark, 8 instead of 30 lost 0.02 of the exact top 30
 * among the best 3 %.
 */
export const STAGE1_QUERY_CONFORMERS: Record<SearchQuality, number> = { fast: 8, accurate: 15, very_accurate: 30 };

/** Pairs of query and catalogue conformer per molecule whose fine grids are compared, the best by coarse grids (0: all). */
export const STAGE1_REFINED_PAIRS: Record<SearchQuality, number> = { fast: 2, accurate: 4, very_accurate: 4 };

/**
 * Candidates per database that stage 2 re-scores exactly, sized by the latency goals (fast 1 s,
 * very_accurate 5 s) at the re-scoring rate of two workers (about 7,800 a second at 30 x 3 conformers,
 * `npm run bench -- engine-3d`).
 */
export const SHAPE_CANDIDATES: Record<SearchQuality, number> = { fast: 3000, accurate: 8000, very_accurate: 25000 };

/**
 * The `wanted` rows stage 1 ranks best for `method` (rows without conformers never), in row order: by
 * grid Tanimoto for shape, by the electrostatic similarity at each row's best grid pose for electrostatics.
 */
export function stage1Candidates(columns: ShapeColumns, query: Model3D, method: ScoreMethod, quality: SearchQuality, wanted: number): Uint32Array {
  const grids = queryGrids(query, STAGE1_QUERY_CONFORMERS[quality]);
  const { scores, pairs } = columns.grids().scan(grids, STAGE1_REFINED_PAIRS[quality]);
  return bestRows(method === 'espsim_shape' ? scores : espAtGridPoses(columns.espSites(), query, grids, pairs), wanted);
}

/** Rows of the `wanted` highest positive scores; ties at the cut go to the lower rows. */
export function bestRows(scores: Float32Array, wanted: number): Uint32Array {
  const positive = scores.filter((score) => score > 0);
  if (positive.length <= wanted) return Uint32Array.from(scores.keys()).filter((row) => scores[row]! > 0);
  const cut = positive.sort()[positive.length - wanted]!;
  const rows = new Uint32Array(wanted);
  let taken = 0;
  for (let row = 0; row < scores.length; row++) if (scores[row]! > cut) rows[taken++] = row;
  for (let row = 0; row < scores.length && taken < wanted; row++) if (scores[row] === cut) rows[taken++] = row;
  return rows.sort();
}
