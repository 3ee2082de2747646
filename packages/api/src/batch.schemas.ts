import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_QUERY_SMILES_LENGTH, submitSearchQuery } from './search.schemas.ts';
import { RATE_LIMITS } from './rate-limits.ts';

/**
 * Batch search: one search per query of a file or a list, with the options of a single search. Each
 * query runs as a job of its own (so a batch survives a restart as jobs do), and the batch answers how
 * many are done, each query's job for its pages, a merged view and one CSV of everything.
 */

/** The most queries any tier may send in one batch (RATE_LIMITS has each tier's). */
export const MAX_BATCH_QUERIES = Math.max(...Object.values(RATE_LIMITS).map((limits) => limits.queriesPerBatch));
/** Largest batch file accepted, as text (base64 for .xlsx). */
export const MAX_BATCH_FILE_CHARS = 8_000_000;
/** Best hits of each query that the merged view and the batch CSV draw on. */
export const BATCH_HITS_PER_QUERY = 1000;
export const BATCH_FILE_TYPES = ['.csv', '.smi', '.xlsx', '.sdf'] as const;

const batchId = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'a batch id is letters, digits and dashes')
  .meta({ description: 'The batch id returned by submit_batch.' });

/** submit_batch's query: a single search's options without its query molecule. */
export const submitBatchQuery = submitSearchQuery.omit({ search_input: true });
export type SubmitBatchQuery = z.output<typeof submitBatchQuery>;

export const submitBatchBody = z
  .object({
    smiles: z
      .array(z.string().max(MAX_QUERY_SMILES_LENGTH))
      .max(MAX_BATCH_QUERIES)
      .optional()
      .meta({ description: 'The queries as SMILES, one search each; their ids are q1, q2, ...' }),
    file: z
      .object({
        name: z.string().min(1).max(255).meta({ description: 'The file name; its extension (.smi, .csv, .sdf, .xlsx) gives the format.' }),
        content: z.string().max(MAX_BATCH_FILE_CHARS),
        encoding: z.enum(['utf8', 'base64']).default('utf8').meta({ description: 'base64 for .xlsx.' }),
      })
      .optional()
      .meta({ description: "A query file read like an import: SMILES and an id per row (SD title or ID field); bad rows are reported by line and skipped." }),
  })
  .refine((body) => (body.smiles === undefined) !== (body.file === undefined), { message: 'Send either smiles or file.' });
export type SubmitBatchBody = z.output<typeof submitBatchBody>;

export const submitBatchAnswer = z.object({
  batch_id: z.string(),
  queries: z.number().meta({ description: 'Queries accepted, one search each.' }),
  skipped_rows: z.array(z.object({ line: z.number(), message: z.string() })).meta({ description: 'Rows of the file or list that were not searched, by line (from 1).' }),
});
export type SubmitBatchAnswer = z.output<typeof submitBatchAnswer>;

export const batchQuery = z.object({ batch_id: batchId });

export const batchQueryStatus = z.object({
  query_id: z.string(),
  query_smiles: z.string(),
  job_name: z.string().meta({ description: "The query's own search: pass it to get_molsearch_page and the other job calls." }),
  status: z.string().meta({ description: 'As job_status answers it.' }),
  num_results: z.number().nullable(),
});

export const batchStatusAnswer = z.object({
  batch_id: z.string(),
  status: z.enum(['QUEUED', 'EXECUTING', 'SUCCESS']).meta({ description: 'SUCCESS once every query has finished (some may have failed).' }),
  queries_total: z.number(),
  queries_done: z.number().meta({ description: 'Queries finished, succeeded or failed.' }),
  queries_failed: z.number(),
  skipped_rows: z.array(z.object({ line: z.number(), message: z.string() })),
  queries: z.array(batchQueryStatus),
});
export type BatchStatusAnswer = z.output<typeof batchStatusAnswer>;

export const batchPageQuery = z.object({
  batch_id: batchId,
  page_num: z.coerce.number().int().min(0).default(0),
  page_size: z.coerce.number().int().min(1).max(BATCH_HITS_PER_QUERY).default(DEFAULT_PAGE_SIZE),
});
export type BatchPageQuery = z.output<typeof batchPageQuery>;

export const batchPageAnswer = z
  .object({
    smiles: z.array(z.string()),
    id: z.array(z.string()),
    database: z.array(z.string()),
    db_id: z.array(z.string()),
    similarity: z.array(z.number()).meta({ description: 'The best similarity of the molecule to any query.' }),
    query_id: z.array(z.string()).meta({ description: 'The query it is most similar to.' }),
    query_smiles: z.array(z.string()),
  })
  .meta({ description: `The merged view: every molecule found once, ranked by its best similarity to any query (drawn from each query's ${BATCH_HITS_PER_QUERY} best hits).` });
export type BatchPageAnswer = z.output<typeof batchPageAnswer>;

export const batchDownloadQuery = z.object({ batch_id: batchId });

export const batchDownloadAnswer = z.string().meta({ description: 'CSV, one row per hit of each query: query_id, query_smiles, rank, database, id, smiles, similarity.' });
