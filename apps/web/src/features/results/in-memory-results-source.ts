import type { DownloadLinkAnswer, DownloadLinkQuery, HistogramAnswer, HistogramQuery, PageAnswer, PageQuery } from '@molsearch/api';
import type { PrepareDownloadRequest } from '../../api/search-api.ts';
import type { ResultsSource } from './results-source.ts';
import type { PropertyValue } from './results.types.ts';

export interface StoredHit {
  smiles: string;
  vendorId: string;
  similarity: number;
  /** The other two scores of the hit; by default the Morgan score is its similarity and the 3D ones are absent. */
  scores?: { morgan: number | null; shape: number | null; electrostatic: number | null };
  properties?: Record<string, string | number | boolean | null>;
}

/**
 * A finished search held in memory, answering like the server does (best first, pages, threshold,
 * histogram), for component tests of the results screens. Databases listed in `failing` answer with an error.
 */
export class InMemoryResultsSource implements ResultsSource {
  readonly pageRequests: PageQuery[] = [];
  readonly tracked: { event: 'search' | 'admet' | 'quotation'; jobName: string; dbName?: string | undefined }[] = [];
  readonly prepared: PrepareDownloadRequest[] = [];

  constructor(
    private readonly hits: Record<string, StoredHit[]>,
    private readonly failing: ReadonlySet<string> = new Set(),
  ) {}

  async page(request: PageQuery): Promise<PageAnswer> {
    this.pageRequests.push(request);
    const names = request.db_name ? [request.db_name] : Object.keys(this.hits);
    if (names.some((name) => this.failing.has(name))) throw new Error(`${names.join(',')} is unavailable`);
    const rows = names
      .flatMap((name) => (this.hits[name] ?? []).map((hit) => ({ ...hit, database: name })))
      .filter((hit) => hit.similarity >= (request.sim_th ?? 0))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(request.page_num * request.page_size, (request.page_num + 1) * request.page_size);
    const answer: PageAnswer = {
      smiles: rows.map((row) => row.smiles),
      id: rows.map((row) => `${row.database.toLowerCase()}:${row.vendorId}:${row.smiles.length.toString(16)}`),
      database: rows.map((row) => row.database),
      db_id: rows.map((row) => row.vendorId),
      similarity: rows.map((row) => row.similarity),
      morgan_similarity: rows.map((row) => (row.scores ? row.scores.morgan : row.similarity)),
      shape_similarity: rows.map((row) => row.scores?.shape ?? null),
      electrostatic_similarity: rows.map((row) => row.scores?.electrostatic ?? null),
    };
    if (request.include_properties) {
      const keys = [...new Set(rows.flatMap((row) => Object.keys(row.properties ?? {})))];
      for (const key of keys) answer[key] = rows.map((row) => row.properties?.[key] ?? null);
    }
    return answer;
  }

  async histogram({ job_name: jobName, n_bins: bins }: HistogramQuery): Promise<HistogramAnswer> {
    const databases: HistogramAnswer['databases'] = {};
    for (const [name, hits] of Object.entries(this.hits)) {
      const counts = new Array<number>(bins).fill(0);
      for (const hit of hits) counts[Math.min(bins - 1, Math.floor(hit.similarity * bins))]! += 1;
      const values = hits.map((hit) => hit.similarity);
      databases[name] = { counts, total: hits.length, min: values.length ? Math.min(...values) : null, max: values.length ? Math.max(...values) : null };
    }
    return { job_name: jobName, n_bins: bins, bin_edges: Array.from({ length: bins + 1 }, (_, i) => i / bins), databases };
  }

  async prepareDownload(request: PrepareDownloadRequest): Promise<'all' | 'selected'> {
    this.prepared.push(request);
    return request.neighbor_ids?.length ? 'selected' : 'all';
  }

  async downloadLink(request: DownloadLinkQuery): Promise<DownloadLinkAnswer> {
    return { status: 'READY', download_link: `/api/downloads/${request.job_name}/results-${request.download_suff}.${request.file_format}`, message: null, num_molecules: 1 };
  }

  /** Every molecule gets the properties of aspirin, the query of the component tests. */
  async properties(): Promise<Record<string, PropertyValue>> {
    return { mw: 180.159, clogp: 1.31, tpsa: 63.6, hbd: 1, hba: 3, qed: 0.55, veber_pass: true, formula: 'C9H8O4' };
  }

  async trackSearch(jobName: string): Promise<void> {
    this.tracked.push({ event: 'search', jobName });
  }

  async trackAdmet(jobName: string): Promise<void> {
    this.tracked.push({ event: 'admet', jobName });
  }

  async trackQuotation(jobName: string, dbName: string | undefined): Promise<void> {
    this.tracked.push({ event: 'quotation', jobName, dbName });
  }
}

const SMILES = ['CC(=O)Oc1ccccc1C(=O)O', 'CC(=O)Nc1ccc(O)cc1', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'c1ccc2ccccc2c1', 'CCN(CC)CC', 'OC(=O)c1ccccc1O'];

/** `count` hits of one database with similarities falling evenly from `best` to `worst`. */
export function hitsOf(prefix: string, count: number, best = 0.95, worst = 0.2): StoredHit[] {
  return Array.from({ length: count }, (_, index) => ({
    smiles: SMILES[index % SMILES.length]!,
    vendorId: `${prefix}-${String(index + 1).padStart(4, '0')}`,
    similarity: Number((count === 1 ? best : best - ((best - worst) * index) / (count - 1)).toFixed(4)),
    properties: { mw: 180.16 + index, clogp: 1.31, tpsa: 63.6, hbd: 1, hba: 3, qed: 0.55, veber_pass: true, formula: 'C9H8O4' },
  }));
}
