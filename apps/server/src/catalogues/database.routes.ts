import { setTimeout as delay } from 'node:timers/promises';
import { checkRDKit, loadRDKit, rdkitHealth } from '@molsearch/chem';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../http/app-error.ts';
import type { JobService } from '../search/job.service.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** How long the health check waits for a chemistry toolkit being replaced. */
const TOOLKIT_WAIT_MS = 2000;

/** Public catalogue information, example molecules and the health check. */
export function databaseRoutes(options: { catalogues: CatalogueService; jobs: JobService }): Hono<AppEnv> {
  const { catalogues, jobs } = options;
  const routes = new Hono<AppEnv>();

  routes.get('/databases', async (c) => c.json(await catalogues.databases()));

  routes.get('/random_molecule', async (c) => {
    const molecule = await catalogues.randomMolecule();
    if (!molecule) throw new AppError('UNAVAILABLE', { message: 'No catalogue is imported yet, so there is no example molecule to pick.' });
    return c.json([molecule]);
  });

  routes.get('/health', async (c) => {
    const [listed, counts] = await Promise.all([catalogues.list(), jobs.counts()]);
    // The check replaces a module that fails it; a fresh one loads in well under a second, and only a
    // toolkit that cannot be loaded within the wait makes the service unhealthy.
    if (checkRDKit() !== 'ready') await Promise.race([loadRDKit().catch(() => undefined), delay(TOOLKIT_WAIT_MS)]);
    const chemistry = rdkitHealth().state;
    const healthy = chemistry === 'ready';
    const unavailable = listed.filter((catalogue) => catalogue.unavailable !== undefined).map((catalogue) => ({ id: catalogue.id, reason: catalogue.unavailable! }));
    return c.json(
      {
        status: !healthy ? ('unhealthy' as const) : unavailable.length > 0 ? ('degraded' as const) : ('ok' as const),
        chemistry,
        chemistry_faults: rdkitHealth().faults,
        databases: listed.length - unavailable.length,
        unavailable_databases: unavailable,
        queued_jobs: counts.queued,
        running_jobs: counts.running,
      },
      healthy ? 200 : 503,
    );
  });

  return routes;
}
