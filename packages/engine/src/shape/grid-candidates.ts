import type { Model3D, ScoreMethod } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { queryGrids } from '../features/pose-grid.ts';
import type { SearchQuality } from '../format/search-types.ts';
import { querySites } from './charge-lattice.ts';
import { BUILD_HERE, candidateColumn } from './grid-columns.ts';
import type { GridPartRunner } from './grid-columns.ts';
import { indexCandidates } from './index-candidates.ts';
import { RUN_HERE } from './pose-grid-scan.ts';
import type { GridKernelRunner, PoseGridColumn } from './pose-grid-scan.ts';

/**
 * How stage 1 compares grids per method and quality: the query conformers whose grids it uses (evenly
 * spaced among the query's 30) and how many pairs of query and catalogue conformer a molecule gets its
 * fine grids compared for, the best by coarse grids (0: every pair). Measured on 100,000 Chemspace
 * molecules, 20 drug queries, 3,000 candidates: 8 conformers refining 2 / 4 / 8 / all pairs held 0.763 /
 * 0.815 / 0.848 / 0.848 of the exact shape top 30 in 128 / 155 / 192 / 275 ms; at 25,000 candidates,
 * 30 conformers refining 4 / all pairs held 0.953 / 0.972 (electrostatic 0.712 / 0.748) in 283 / 700 ms.
 * Since stage-1 grids cost a third of what they did, conformers barely change stage 1's CPU: on the
 * first 50,000 Chemspace screening molecules (fast, 3,000 candidates, 8 / 15 / 30 conformers refining
 * 4 pairs) they held 0.812 / 0.805 / 0.805 of the exact shape top 30, so fast keeps 8.
 */
export const STAGE1_QUERY_CONFORMERS: Record<ScoreMethod, Record<SearchQuality, number>> = {
  espsim_shape: { fast: 8, accurate: 15, very_accurate: 30 },
  // 30 conformers held less of the exact electrostatic top 30 than 15 (0.907 against 0.915 at 25,000
  // candidates), in more time.
  espsim_electrostatic: { fast: 15, accurate: 15, very_accurate: 15 },
};
/**
 * Refined pairs by method and quality. Every pair's fine grids (0) cost less than coarse grids for all
 * and 16 refined (700 ms against about 1 s at very_accurate), but the electrostatic method needs the
 * refined poses (ESP_POSE_MARGIN). Electrostatic fast at 100,000 molecules and 3,000 candidates, end to
 * end with stage 1 on two threads (`npm run bench -- engine-3d`, noise about ±15 %): 8 query conformers
 * and 4 / 8 / 16 poses held 0.562 / 0.637 / 0.692 of the exact top 30 in a median 1.2 / 1.1 / 1.35 s;
 * 15 conformers and 16 poses 0.727 in 1.5 s. Fast is the default search, so it takes the last, and
 * accurate keeps the same stage 1 with more candidates.
 */
export const STAGE1_REFINED_PAIRS: Record<ScoreMethod, Record<SearchQuality, number>> = {
  // Fast refines every pair since the grids got cheaper: at 50,000 molecules and 3,000 candidates,
  // 4 / 8 / all pairs held 0.812 / 0.817 / 0.823 of the exact shape top 30 for the same stage-1 CPU
  // (a median 320-350 ms over both threads, within the noise of a shared machine).
  espsim_shape: { fast: 0, accurate: 8, very_accurate: 0 },
  espsim_electrostatic: { fast: 16, accurate: 16, very_accurate: 16 },
};

/**
 * The electrostatic method scores a molecule by its best charge overlap over the refined poses whose
 * grid Tanimoto is at least this share of its best: the exact scorer's best shape pose is often not
 * the grid's. With 100,000 molecules and 25,000 candidates at very_accurate, the charges at the best
 * grid pose alone held 0.748 of the exact electrostatic top 30; the best of 8 / 16 refined poses 0.855 /
 * 0.907 (0.872 with a share of 0.9, 0.907 with 0.8 in 1.9 s instead of 2.2 s of stage 1). At fast,
 * 4 poses: 0.450 → 0.562.
 *
 * With 0 every refined pose counts and the refined pairs' fine grids are never read (their coarse
 * Tanimoto picked them). With 15 query conformers and 16 poses, at 3,000 / 8,000 / 25,000 candidates,
 * that held 0.727 / 0.815 / 0.910 of the exact top 30 against 0.727 / 0.813 / 0.915 with the share 0.8
 * on fine grids, whose reads cost about 50 ms of stage 1.
 */
export const ESP_POSE_MARGIN: Record<SearchQuality, number> = { fast: 0, accurate: 0, very_accurate: 0.8 };

/**
 * Candidates per database that stage 2 re-scores exactly, sized by the latency goals (fast 1 s,
 * very_accurate 5 s) at the re-scoring rate of two workers at 30 x 3 conformers (4,500 to 9,900 a second
 * on machines of our size over 100,000 Chemspace molecules; `npm run bench -- engine-3d` measures it).
 *
 * Fast re-scores 5,000. At the 458,811 real rows of every shared catalogue (scanned, 20 drug queries of set
 * A, `npm run bench -- scale --union --skip-real --sets A --qualities fast` with `--candidates fast:N`, one
 * cached exact ranking), with the three placements of STAGE1_SHAPE_SHIFTS: 3,500 held 0.835 / 0.833 of the
 * exact top 30 (shape / electrostatic; centred grids 0.810 / 0.815), 5,000 held 0.858 / 0.853, for about
 * 100 ms more of stage 2 (shape 424 against 327-370 ms, electrostatic 353 against 243-278 ms; whole
 * searches 1.49 against 1.19-1.43 s and 2.63 against 2.43-2.48 s, runs one after the other). At the
 * 100,000 real Chemspace rows, each twice in turn: 0.885 / 0.922 against 0.863 / 0.893, stage 2 387-418 /
 * 441-510 ms against 261-272 / 242-288 ms.
 *
 * Fast re-scored 3,500 before, spending CPU the cheaper stage-1 grids freed: its recall is held back more by how
 * many of the index probe's rows stage 2 re-scores than by how the grids rank them (at 50,000 molecules
 * the fast probe's rows hold 0.865 of the exact shape top 30 and 0.917 of the electrostatic). With every
 * shape pair refined, 3,000 / 3,500 / 4,000 / 5,000 shape candidates held 0.823 / 0.833 / 0.837 / 0.847
 * of the exact shape top 30; electrostatic halves of 3,000 / 3,500 / 4,000 held 0.802 / 0.823 / 0.838 of
 * the exact electrostatic top 30 (0.775 at 3,000 with 4 shape pairs refined). End to end on the first
 * 50,000 Chemspace screening molecules and 20 drug queries (`npm run bench -- engine-3d --size 50000
 * --methods espsim_shape,espsim_electrostatic --qualities fast`), against 3,000 candidates and 4 refined
 * shape pairs run just before on the same shared machine (three pairs, load average 3.5 to 10): shape
 * recall@30 rose from 0.812 to 0.833 and electrostatic from 0.775 to 0.823, a search's CPU of all threads
 * (the pairs' medians 1.30 / 1.20 / 1.21 against 1.18 / 1.48 / 1.34 s for shape, 1.81 / 1.76 / 1.77
 * against 1.81 / 1.69 / 2.27 s for electrostatics) within what the grids saved, about 0.3 s for shape and
 * 0.5 s for electrostatics.
 *
 * Very accurate re-scores 35,000 shape candidates and 25,000 electrostatic ones. Until the exact score chose
 * its starts by their volume grids (chem's DEFAULT_GRID_STARTS), a shape search took 35,000 and aligned them
 * first on 4 query conformers, at about a third of an exact score each, to score the best 6,000 exactly; the
 * chosen starts made an exact score about as cheap as that first alignment. At the 100,000 real Chemspace rows walked as a
 * graph, 20 drug queries of set A, each way twice in turn (`scale` with the table changed in the process):
 * shape with the first alignment 4.19 / 4.39 s for 0.958 of the exact top 30, all 35,000 scored exactly
 * 4.36 / 4.44 s for 0.965, the best 30,000 3.65 / 3.89 s for 0.955; electrostatics 25,000 / 30,000 / 35,000
 * scored exactly all held 0.938, in 3.88 / 4.54 / 4.79 s: the electrostatic top 30 it misses is not among
 * stage 1's best 35,000 either, so it keeps 25,000.
 */
export const STAGE2_CANDIDATES: Record<ScoreMethod | 'consensus', Record<SearchQuality, number>> = {
  espsim_shape: { fast: 5000, accurate: 8000, very_accurate: 35000 },
  espsim_electrostatic: { fast: 5000, accurate: 8000, very_accurate: 25000 },
  // A third of them from each of Morgan, shape and electrostatics (consensus-search.ts).
  consensus: { fast: 3500, accurate: 8000, very_accurate: 25000 },
};

/**
 * The `wanted` rows stage 1 ranks best for `method` (rows without conformers never), in row order. The
 * stage-1 index gives the rows to rank (index-candidates.ts, explored as the quality sets); they are
 * ranked by grid Tanimoto for shape (averaged over where the query's grids lie, STAGE1_SHAPE_SHIFTS), by
 * the best electrostatic similarity at a row's refined grid poses for electrostatics. The grid kernel's parts run on `runner`, the candidates' grids are built on `builder`
 * (a worker pool's threads, or here).
 */
export async function stage1Candidates(
  catalogue: Catalogue, query: Model3D, method: ScoreMethod, quality: SearchQuality, wanted: number, runner: GridKernelRunner = RUN_HERE,
  builder: GridPartRunner = BUILD_HERE,
): Promise<Uint32Array> {
  return rankRows(catalogue, await indexCandidates(catalogue, query, quality), query, method, quality, wanted, runner, builder);
}

/**
 * The `wanted` of `rows` (catalogue rows, ascending) that stage 1 ranks best for `method`, ascending:
 * what stage1Candidates does with the index's rows, and an exhaustive stage 1 with every row.
 */
export async function rankRows(
  catalogue: Catalogue, rows: Uint32Array, query: Model3D, method: ScoreMethod, quality: SearchQuality, wanted: number, runner: GridKernelRunner = RUN_HERE,
  builder: GridPartRunner = BUILD_HERE,
): Promise<Uint32Array> {
  return bestRows(await stage1Scores(catalogue, rows, query, method, quality, runner, builder), wanted).map((i) => rows[i]!);
}

/**
 * The stage-1 score of each of `rows` for `method` (0 for a row without conformers): its best grid
 * Tanimoto for shape, its best electrostatic similarity at its refined grid poses for electrostatics.
 */
export async function stage1Scores(
  catalogue: Catalogue, rows: Uint32Array, query: Model3D, method: ScoreMethod, quality: SearchQuality, runner: GridKernelRunner = RUN_HERE,
  builder: GridPartRunner = BUILD_HERE,
): Promise<Float32Array> {
  const column = await candidateColumn(catalogue, rows, method !== 'espsim_shape', builder, runner);
  const scores = await columnScores(column, query, method, quality, runner);
  // As stage1Union: not after a failure, when parts may still be writing.
  column.release();
  return scores;
}

/** stage1Scores on a column already built (candidateColumn; with charge sites for electrostatics), row i of the column first. */
export async function columnScores(column: PoseGridColumn, query: Model3D, method: ScoreMethod, quality: SearchQuality, runner: GridKernelRunner = RUN_HERE): Promise<Float32Array> {
  if (method === 'espsim_shape') {
    return shiftedGridScores(column, query, STAGE1_QUERY_CONFORMERS[method][quality], STAGE1_REFINED_PAIRS[method][quality], STAGE1_SHAPE_SHIFTS[quality], runner);
  }
  return (await electrostaticColumnScores(column, query, quality, runner)).charges;
}

/**
 * The electrostatic stage 1 of a column: each row's best charge estimate at its refined grid poses and, with
 * `withGrids`, its best fine grid Tanimoto at those poses.
 */
export async function electrostaticColumnScores(
  column: PoseGridColumn, query: Model3D, quality: SearchQuality, runner: GridKernelRunner = RUN_HERE, withGrids = false,
): Promise<{ charges: Float32Array; grids?: Float32Array }> {
  const grids = queryGrids(query, STAGE1_QUERY_CONFORMERS.espsim_electrostatic[quality]);
  const margin = ESP_POSE_MARGIN[quality];
  // The charges need the fine grids only to weigh poses by a margin.
  const scan = await column.scan(grids, STAGE1_REFINED_PAIRS.espsim_electrostatic[quality], runner, margin > 0 || withGrids);
  const charges = await column.chargeScores({ query: querySites(query, grids), queryCount: grids.count, margin }, runner);
  return withGrids ? { charges, grids: scan.scores } : { charges };
}

/**
 * Where the electrostatic stage 1 takes a row's shape from when it ranks by shape and charges (shape-search.ts
 * candidateSources), by quality: 'shifted', the shape stage 1's score (its own scans, STAGE1_SHAPE_SHIFTS);
 * 'refined', the best fine grid Tanimoto at the refined poses its charges are estimated at, from its own scan.
 *
 * At the 100,000 real Chemspace rows walked as a graph, 20 drug queries of set A, each way twice in turn
 * (`npm run bench -- scale --rows '' --walk graph --methods espsim_electrostatic --esp-shape quality:x`): fast
 * shifted / refined held 0.890 / 0.877 of the exact top 30 (stage 1 471-493 / 360-388 ms), so fast keeps the
 * three places; accurate 0.927 / 0.928 (646-647 / 619-623 ms); very accurate 0.992 / 0.992 (1.23-1.29 /
 * 0.99-1.04 s; whole searches 2.80-3.10 / 2.53-2.58 s), where the shape score's scan of 30 conformers costs most.
 * At 10^6 replicated rows walked, 5 of those queries ranked exactly over every row (`--truth-rows 1000000`),
 * very accurate held 0.807 / 0.813 of the exact top 30 (stage 1 2.76-2.92 / 2.52-2.53 s, searches 4.29-4.47 /
 * 4.09-4.16 s), fast 0.613 / 0.547 (stage 1 842 / 676 ms). At the 458,811 real rows of every shared catalogue,
 * scanned, 20 queries: very accurate 0.970 / 0.972 (stage 1 3.95 / 3.59 s).
 */
export const ESP_SHAPE_ESTIMATE: Record<SearchQuality, 'shifted' | 'refined'> = { fast: 'shifted', accurate: 'refined', very_accurate: 'refined' };

/**
 * Where the shape stage 1 places the query's grids along its first principal axis (Å), by quality: a
 * row's shape stage-1 score is the mean of its best grid Tanimoto at each place. A grid Tanimoto depends
 * on where the atoms fall among the 1 Å voxels; half a voxel either way averages that out, and ranks the
 * molecules whose exact overlap is high rather than those whose voxels happen to line up with the query's.
 *
 * Measured on the 100,000 Chemspace screening molecules, every row ranked (an exhaustive stage 1), 8
 * query conformers, against each query's exact shape top 30: fast's best 3,500 held 0.867 / 0.813 of
 * it (20 drug queries each of sets A / B) with the grids centred alone, 0.895 / 0.857 with the mean of
 * centred and ±0.5 Å; the best of the three instead of their mean 0.888 / 0.823; ±0.25 Å 0.883 / 0.843;
 * five places (0, ±0.25, ±0.5) 0.895 / 0.857; ±0.5 Å along the second or third axis 0.857 / 0.843 and
 * 0.870 / 0.797; 16 centred conformers, twice the grids, 0.877 (set A). The 3,500 best by the
 * electrostatic stage 1, which ranks by the mean of this score and the charges' (shape-search.ts), held
 * 0.913 / 0.933 of the exact electrostatic top 30 against 0.895 / 0.915. Accurate's 8,000 best (15
 * conformers, every pair refined) 0.933 / 0.955 against 0.927 / 0.935.
 *
 * Comparing grids is the cheap part of stage 1: of a fast search, 34 ms against 107 ms for the index
 * probe, 276 ms building the candidates' grids and 341 ms scoring 3,500 exactly (medians of 20 queries
 * on two threads), so three comparisons cost about 70 ms more. End to end on the same rows as imports
 * build them (a volume and a charge vector for every conformer, scanned), 20 drug queries of set A
 * (`npm run bench -- engine-3d --catalogue CHEMSPACE-100K`), three places against the centred grids in
 * the next run (another benchmark preparing molecules at low priority beside both): fast shape recall@30 0.863 against 0.848 (median 1.11 against 1.14 s, CPU of all threads
 * 1.88 against 1.92 s), fast electrostatic 0.895 against 0.872 (1.57 against 1.49 s; CPU 2.65 against
 * 2.45 s); accurate shape 0.912 against 0.907 and electrostatic 0.950 against 0.947, for 0.3-0.4 s more
 * CPU, so accurate keeps its grids centred. So does very accurate: there a comparison costs 153 ms (30
 * conformers, 35,000 to keep), and its 35,000 best held 0.987 / 0.995 with three places against
 * 0.977 / 0.993, whole searches (the catalogue walked as a graph) 0.970 / 0.970 against 0.965 / 0.970.
 */
export const STAGE1_SHAPE_SHIFTS: Record<SearchQuality, readonly number[]> = {
  fast: [0, 0.5, -0.5],
  accurate: [0],
  very_accurate: [0],
};

/** Each row's mean over `shifts` of its best grid Tanimoto against the query's grids placed there (STAGE1_SHAPE_SHIFTS). */
async function shiftedGridScores(column: PoseGridColumn, query: Model3D, conformers: number, refine: number, shifts: readonly number[], runner: GridKernelRunner): Promise<Float32Array> {
  const sum = new Float64Array(column.rows);
  for (const shift of shifts) {
    const { scores } = await column.scan(queryGrids(query, conformers, shift), refine, runner, true);
    for (let i = 0; i < scores.length; i++) sum[i]! += scores[i]!;
  }
  return Float32Array.from(sum, (total) => total / shifts.length);
}

/** Rows of the `wanted` highest positive scores; ties at the cut go to the lower rows. */
export function bestRows(scores: Float32Array, wanted: number): Uint32Array {
  const positive = scores.filter((score) => score > 0);
  if (positive.length <= wanted) return Uint32Array.from(scores.keys()).filter((row) => scores[row]! > 0);
  const cut = kthSmallest(positive, positive.length - wanted);
  const rows = new Uint32Array(wanted);
  let taken = 0;
  for (let row = 0; row < scores.length; row++) if (scores[row]! > cut) rows[taken++] = row;
  for (let row = 0; row < scores.length && taken < wanted; row++) if (scores[row] === cut) rows[taken++] = row;
  return rows.sort();
}

/** The value at index `k` of `values` sorted ascending (Hoare's selection, reordering `values`): linear, where sorting 100,000 scores took 17 ms. */
function kthSmallest(values: Float32Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k]!;
  }
  return values[k]!;
}
