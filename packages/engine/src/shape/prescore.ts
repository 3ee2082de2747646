import type { Model3D, ScoreMethod } from '@molsearch/chem';
import { evenlySpaced } from '../features/pose-grid.ts';
import type { SearchQuality } from '../format/search-types.ts';
import { SHAPE_CANDIDATES, bestRows } from './grid-candidates.ts';
import { rescoreModels } from './rescore-pool.ts';
import type { RescoreOptions } from './rescore-pool.ts';

/**
 * A first alignment of stage 1's candidates on a few of the query's conformers, after which stage 2 aligns
 * and scores only the best of them on all of its conformers. The scores returned stay exact: the first
 * alignment only chooses which candidates get them, as stage 1 does.
 */
export interface Prescore {
  /** Candidates stage 1 passes to the first alignment (in place of SHAPE_CANDIDATES). */
  candidates: number;
  /** Query conformers of the first alignment, evenly spaced among the query's. */
  conformers: number;
  /** Candidates scored exactly: the best by the first alignment. */
  kept: number;
}

/**
 * Where a first alignment pays, by method and quality. Most of an exact score's time goes to the starting
 * poses of its 30 x 3 conformer pairs, so an alignment on 4 query conformers costs about a third of one
 * (136 against 387 µs a candidate on one thread), and it ranks shape candidates better than the stage-1
 * grids do. At the 10^5 real Chemspace rows, 10 drug queries of set A, exact top 30 from every row scored
 * (one-off script on the catalogue `npm run bench -- scale` builds), the share of the shape top 30 found:
 *
 * | stage 1 keeps | scored exactly | found | stage-2 CPU |
 * | 25,000 | all | 0.940 | 1 |
 * | 25,000 | best 6,000 by a first alignment | 0.937 | 0.59 |
 * | 35,000 | best 6,000 by a first alignment | 0.963 | 0.73 |
 * | 50,000 | best 6,000 by a first alignment | 0.987 | 0.94 |
 *
 * Very accurate takes the middle way: more of the top 30 for less time. The electrostatic method ranks its
 * candidates by their charges in stage 1 already, and better than a first alignment does: the best 8,000 or
 * 12,000 of 25,000 by a first alignment on 8 conformers held 0.973 or 0.977 of its top 30, against 0.997 for
 * all 25,000. At fast, shape's first alignment of the best 7,000 keeping 1,500 held 0.840 against 0.803 for
 * 3,500 scored exactly, for 1.15 times the CPU; fast keeps its cost, which sets the latency of the largest
 * catalogues. A cheaper first alignment does not buy it back: on 1 or 2 query conformers it ranks worse than
 * the grids (all 20 drug queries of set A, catalogues assembled from fragments: 3,500 scored exactly 0.820 in
 * 416 ms of stage 2 on two threads; the best 7,000 aligned on 2 conformers keeping 1,500, 0.808 in 623 ms;
 * keeping 2,000, 0.820 in 687 ms; on 1 conformer keeping 1,500, 0.750 in 653 ms).
 * Nor does a first alignment at fast's cost: on the 100,000 Chemspace rows and the same 20 queries (one-off
 * script scoring the same candidates all three ways), a first alignment on 2 / 3 / 4 / 6 query conformers took
 * 54 / 57 / 58 / 65 µs a candidate of two workers' wall time against 110 µs for an exact score, and the best
 * 4,500 by the grids aligned on 4 conformers keeping 1,000 (0.97 of fast's stage-2 cost) held 0.810 of the exact
 * top 30 against 0.820 for 3,500 scored exactly; 3 or 6 conformers, or 5,000 keeping 1,000, held no more
 * (0.800-0.817 at 0.95-1.10 of the cost).
 *
 * Those costs predate the exact score's grid-chosen starts (chem's DEFAULT_GRID_STARTS), which made an exact
 * score about as cheap as this first alignment. At the 100,000 Chemspace rows walked as a graph, 20 drug
 * queries of set A, one after another on the same machine: this table's very accurate shape search took a
 * median 3.85 s for 0.958 of the exact top 30; all 35,000 scored exactly, 3.73 s for 0.965; the best 25,000
 * scored exactly, 3.07 s for 0.953.
 */
export const STAGE2_PRESCORE: Record<ScoreMethod, Partial<Record<SearchQuality, Prescore>>> = {
  espsim_shape: { very_accurate: { candidates: 35_000, conformers: 4, kept: 6000 } },
  espsim_electrostatic: {},
};

/** How many candidates stage 1 keeps for `method` at `quality`: those a first alignment takes, or those scored exactly. */
export function stage1Wanted(method: ScoreMethod, quality: SearchQuality): number {
  return STAGE2_PRESCORE[method][quality]?.candidates ?? SHAPE_CANDIDATES[quality];
}

/** The query with `conformers` of its conformers, evenly spaced (their summaries with them). */
export function queryOnConformers(model: Model3D, conformers: number): Model3D {
  const picks = evenlySpaced(model.conformers.length, conformers);
  const reduced: Model3D = { ...model, conformers: picks.map((k) => model.conformers[k]!) };
  if (model.summaries) reduced.summaries = picks.map((k) => model.summaries![k]!);
  return reduced;
}

/** The first alignment `candidates` from stage 1 get for `method` at `quality`: none where the table has none or no more arrive than it keeps. */
function prescoreFor(method: ScoreMethod, quality: SearchQuality, candidates: number): Prescore | undefined {
  const prescore = STAGE2_PRESCORE[method][quality];
  return prescore && candidates > prescore.kept ? prescore : undefined;
}

/**
 * Which of `models` (stage 1's candidates) stage 2 scores exactly, as indices into `models`, ascending:
 * the `kept` best by their first alignment (`prescoreFor`); undefined (all of them) without one.
 * `onProgress` reports the first alignment's share of the work.
 */
export async function prescoredCandidates(
  query: Model3D, method: ScoreMethod, quality: SearchQuality, models: Uint8Array[], options: RescoreOptions,
): Promise<Uint32Array | undefined> {
  const prescore = prescoreFor(method, quality, models.length);
  if (!prescore) return undefined;
  const scores = await rescoreModels(queryOnConformers(query, prescore.conformers), method, models, options);
  return bestRows(Float32Array.from(scores), prescore.kept);
}

/** The share of stage 2's work that the first alignment of `candidates` takes, each at about a third of the cost of an exact score. */
export function prescoreShare(method: ScoreMethod, quality: SearchQuality, candidates: number): number {
  const prescore = prescoreFor(method, quality, candidates);
  return prescore ? candidates / 3 / (candidates / 3 + prescore.kept) : 0;
}
