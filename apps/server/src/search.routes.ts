import { histogramQuery, jobQuery, pageQuery, submitSearchQuery } from '@molsearch/api';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import type { RateLimiter } from './rate-limit.middleware.ts';
import { rateLimit } from './rate-limit.middleware.ts';
import type { Services } from './services.ts';
import { parseQuery } from './validation.ts';

/** Submitting searches, polling them and reading their results. */
export function searchRoutes(services: Services, limiter: RateLimiter, rateLimiting: boolean): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/submit_molsearch', rateLimit(limiter, 'submissions', rateLimiting), async (c) => {
    const query = parseQuery(c, submitSearchQuery);
    const jobName = await services.jobs.submit(c.get('principal'), query);
    c.get('log').info('search submitted', { job_id: jobName, method: query.search_type, databases: query.db_names });
    return c.json({ job_name: jobName });
  });

  routes.get('/job_status', async (c) => {
    const { job_name } = parseQuery(c, jobQuery);
    return c.json(await services.jobs.status(job_name, c.get('principal')));
  });

  routes.get('/get_molsearch_page', async (c) => {
    return c.json(await services.results.page(parseQuery(c, pageQuery), c.get('principal')));
  });

  routes.get('/get_sim_histograms', async (c) => {
    const { job_name, n_bins } = parseQuery(c, histogramQuery);
    return c.json(await services.results.histogram(job_name, n_bins, c.get('principal')));
  });

  return routes;
}
