import type { z } from 'zod';
import type { ApiErrorCode } from './error-codes.ts';
import {
  BATCH_HITS_PER_QUERY,
  batchDownloadAnswer,
  batchDownloadQuery,
  batchPageAnswer,
  batchPageQuery,
  batchQuery,
  batchStatusAnswer,
  submitBatchAnswer,
  submitBatchBody,
  submitBatchQuery,
} from './batch.schemas.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { hitAnswer, hitPoseAnswer, hitQuery } from './hit.schemas.ts';
import {
  databasesAnswer,
  downloadLinkAnswer,
  downloadLinkQuery,
  healthAnswer,
  histogramAnswer,
  histogramQuery,
  jobQuery,
  jobStatusAnswer,
  pageAnswer,
  pageQuery,
  prepareDownloadAnswer,
  prepareDownloadBody,
  prepareDownloadQuery,
  randomMoleculeAnswer,
  submitSearchAnswer,
  submitSearchQuery,
} from './search.schemas.ts';

export interface ApiOperation {
  id: string;
  method: 'get' | 'post';
  path: string;
  summary: string;
  description: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  answer: z.ZodType;
  /** The answer's media type; JSON when not given. */
  answerMediaType?: string;
  errors: ApiErrorCode[];
}

// Any call may meet a server that is stopping, a toolkit being replaced or a catalogue no search node serves at the moment.
const common: ApiErrorCode[] = ['RATE_LIMITED', 'UNAVAILABLE', 'INTERNAL'];

/** The Search API of spec section 7; the server's OpenAPI document and docs page are built from this table. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    id: 'randomMolecule',
    method: 'get',
    path: '/api/random_molecule',
    summary: 'A random example molecule',
    description: 'A list whose first item holds the SMILES of a molecule picked from the catalogues.',
    answer: randomMoleculeAnswer,
    errors: common,
  },
  {
    id: 'submitSearch',
    method: 'get',
    path: '/api/submit_molsearch',
    summary: 'Submit a similarity search',
    description: 'Queues a search and answers at once with its job name; poll job_status until SUCCESS.',
    query: submitSearchQuery,
    answer: submitSearchAnswer,
    errors: ['INVALID_PARAMETERS', 'TOO_MANY_QUEUED_JOBS', 'PAYLOAD_TOO_LARGE', ...common],
  },
  {
    id: 'jobStatus',
    method: 'get',
    path: '/api/job_status',
    summary: 'Status of a search job',
    description: 'QUEUED, then "EXECUTING: Searching in {database} (NN%)", then SUCCESS or FAILED with a reason.',
    query: jobQuery,
    answer: jobStatusAnswer,
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', 'JOB_EXPIRED', ...common],
  },
  {
    id: 'searchPage',
    method: 'get',
    path: '/api/get_molsearch_page',
    summary: 'One page of hits',
    description: 'Hits best first as parallel arrays; db_name limits to one database, sim_th to hits at or above a similarity.',
    query: pageQuery,
    answer: pageAnswer,
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', 'JOB_EXPIRED', 'JOB_NOT_FINISHED', 'JOB_FAILED', ...common],
  },
  {
    id: 'hit',
    method: 'get',
    path: '/api/get_hit',
    summary: 'One hit with its three scores',
    description: 'The hit of a result id in one database of a finished search: SMILES, ids, rank, the three scores and its property columns.',
    query: hitQuery,
    answer: hitAnswer,
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', 'JOB_EXPIRED', 'JOB_NOT_FINISHED', 'JOB_FAILED', 'HIT_NOT_FOUND', ...common],
  },
  {
    id: 'hitPose',
    method: 'get',
    path: '/api/get_hit_pose',
    summary: 'The query and one hit aligned in 3D',
    description:
      'An SD file of two records: the query at the conformer the hit aligns to, and the hit at its best-shape pose on it, with the scores and per-atom partial charges as fields. Works for hits of every method, Morgan too, when the catalogue has 3D models.',
    query: hitQuery,
    answer: hitPoseAnswer,
    answerMediaType: 'chemical/x-mdl-sdfile',
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', 'JOB_EXPIRED', 'JOB_NOT_FINISHED', 'JOB_FAILED', 'HIT_NOT_FOUND', 'NO_3D_MODEL', ...common],
  },
  {
    id: 'similarityHistograms',
    method: 'get',
    path: '/api/get_sim_histograms',
    summary: 'Similarity histograms per database',
    description: 'Counts of hits per similarity bin over 0..1 for each searched database.',
    query: histogramQuery,
    answer: histogramAnswer,
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', 'JOB_EXPIRED', 'JOB_NOT_FINISHED', 'JOB_FAILED', ...common],
  },
  {
    id: 'prepareDownload',
    method: 'post',
    path: '/api/prepare_download',
    summary: 'Start building a download file',
    description:
      'Builds CSV, SDF, SMILES or XLSX in the background from all hits (download_suff "all") or the neighbor_ids given ("selected"), up to 100,000 hits.',
    query: prepareDownloadQuery,
    body: prepareDownloadBody,
    answer: prepareDownloadAnswer,
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', 'JOB_EXPIRED', 'JOB_NOT_FINISHED', 'JOB_FAILED', 'PAYLOAD_TOO_LARGE', ...common],
  },
  {
    id: 'downloadLink',
    method: 'get',
    path: '/api/get_download_link',
    summary: 'Link of a prepared download',
    description: 'PREPARING until the file is built, then READY with download_link (or FAILED with a message).',
    query: downloadLinkQuery,
    answer: downloadLinkAnswer,
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', 'JOB_EXPIRED', 'DOWNLOAD_NOT_FOUND', ...common],
  },
  {
    id: 'submitBatch',
    method: 'post',
    path: '/api/submit_batch',
    summary: 'Submit a batch search',
    description:
      `One search per query of a SMILES list or a .smi, .csv, .sdf or .xlsx file, with a single search's options and filters; rows that cannot be searched are reported by line and skipped. ` +
      `At most ${RATE_LIMITS.anonymous.queriesPerBatch} queries for visitors, ${RATE_LIMITS.free.queriesPerBatch} for free accounts and ${RATE_LIMITS.pro.queriesPerBatch} for pro; one batch waiting at a time. Poll batch_status.`,
    query: submitBatchQuery,
    body: submitBatchBody,
    answer: submitBatchAnswer,
    errors: ['INVALID_PARAMETERS', 'TOO_MANY_QUEUED_JOBS', 'PAYLOAD_TOO_LARGE', ...common],
  },
  {
    id: 'batchStatus',
    method: 'get',
    path: '/api/batch_status',
    summary: 'Status of a batch search',
    description: "Queries done out of the total, the rows skipped, and each query's id, SMILES, job name (for its pages) and status.",
    query: batchQuery,
    answer: batchStatusAnswer,
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', ...common],
  },
  {
    id: 'batchPage',
    method: 'get',
    path: '/api/get_batch_page',
    summary: "One page of a batch's merged hits",
    description: `Every molecule the queries found, once, ranked by its best similarity to any query, with that query's id and SMILES (from each query's ${BATCH_HITS_PER_QUERY} best hits).`,
    query: batchPageQuery,
    answer: batchPageAnswer,
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', ...common],
  },
  {
    id: 'batchDownload',
    method: 'get',
    path: '/api/batch_download',
    summary: "A batch's hits as CSV",
    description: `Each query's ${BATCH_HITS_PER_QUERY} best hits, one row each: query_id, query_smiles, rank, database, id, smiles, similarity.`,
    query: batchDownloadQuery,
    answer: batchDownloadAnswer,
    answerMediaType: 'text/csv',
    errors: ['INVALID_PARAMETERS', 'JOB_NOT_FOUND', ...common],
  },
  {
    id: 'databases',
    method: 'get',
    path: '/api/databases',
    summary: 'Searchable databases',
    description: 'Map of database id to vendor, website, order e-mail, molecule count, display name, description and badges.',
    answer: databasesAnswer,
    errors: common,
  },
  {
    id: 'health',
    method: 'get',
    path: '/api/health',
    summary: 'Health check',
    description: 'Answers 200 when the server, its store and its catalogues are usable.',
    answer: healthAnswer,
    errors: ['UNAVAILABLE', 'INTERNAL'],
  },
];
