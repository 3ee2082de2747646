/** Job states as stored; the API renders them as QUEUED / EXECUTING: ... / SUCCESS / FAILED. */
export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'expired';
export type DownloadState = 'preparing' | 'ready' | 'failed';

/**
 * Tables of the store. Timestamps are epoch milliseconds in `bigint` columns read back as numbers,
 * booleans are 0/1 and lists are JSON text, so SQLite and PostgreSQL share one code path.
 */
export interface JobTable {
  id: string;
  principal_id: string;
  principal_tier: string;
  search_input: string;
  search_type: string;
  search_quality: string;
  db_names: string;
  compute_properties: number;
  state: JobState;
  percent: number;
  current_database: string | null;
  reason: string | null;
  num_results: number | null;
  attempts: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  expires_at: number | null;
}

export interface DownloadTable {
  id: string;
  job_id: string;
  file_format: string;
  download_suff: string;
  /** '' when the download covers every database (a NULL would defeat the unique key). */
  db_name: string;
  sim_th: number | null;
  include_properties: number;
  include_metadata: number;
  state: DownloadState;
  file_name: string | null;
  num_molecules: number | null;
  size_bytes: number | null;
  message: string | null;
  created_at: number;
  expires_at: number;
}

export interface StoreSchema {
  jobs: JobTable;
  downloads: DownloadTable;
}
