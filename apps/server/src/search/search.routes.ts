import { histogramQuery, hitQuery, jobQuery, pageQuery, submitSearchQuery } from '@molsearch/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { RateLimits } from '../http/rate-limit.middleware.ts';
import { rateLimit } from '../http/rate-limit.middleware.ts';
import type { JobService } from './job.service.ts';
import type { ResultService } from './result.service.ts';
import { parseQuery } from '../http/validation.ts';

/** Submitting searches, polling them and reading their results. */
export function searchRoutes(options: { jobs: JobService; results: ResultService; limits: RateLimits }): Hono<AppEnv> {
  const { jobs, results, limits } = options;
  const routes = new Hono<AppEnv>();

  routes.get('/submit_molsearch', rateLimit(limits, 'submissions'), async (c) => {
    const query = parseQuery(c, submitSearchQuery);
    const jobName = await jobs.submit(c.get('principal'), query);
    c.get('log').info('search submitted', { job_id: jobName, method: query.search_type, databases: query.db_names });
    return c.json({ job_name: jobName });
  });

  routes.get('/job_status', async (c) => {
    const { job_name } = parseQuery(c, jobQuery);
    return c.json(await jobs.status(job_name, c.get('principal')));
  });

  routes.get('/get_molsearch_page', async (c) => {
    return c.json(await results.page(parseQuery(c, pageQuery), c.get('principal')));
  });

  routes.get('/get_hit', async (c) => {
    return c.json(await results.hit(parseQuery(c, hitQuery), c.get('principal')));
  });

  routes.get('/get_hit_pose', async (c) => {
    const query = parseQuery(c, hitQuery);
    const sdf = await results.pose(query, c.get('principal'));
    const name = `molsearch-pose-${query.db_name}-${query.id.split(':')[1] ?? 'hit'}.sdf`.replace(/[^A-Za-z0-9._-]/g, '_');
    return c.body(sdf, 200, { 'Content-Type': 'chemical/x-mdl-sdfile; charset=utf-8', 'Content-Disposition': `inline; filename="${name}"` });
  });

  routes.get('/get_sim_histograms', async (c) => {
    const { job_name, n_bins } = parseQuery(c, histogramQuery);
    return c.json(await results.histogram(job_name, n_bins, c.get('principal')));
  });

  return routes;
}
