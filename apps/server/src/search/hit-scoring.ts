/** The three exact scores of some hits, in their order; a 3D score is NaN where the row has no 3D model. */
export interface HitScoreColumns {
  morgan: Float64Array;
  /** Null when the catalogue has no 3D columns. */
  shape: Float64Array | null;
  electrostatic: Float64Array | null;
}

/** One hit laid on the query conformer it aligns to (see the engine's hitPose). */
export interface HitPoseRecords {
  queryMolblock: string;
  hitMolblock: string;
  shape: number;
  electrostatic: number;
  queryCharges: number[];
  hitCharges: number[];
}

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
