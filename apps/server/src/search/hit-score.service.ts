import type { SearchMethod } from '@molsearch/engine';
import type { HitListRepository } from './hit-list.repository.ts';
import { NO_SCORE, SCORE_KINDS } from './hit-score.repository.ts';
import type { HitScoreRepository, ScoreColumns, ScoreKind } from './hit-score.repository.ts';
import type { HitPoseRecords, HitScoring, QueryScorer } from './hit-scoring.ts';
import type { SelectedHit } from './hit-selection.ts';
import type { JobRow } from './job.repository.ts';
import { roundSimilarity } from './similarity.ts';

/** The three scores of some hits as answered: six decimals, null where there is none (no 3D model). */
export interface AnsweredScores {
  morgan_similarity: (number | null)[];
  shape_similarity: (number | null)[];
  electrostatic_similarity: (number | null)[];
}

/** The score a method ranks by; consensus ranks by a fusion, none of the three. */
const RANKED_BY: Partial<Record<SearchMethod, ScoreKind>> = { morgan: 'morgan', espsim_shape: 'shape', espsim_electrostatic: 'electrostatic' };

/** Queries whose 3D forms are kept between reads: a results grid reads page after page of one job. */
const KEPT_SCORERS = 8;

export interface HitScoreServiceOptions {
  hits: HitListRepository;
  scores: HitScoreRepository;
  scoring: HitScoring;
}

/**
 * Every hit's three scores. The score a job ranked by is its hit's similarity; the others are computed
 * exactly for the hits as they are read (the 3D ones on the engine's worker threads) and stored with the
 * job, so each hit is scored once.
 */
export class HitScoreService {
  private readonly scorers = new Map<string, QueryScorer>();
  /** One computation at a time per job and database, so two pages read at once do not score the same hits twice. */
  private readonly busy = new Map<string, Promise<unknown>>();

  constructor(private readonly options: HitScoreServiceOptions) {}

  async forHits(job: JobRow, hits: readonly SelectedHit[], signal?: AbortSignal): Promise<AnsweredScores> {
    const byDatabase = new Map<string, SelectedHit[]>();
    for (const hit of hits) {
      const group = byDatabase.get(hit.database);
      if (group) group.push(hit);
      else byDatabase.set(hit.database, [hit]);
    }
    const columns = new Map<string, ScoreColumns>();
    for (const [database, group] of byDatabase) columns.set(database, await this.scored(job, database, group, signal));
    const ranked = RANKED_BY[job.search_type as SearchMethod];
    const answered = (kind: ScoreKind): (number | null)[] =>
      hits.map((hit) => {
        const value = kind === ranked ? hit.similarity : columns.get(hit.database)![kind][hit.index]!;
        return value === NO_SCORE || Number.isNaN(value) ? null : roundSimilarity(value);
      });
    return { morgan_similarity: answered('morgan'), shape_similarity: answered('shape'), electrostatic_similarity: answered('electrostatic') };
  }

  /**
   * Stores the three scores a search returned with its hits (consensus fuses them), by row, so reading the
   * hits computes none of them again.
   */
  async seed(jobId: string, database: string, rows: ArrayLike<number>, components: Record<ScoreKind, ArrayLike<number>>): Promise<void> {
    const list = await this.options.hits.read(jobId, database);
    const at = new Map(Array.from(rows, (row, i) => [row, i]));
    const columns = await this.options.scores.read(jobId, database, list.rows.length);
    list.rows.forEach((row, index) => {
      const i = at.get(row);
      if (i === undefined) return;
      for (const kind of SCORE_KINDS) {
        const value = components[kind][i]!;
        columns[kind][index] = Number.isNaN(value) ? NO_SCORE : value;
      }
    });
    await this.options.scores.write(jobId, database, columns);
  }

  /** The query and `row` laid on it, with both molecules' charges; undefined without 3D models. */
  pose(job: JobRow, database: string, row: number, title: string): Promise<HitPoseRecords | undefined> {
    return this.scorer(job).pose(database, row, { query: 'query', hit: title });
  }

  /** The stored columns of `database`, with the scores of `hits` computed first where they are missing. */
  private async scored(job: JobRow, database: string, hits: readonly SelectedHit[], signal: AbortSignal | undefined): Promise<ScoreColumns> {
    const key = `${job.id}/${database}`;
    const previous = this.busy.get(key) ?? Promise.resolve();
    const work = previous.catch(() => undefined).then(() => this.fill(job, database, hits, signal));
    this.busy.set(key, work);
    try {
      return await work;
    } finally {
      if (this.busy.get(key) === work) this.busy.delete(key);
    }
  }

  private async fill(job: JobRow, database: string, hits: readonly SelectedHit[], signal: AbortSignal | undefined): Promise<ScoreColumns> {
    const list = await this.options.hits.read(job.id, database);
    const columns = await this.options.scores.read(job.id, database, list.rows.length);
    const missing = [...new Set(hits.filter((hit) => Number.isNaN(columns.morgan[hit.index]!)).map((hit) => hit.index))];
    if (missing.length === 0) return columns;
    const computed = await this.scorer(job).scores(database, missing.map((index) => list.rows[index]!), signal);
    missing.forEach((index, i) => {
      if (computed.unanswered?.[i]) return;
      for (const kind of SCORE_KINDS) {
        const value = computed[kind]?.[i];
        columns[kind][index] = value === undefined || Number.isNaN(value) ? NO_SCORE : value;
      }
    });
    await this.options.scores.write(job.id, database, columns);
    return columns;
  }

  private scorer(job: JobRow): QueryScorer {
    let scorer = this.scorers.get(job.id);
    if (scorer) this.scorers.delete(job.id);
    else scorer = this.options.scoring.scorer(job.search_input);
    this.scorers.set(job.id, scorer);
    while (this.scorers.size > KEPT_SCORERS) this.scorers.delete(this.scorers.keys().next().value!);
    return scorer;
  }
}
