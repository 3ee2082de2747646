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
  /** The caller's address, for the per-address ceiling of callers without an account; null when unknown. */
  client_address: string | null;
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
  /** The search's filters as the API answers them (JobFilters JSON); null or absent: none. */
  filters?: string | null;
  /** JSON list of notes on what the filters did, written when the search succeeds. */
  filter_notes?: string | null;
  /** The batch this search is one query of, its place in it (from 0) and the query's id; null for single searches. */
  batch_id?: string | null;
  batch_index?: number | null;
  query_id?: string | null;
  /** On PostgreSQL: the API server running the job and until when its claim holds (database clock, epoch ms). */
  owner?: string | null;
  lease_until?: number | null;
}

export interface BatchTable {
  id: string;
  principal_id: string;
  query_count: number;
  /** JSON list of {line, message}: rows of the batch's file or list that were not searched. */
  skipped_rows: string;
  created_at: number;
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
  /** On PostgreSQL: the API server building the file and until when its claim holds (database clock, epoch ms). */
  owner?: string | null;
  lease_until?: number | null;
}

/** better-auth's user table, read for /api/me and API-key callers; better-auth writes it. */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  isAnonymous: number | boolean | null;
}

export interface ProfileTable {
  /** The user id. */
  id: string;
  company: string | null;
  ip_address: string | null;
  newsletter_consent: number;
  contact_consent: number;
  /** The address given in the consent modal (anonymous users have no real one yet). */
  consent_email: string | null;
  account_type: string;
  linkedin_profile: string | null;
  completed_registration: number;
  is_active: number;
  created_at: number;
  updated_at: number;
}

export interface ApiKeyTable {
  api_key_id: string;
  user_id: string;
  /** SHA-256 of the key, hex; the key itself is never stored. */
  key_hash: string;
  key_prefix: string;
  key_suffix: string;
  key_name: string;
  key_description: string | null;
  tier: string;
  expiration_days: number;
  expires_at: number;
  is_active: number;
  created_at: number;
  updated_at: number;
  usage_count: number;
  last_used_at: number | null;
}

export interface SearchEventTable {
  search_id: string;
  user_id: string | null;
  principal_id: string;
  ip_address: string | null;
  search_method: string;
  search_quality: string;
  databases: string;
  query_smiles: string;
  num_results: number | null;
  created_at: number;
}

export interface DownloadEventTable {
  download_id: string;
  search_id: string;
  user_id: string | null;
  principal_id: string;
  ip_address: string | null;
  download_format: string;
  num_molecules_downloaded: number | null;
  download_metadata: number;
  download_properties: number;
  file_size_bytes: number | null;
  databases: string;
  created_at: number;
}

export interface QuotationTable {
  quotation_id: string;
  search_id: string;
  user_id: string | null;
  principal_id: string;
  ip_address: string | null;
  status: string;
  query_smiles: string;
  databases: string;
  search_method: string;
  additional_notes: string | null;
  created_at: number;
}

export interface AdmetTable {
  admet_id: string;
  user_id: string;
  search_id: string;
  ip_address: string | null;
  created_at: number;
}

export interface AnalyticsEventTable {
  id: string;
  principal_id: string;
  event: string;
  /** JSON object of at most 25 parameters. */
  params: string;
  created_at: number;
}

/** A catalogue row of a hit found by a search node, in its catalogue's joined numbering (cluster mode). */
export interface ClusterRowTable {
  database: string;
  row: number;
  smiles: string;
  compound_id: string;
  /** The row's property columns as JSON. */
  properties: string;
}

/** A chunk of a job's file (hit list, score columns, download) when jobs' files are kept in the store. */
export interface JobFileTable {
  job_id: string;
  /** The file's path under the job, e.g. hits/MOLPORT.hits. */
  name: string;
  chunk: number;
  data: Uint8Array;
}

export interface StoreSchema {
  jobs: JobTable;
  batches: BatchTable;
  downloads: DownloadTable;
  user: AuthUserTable;
  profiles: ProfileTable;
  api_keys: ApiKeyTable;
  searches: SearchEventTable;
  download_events: DownloadEventTable;
  quotations: QuotationTable;
  admet_properties: AdmetTable;
  analytics_events: AnalyticsEventTable;
  cluster_rows: ClusterRowTable;
  job_files: JobFileTable;
}
