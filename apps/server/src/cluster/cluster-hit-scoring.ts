import type { HitScoring } from '../search/hit-scoring.ts';

/**
 * Hit scores by the methods a search did not rank by, for searches through search nodes: not computed
 * yet (the molecules live on the nodes), so pages answer null for them beside the search's own score,
 * and the hit detail has no pose.
 */
export function clusterHitScoring(): HitScoring {
  return {
    scorer: () => ({
      scores: (_database, rows) => Promise.resolve({ morgan: new Float64Array(rows.length).fill(Number.NaN), shape: null, electrostatic: null }),
      pose: () => Promise.resolve(undefined),
    }),
  };
}
