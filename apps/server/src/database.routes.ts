import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';
import type { Services } from './services.ts';

/** Public catalogue information, example molecules and the health check. */
export function databaseRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/databases', async (c) => c.json(await services.catalogues.databases()));

  routes.get('/random_molecule', async (c) => {
    const molecule = await services.catalogues.randomMolecule();
    if (!molecule) throw new AppError('UNAVAILABLE', { message: 'No catalogue is imported yet, so there is no example molecule to pick.' });
    return c.json([molecule]);
  });

  routes.get('/health', async (c) => {
    const [catalogues, jobs] = await Promise.all([services.catalogues.list(), services.jobs.counts()]);
    return c.json({ status: 'ok' as const, databases: catalogues.length, queued_jobs: jobs.queued, running_jobs: jobs.running });
  });

  return routes;
}
