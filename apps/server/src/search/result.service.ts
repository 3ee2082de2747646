import type { HistogramAnswer, PageAnswer, PageQuery } from '@molsearch/api';
import { invalidParameters } from '../http/app-error.ts';
import type { HitList, HitListRepository } from './hit-list.repository.ts';
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

/** Hits with their catalogue rows, in the order selected. */
export interface ResolvedHits {
  hits: SelectedHit[];
  smiles: string[];
  vendorIds: string[];
  resultIds: string[];
  properties: Record<string, PropertyValue[]>;
}

/** Reads finished searches: pages, thresholds and histograms, all from the stored hit lists. */
export interface ResultServiceOptions {
  jobs: JobService;
  hits: HitListRepository;
  engine: SearchEngine;
}

export class ResultService {
  private readonly jobs: JobService;
  private readonly hits: HitListRepository;
  private readonly engine: SearchEngine;

  constructor(options: ResultServiceOptions) {
    this.jobs = options.jobs;
    this.hits = options.hits;
    this.engine = options.engine;
  }

  async page(query: PageQuery, viewer: Principal): Promise<PageAnswer> {
    const job = await this.jobs.findFinished(query.job_name, viewer);
    const lists = await this.lists(job, query.db_name);
    const selected = selectHits(lists, query.page_num * query.page_size, query.page_size, query.sim_th ?? 0);
    const resolved = await this.resolve(selected, query.include_properties || job.compute_properties === 1);
    const answer: PageAnswer = {
      smiles: resolved.smiles,
      id: resolved.resultIds,
      database: resolved.hits.map((hit) => hit.database),
      db_id: resolved.vendorIds,
      similarity: resolved.hits.map((hit) => roundSimilarity(hit.similarity)),
    };
    for (const [key, values] of Object.entries(resolved.properties)) if (!(key in answer)) answer[key] = values;
    return answer;
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

  /** Reads the catalogue rows of `hits`, one batch per database, and lays them out in hit order. */
  /** Aligns the hits of a finished 3D job for SDF downloads; undefined for Morgan jobs. */
  async poseAligner(job: JobRow): Promise<PoseAligner | undefined> {
    return this.engine.poseAligner(job.search_input, job.search_type as SearchMethod);
  }

  async resolve(hits: SelectedHit[], withProperties: boolean): Promise<ResolvedHits> {
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
    return { hits, smiles, vendorIds, resultIds, properties };
  }
}
