import { sdfRecord } from '@molsearch/chem';
import type { HistogramAnswer, HitAnswer, HitQuery, PageAnswer, PageQuery } from '@molsearch/api';
import { AppError, invalidParameters } from '../http/app-error.ts';
import type { HitList, HitListRepository } from './hit-list.repository.ts';
import type { AnsweredScores, HitScoreService } from './hit-score.service.ts';
import { selectHits } from './hit-selection.ts';
import type { SelectedHit } from './hit-selection.ts';
import { jobDatabases } from './job.service.ts';
import type { JobService } from './job.service.ts';
import type { JobRow } from './job.repository.ts';
import { resultId } from './result-id.ts';
import type { Principal } from '../http/principal.ts';
import { HISTOGRAM_BINS, similarityHistogram } from '@molsearch/engine';
import type { SearchMethod } from '@molsearch/engine';
import type { CatalogueRows, PoseAligner, PropertyValue, SearchEngine } from './search-engine.ts';
import { roundSimilarity } from './similarity.ts';

/** Catalogue rows read per step while a hit is looked up by its result id. */
const FIND_BATCH = 1000;

/** Hits with their catalogue rows, in the order selected. */
export interface ResolvedHits {
  hits: SelectedHit[];
  smiles: string[];
  vendorIds: string[];
  resultIds: string[];
  properties: Record<string, PropertyValue[]>;
  /** The three scores of each hit, when asked for with the job. */
  scores?: AnsweredScores;
}

/** Reads finished searches: pages, thresholds and histograms, all from the stored hit lists. */
export interface ResultServiceOptions {
  jobs: JobService;
  hits: HitListRepository;
  engine: SearchEngine;
  scores: HitScoreService;
}

export class ResultService {
  private readonly jobs: JobService;
  private readonly hits: HitListRepository;
  private readonly engine: SearchEngine;
  private readonly scores: HitScoreService;

  constructor(options: ResultServiceOptions) {
    this.jobs = options.jobs;
    this.hits = options.hits;
    this.engine = options.engine;
    this.scores = options.scores;
  }

  async page(query: PageQuery, viewer: Principal): Promise<PageAnswer> {
    const job = await this.jobs.findFinished(query.job_name, viewer);
    const lists = await this.lists(job, query.db_name);
    const selected = selectHits(lists, query.page_num * query.page_size, query.page_size, query.sim_th ?? 0);
    const resolved = await this.resolve(selected, query.include_properties || job.compute_properties === 1, job);
    const answer: PageAnswer = {
      smiles: resolved.smiles,
      id: resolved.resultIds,
      database: resolved.hits.map((hit) => hit.database),
      db_id: resolved.vendorIds,
      similarity: resolved.hits.map((hit) => roundSimilarity(hit.similarity)),
      ...resolved.scores!,
    };
    for (const [key, values] of Object.entries(resolved.properties)) if (!(key in answer)) answer[key] = values;
    return answer;
  }

  /** One hit of a finished job, found by its result id, with its three scores and property columns. */
  async hit(query: HitQuery, viewer: Principal): Promise<HitAnswer> {
    const job = await this.jobs.findFinished(query.job_name, viewer);
    const found = await this.findHit(job, query.db_name, query.id);
    const resolved = await this.resolve([found], true, job);
    const properties = Object.fromEntries(Object.entries(resolved.properties).map(([key, values]) => [key, values[0] ?? null]));
    return {
      smiles: resolved.smiles[0]!,
      id: resolved.resultIds[0]!,
      database: found.database,
      db_id: resolved.vendorIds[0]!,
      rank: found.index + 1,
      similarity: roundSimilarity(found.similarity),
      morgan_similarity: resolved.scores!.morgan_similarity[0]!,
      shape_similarity: resolved.scores!.shape_similarity[0]!,
      electrostatic_similarity: resolved.scores!.electrostatic_similarity[0]!,
      query_smiles: job.search_input,
      search_type: job.search_type as SearchMethod,
      properties,
    };
  }

  /**
   * The query and one hit aligned as a two-record SD file: the query at the conformer the hit aligns to,
   * the hit at its best-shape pose, the scores and each atom's partial charge as fields.
   */
  async pose(query: HitQuery, viewer: Principal): Promise<string> {
    const job = await this.jobs.findFinished(query.job_name, viewer);
    const found = await this.findHit(job, query.db_name, query.id);
    const resolved = await this.resolve([found], false, job);
    const vendorId = resolved.vendorIds[0]!;
    const pose = await this.scores.pose(job, found.database, found.row, vendorId);
    if (!pose) throw new AppError('NO_3D_MODEL');
    const charges = (values: number[]): string => values.map((value) => value.toFixed(3)).join(' ');
    const query3d = sdfRecord({
      title: 'query',
      molblock: pose.queryMolblock,
      fields: [['role', 'query'], ['smiles', job.search_input], ['search_type', job.search_type], ['atom_charges', charges(pose.queryCharges)]],
    });
    const scores = resolved.scores!;
    const hit3d = sdfRecord({
      title: vendorId,
      molblock: pose.hitMolblock,
      fields: [
        ['role', 'hit'],
        ['smiles', resolved.smiles[0]!],
        ['id', resolved.resultIds[0]!],
        ['db_id', vendorId],
        ['database', found.database],
        ['similarity', roundSimilarity(found.similarity)],
        ['morgan_similarity', scores.morgan_similarity[0]!],
        // At this pose, which is the pose every 3D score of the hit is taken at.
        ['shape_similarity', roundSimilarity(pose.shape)],
        ['electrostatic_similarity', roundSimilarity(pose.electrostatic)],
        ['atom_charges', charges(pose.hitCharges)],
      ],
    });
    return query3d + hit3d;
  }

  /** The hit of `id` in `database`'s hits of `job`; HIT_NOT_FOUND when it is not one of them. */
  private async findHit(job: JobRow, database: string, id: string): Promise<SelectedHit> {
    const [list] = await this.lists(job, database);
    const prefix = `${database.toLowerCase()}:`;
    const vendorId = id.startsWith(prefix) ? id.slice(prefix.length, id.lastIndexOf(':')) : undefined;
    if (!list || vendorId === undefined) throw new AppError('HIT_NOT_FOUND');
    // Read in batches and stop at the hit: the best hits, which are looked at most, are found first.
    for (let start = 0; start < list.rows.length; start += FIND_BATCH) {
      const rows = list.rows.subarray(start, start + FIND_BATCH);
      const read = await this.engine.readRows(database, rows, false);
      for (let k = 0; k < rows.length; k++) {
        if (read.ids[k] === vendorId && resultId(database, vendorId, read.smiles[k]!) === id) {
          return { database, row: rows[k]!, similarity: list.similarities[start + k]!, index: start + k };
        }
      }
    }
    throw new AppError('HIT_NOT_FOUND');
  }

  async histogram(jobName: string, bins: number, viewer: Principal): Promise<HistogramAnswer> {
    const job = await this.jobs.findFinished(jobName, viewer);
    const databases: HistogramAnswer['databases'] = {};
    for (const list of await this.lists(job, undefined)) {
      // The search counted its hits in the default bins already; other bin counts are counted here, the same way.
      const counts = bins === HISTOGRAM_BINS && list.histogram?.length === bins ? list.histogram : similarityHistogram(list.similarities, bins);
      const n = list.similarities.length;
      databases[list.database] = {
        counts,
        total: n,
        // Best first: the first hit is the most similar.
        max: n > 0 ? roundSimilarity(list.similarities[0]!) : null,
        min: n > 0 ? roundSimilarity(list.similarities[n - 1]!) : null,
      };
    }
    const binEdges = Array.from({ length: bins + 1 }, (_, i) => Number((i / bins).toFixed(6)));
    return { job_name: job.id, n_bins: bins, bin_edges: binEdges, databases };
  }

  /** The job's hit lists, or the one of `database` (which must be one the job searched). */
  async lists(job: JobRow, database: string | undefined): Promise<HitList[]> {
    const searched = jobDatabases(job);
    if (database !== undefined && !searched.includes(database)) {
      throw invalidParameters([{ field: 'db_name', message: `This search did not include the database ${database}` }]);
    }
    return Promise.all((database ? [database] : searched).map((name) => this.hits.read(job.id, name)));
  }

  /** Aligns the hits of a finished 3D job for SDF downloads; undefined for Morgan jobs. */
  async poseAligner(job: JobRow): Promise<PoseAligner | undefined> {
    return this.engine.poseAligner(job.search_input, job.search_type as SearchMethod);
  }

  /**
   * Reads the catalogue rows of `hits`, one batch per database, and lays them out in hit order; with
   * `job`, also the three scores of each hit (computed where the job has not stored them yet).
   */
  async resolve(hits: SelectedHit[], withProperties: boolean, job?: JobRow): Promise<ResolvedHits> {
    const byDatabase = new Map<string, number[]>();
    hits.forEach((hit, index) => {
      const indexes = byDatabase.get(hit.database);
      if (indexes) indexes.push(index);
      else byDatabase.set(hit.database, [index]);
    });
    const smiles = new Array<string>(hits.length);
    const vendorIds = new Array<string>(hits.length);
    const properties: Record<string, PropertyValue[]> = {};
    for (const [database, indexes] of byDatabase) {
      const rows: CatalogueRows = await this.engine.readRows(database, indexes.map((index) => hits[index]!.row), withProperties);
      indexes.forEach((hitIndex, k) => {
        smiles[hitIndex] = rows.smiles[k]!;
        vendorIds[hitIndex] = rows.ids[k]!;
      });
      for (const [key, values] of Object.entries(rows.properties)) {
        // Databases may carry different columns; a hit without the column reads null.
        const column = (properties[key] ??= new Array<PropertyValue>(hits.length).fill(null));
        indexes.forEach((hitIndex, k) => (column[hitIndex] = values[k] ?? null));
      }
    }
    const resultIds = hits.map((hit, index) => resultId(hit.database, vendorIds[index]!, smiles[index]!));
    const scores = job && (await this.scores.forHits(job, hits));
    return { hits, smiles, vendorIds, resultIds, properties, ...(scores ? { scores } : {}) };
  }
}
