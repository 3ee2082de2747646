import { HISTOGRAM_BINS, SEARCH_METHODS, SEARCH_QUALITIES } from '@molsearch/engine/vocabulary';
import { z } from 'zod';
import { hitScoreArrays } from './hit-scores.schemas.ts';
import type { HitScoreField } from './hit-scores.schemas.ts';
import { searchTypeDescription } from './method-texts.ts';
import { filterParameters, jobFilters } from './search-filters.schemas.ts';

/**
 * Request and answer schemas of the Search API (spec section 7). The server validates every request
 * with them and generates the OpenAPI document from them, so the two cannot drift apart.
 * Query values arrive as strings: numbers are coerced and booleans read as 'true'/'false' (also 1/0, yes/no).
 */

export { HISTOGRAM_BINS, SEARCH_METHODS, SEARCH_QUALITIES } from '@molsearch/engine/vocabulary';
export type { SearchMethod, SearchQuality } from '@molsearch/engine/vocabulary';
export const FILE_FORMATS = ['csv', 'sdf', 'smi', 'xlsx'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 1000;
export const MAX_HISTOGRAM_BINS = 1000;
export const MAX_DOWNLOAD_HITS = 100_000;
/** Same bound as the chemistry package's SMILES validation; repeated here so the contract stands alone. */
export const MAX_QUERY_SMILES_LENGTH = 4000;
export const MAX_DATABASES_PER_SEARCH = 50;

const queryBoolean = z.stringbool();
const databaseId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a database id is letters, digits, dash or underscore (at most 64)');
const jobName = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'a job name is letters, digits and dashes')
  .meta({ description: 'The job id returned by submit_molsearch.' });
const similarityThreshold = z.coerce
  .number()
  .min(0)
  .max(1)
  .meta({ description: 'Only hits with similarity at or above this value (0..1).' });

/** `db_names` may repeat (`db_names=A&db_names=B`) or be a comma list (`db_names=A,B`); both mean [A, B]. */
const databaseList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(databaseId).min(1, 'Please select at least one database to search').max(MAX_DATABASES_PER_SEARCH));

export const submitSearchQuery = z.object({
  search_input: z.string().max(MAX_QUERY_SMILES_LENGTH).meta({ description: 'Query molecule as SMILES.', example: 'CC(=O)Oc1ccccc1C(=O)O' }),
  search_type: z.enum(SEARCH_METHODS).default('espsim_electrostatic').meta({ description: searchTypeDescription() }),
  search_quality: z.enum(SEARCH_QUALITIES).default('fast').meta({ description: 'Search quality (3D methods): how many first-stage candidates per database are re-scored exactly; very_accurate finds more of the true best hits than fast, in more time. Morgan search is exact at every quality.' }),
  db_names: databaseList.meta({ description: 'Database ids from /api/databases; repeat the parameter or give a comma list.' }),
  compute_properties: queryBoolean.default(false).meta({ description: 'Add property columns to pages and downloads.' }),
  ...filterParameters,
});
export type SubmitSearchQuery = z.output<typeof submitSearchQuery>;

export const jobQuery = z.object({ job_name: jobName });

export const pageQuery = z.object({
  job_name: jobName,
  page_num: z.coerce.number().int().min(0).default(0).meta({ description: 'Page index, from 0.' }),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  db_name: databaseId.optional().meta({ description: 'Only hits of this database; without it, all databases merged by similarity.' }),
  include_properties: queryBoolean.default(false),
  sim_th: similarityThreshold.optional(),
});
export type PageQuery = z.output<typeof pageQuery>;

export const histogramQuery = z.object({
  job_name: jobName,
  n_bins: z.coerce.number().int().min(1).max(MAX_HISTOGRAM_BINS).default(HISTOGRAM_BINS),
});
export type HistogramQuery = z.output<typeof histogramQuery>;

export const prepareDownloadQuery = z.object({
  job_name: jobName,
  file_format: z.enum(FILE_FORMATS),
  include_properties: queryBoolean.default(false),
  include_metadata: queryBoolean.default(false).meta({ description: 'Add vendor, website and order e-mail columns.' }),
  db_name: databaseId.optional(),
  sim_th: similarityThreshold.optional(),
});
export type PrepareDownloadQuery = z.output<typeof prepareDownloadQuery>;

export const prepareDownloadBody = z
  .object({
    neighbor_ids: z
      .array(z.string().max(300))
      .max(MAX_DOWNLOAD_HITS)
      .optional()
      .meta({ description: 'Result ids (the `id` array of a page) to download; empty or absent means all hits.' }),
  })
  .default({});
export type PrepareDownloadBody = z.output<typeof prepareDownloadBody>;

export const downloadLinkQuery = z.object({
  job_name: jobName,
  file_format: z.enum(FILE_FORMATS),
  download_suff: z.enum(['all', 'selected']).default('all'),
  db_name: databaseId.optional(),
});
export type DownloadLinkQuery = z.output<typeof downloadLinkQuery>;

// ---- answers ----

export const submitSearchAnswer = z.object({ job_name: z.string().meta({ description: 'The job id; pass it as job_name.' }) });

/** How a job's note starts when some part of a database had no live search node (the `partial` flag is read from it). */
export const PARTIAL_NOTE_PREFIX = 'partial:';

export const jobStatusAnswer = z.object({
  job_name: z.string(),
  status: z.string().meta({
    description: 'QUEUED, "EXECUTING: Searching in {database} (NN%)", SUCCESS or FAILED.',
    example: 'EXECUTING: Searching in ENAMINE-REAL (42%)',
  }),
  percent: z.number().meta({ description: '0..100.' }),
  database: z.string().nullable().meta({ description: 'The database being searched while executing.' }),
  reason: z.string().nullable().meta({ description: 'Why the job failed.' }),
  num_results: z.number().nullable(),
  filters: jobFilters,
  notes: z.array(z.string()).meta({
    description:
      'What the filters did where it matters: a database where nothing passed, or where candidates were left unchecked; and, for a search through search nodes, "partial: part k of N of {database} unavailable" for each database some of whose parts no node answered for.',
  }),
  partial: z.boolean().meta({ description: 'True when some part of a database searched had no live search node: the hits lack its molecules (see notes).' }),
});
export type JobStatusAnswer = z.output<typeof jobStatusAnswer>;

const propertyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const pageAnswer = z
  .object({
    smiles: z.array(z.string()),
    id: z.array(z.string()).meta({ description: 'Result id: lowercased database, vendor id and a SMILES hash joined by colons.' }),
    database: z.array(z.string()),
    db_id: z.array(z.string()).meta({ description: "The vendor's own compound id." }),
    similarity: z.array(z.number()).meta({ description: 'The score the search ranked by (for consensus, the fused score).' }),
    ...hitScoreArrays,
  })
  .catchall(z.array(propertyValue))
  .meta({
    description:
      'Parallel arrays, one entry per hit, best first, each hit with all three scores (the two a search did not rank by are computed exactly when its hits are first read); property arrays are added with include_properties.',
  });
export type PageAnswer = { smiles: string[]; id: string[]; database: string[]; db_id: string[]; similarity: number[] } & Record<HitScoreField, (number | null)[]> &
  Record<string, (string | number | boolean | null)[]>;

export const histogramAnswer = z.object({
  job_name: z.string(),
  n_bins: z.number(),
  bin_edges: z.array(z.number()).meta({ description: 'n_bins + 1 edges over 0..1.' }),
  databases: z.record(
    z.string(),
    z.object({ counts: z.array(z.number()), total: z.number(), min: z.number().nullable(), max: z.number().nullable() }),
  ),
});
export type HistogramAnswer = z.output<typeof histogramAnswer>;

export const prepareDownloadAnswer = z.object({
  download_suff: z.enum(['all', 'selected']),
  status: z.string().meta({ description: 'PREPARING or READY.' }),
});

export const downloadLinkAnswer = z.object({
  status: z.enum(['PREPARING', 'READY', 'FAILED']),
  download_link: z.string().nullable().meta({ description: 'Path of the file once READY.' }),
  message: z.string().nullable(),
  num_molecules: z.number().nullable(),
});
export type DownloadLinkAnswer = z.output<typeof downloadLinkAnswer>;

export const databaseInfo = z.object({
  Vendor: z.string(),
  Website: z.string(),
  Email: z.string().meta({ description: 'Order e-mail or "N/A".' }),
  'Number of molecules': z.number(),
  display_name: z.string(),
  description: z.string(),
  badges: z.array(z.string()),
  available: z.boolean().optional().meta({ description: 'false for a database that cannot be searched now (damaged, or built by an older version); absent otherwise.' }),
  unavailable_reason: z.string().optional().meta({ description: 'Why the database cannot be searched, when `available` is false.' }),
});
export type DatabaseInfo = z.output<typeof databaseInfo>;
export const databasesAnswer = z.record(z.string(), databaseInfo);

export const randomMoleculeAnswer = z.array(z.object({ smiles: z.string(), name: z.string().nullable(), database: z.string().nullable() }));

export const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded', 'unhealthy']).describe('unhealthy (HTTP 503) while the chemistry toolkit cannot serve; degraded (HTTP 200) while a database cannot be searched'),
  chemistry: z.enum(['not loaded', 'ready', 'replacing', 'failed']).describe("the RDKit module's state; replacing after a molecule broke it"),
  chemistry_faults: z.number().describe('molecules that broke the toolkit since the server started; each was refused and the toolkit replaced'),
  databases: z.number().describe('databases that can be searched'),
  unavailable_databases: z.array(z.object({ id: z.string(), reason: z.string() })).describe('databases that cannot be searched now, and why'),
  queued_jobs: z.number(),
  running_jobs: z.number(),
});
