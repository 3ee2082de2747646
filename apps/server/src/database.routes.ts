import { setTimeout as delay } from 'node:timers/promises';
import { checkRDKit, loadRDKit, rdkitHealth } from '@molsearch/chem';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';
import type { Services } from './services.ts';

/** How long the health check waits for a chemistry toolkit being replaced. */
const TOOLKIT_WAIT_MS = 2000;

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
    // The check replaces a module that fails it; a fresh one loads in well under a second, and only a
    // toolkit that cannot be loaded within the wait makes the service unhealthy.
    if (checkRDKit() !== 'ready') await Promise.race([loadRDKit().catch(() => undefined), delay(TOOLKIT_WAIT_MS)]);
    const chemistry = rdkitHealth().state;
    const healthy = chemistry === 'ready';
    return c.json(
      {
        status: healthy ? ('ok' as const) : ('unhealthy' as const),
        chemistry,
        chemistry_faults: rdkitHealth().faults,
        databases: catalogues.length,
        queued_jobs: jobs.queued,
        running_jobs: jobs.running,
      },
      healthy ? 200 : 503,
    );
  });

  return routes;
}
