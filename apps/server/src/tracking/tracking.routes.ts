import { analyticsBody, trackAdmetBody, trackQuotationBody, trackSearchBody } from '@molsearch/api';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { accountBodyLimit, parseJsonBody } from '../http/json-body.ts';
import type { TrackingService } from './tracking.service.ts';

/**
 * Tracking calls answer 204 whatever happens (spec: tracking failures are silent); a failure is only
 * logged. Analytics events are checked, so a client sending a bad event learns it.
 */
export function trackingRoutes(tracking: TrackingService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const silently = async <S extends z.ZodType>(c: Context<AppEnv>, schema: S, record: (body: z.output<S>) => Promise<void>): Promise<Response> => {
    try {
      await record(await parseJsonBody(c, schema));
    } catch (error) {
      c.get('log').debug('tracking skipped', { path: c.req.path, reason: error instanceof Error ? error.message : String(error) });
    }
    return c.body(null, 204);
  };

  routes.post('/track/search', accountBodyLimit, (c) => silently(c, trackSearchBody, (body) => tracking.search(c.get('principal'), body.job_name)));
  routes.post('/track/quotation', accountBodyLimit, (c) => silently(c, trackQuotationBody, (body) => tracking.quotation(c.get('principal'), body)));
  routes.post('/track/admet', accountBodyLimit, (c) => silently(c, trackAdmetBody, (body) => tracking.admet(c.get('principal'), body.job_name)));

  routes.post('/analytics', accountBodyLimit, async (c) => {
    const body = await parseJsonBody(c, analyticsBody);
    await tracking.analytics(c.get('principal'), body);
    return c.body(null, 204);
  });

  return routes;
}
