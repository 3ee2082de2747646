import type { HitPose, HitScores } from '@molsearch/engine';

/**
 * The three exact scores of some hits, in their order (the engine's; a 3D score is NaN where a row has no 3D
 * model). `unanswered` marks rows nothing could score now (a part no search node answered for): they are
 * left unscored, not stored as scoreless, and scored again at the next read.
 */
export type HitScoreColumns = HitScores & { unanswered?: Uint8Array };

/** One hit laid on the query conformer it aligns to (the engine's hitPose). */
export type HitPoseRecords = HitPose;

/** Scores and poses hits of one query; the query's forms are built once and kept. */
export interface QueryScorer {
  scores(database: string, rows: readonly number[], signal?: AbortSignal): Promise<HitScoreColumns>;
  /** Undefined when the catalogue or the row has no 3D model. */
  pose(database: string, row: number, titles: { query: string; hit: string }): Promise<HitPoseRecords | undefined>;
}

/** The engine as the hit scores use it: one scorer a query. */
export interface HitScoring {
  scorer(querySmiles: string): QueryScorer;
}
