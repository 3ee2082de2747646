import { MAX_BATCH_FILE_CHARS, batchPageQuery, batchQuery, submitBatchBody, submitBatchQuery } from '@molsearch/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { limitBody, readJsonBody } from '../http/json-body.ts';
import type { RateLimits } from '../http/rate-limit.middleware.ts';
import { rateLimit } from '../http/rate-limit.middleware.ts';
import { parseQuery, parseWith } from '../http/validation.ts';
import type { BatchService } from './batch.service.ts';

/** A batch body holds a whole query file; its own bound, above the general one. */
const BATCH_BODY_BYTES = MAX_BATCH_FILE_CHARS + 65_536;

/** Batch searches: submitting a file or list, its status, the merged view and its CSV. */
export function batchRoutes(options: { batches: BatchService; limits: RateLimits }): Hono<AppEnv> {
  const { batches, limits } = options;
  const routes = new Hono<AppEnv>();

  routes.post('/submit_batch', rateLimit(limits, 'submissions'), limitBody(BATCH_BODY_BYTES, `${Math.round(BATCH_BODY_BYTES / 1048576)} MB`), async (c) => {
    const query = parseQuery(c, submitBatchQuery);
    const body = parseWith(submitBatchBody, await readJsonBody(c, 'The body must be JSON: {"smiles": [...]} or {"file": {"name": ..., "content": ...}}'));
    const answer = await batches.submit(c.get('principal'), query, body);
    c.get('log').info('batch submitted', { batch_id: answer.batch_id, queries: answer.queries, skipped: answer.skipped_rows.length, method: query.search_type });
    return c.json(answer);
  });

  routes.get('/batch_status', async (c) => c.json(await batches.status(parseQuery(c, batchQuery).batch_id, c.get('principal'))));

  routes.get('/get_batch_page', async (c) => c.json(await batches.page(parseQuery(c, batchPageQuery), c.get('principal'))));

  routes.get('/batch_download', async (c) => {
    const { batch_id } = parseQuery(c, batchQuery);
    const csv = await batches.csv(batch_id, c.get('principal'));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="molsearch-batch-${batch_id}.csv"`,
      'Cache-Control': 'private',
    });
  });

  return routes;
}
