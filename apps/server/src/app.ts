import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';
import { databaseRoutes } from './database.routes.ts';
import { depictRoutes } from './depict.routes.ts';
import { docsRoutes } from './docs.routes.ts';
import { downloadRoutes } from './download.routes.ts';
import { handleError } from './error-handler.ts';
import type { Logger } from './logger.ts';
import { RateLimiter, rateLimit } from './rate-limit.middleware.ts';
import { requestContext } from './request-context.middleware.ts';
import { searchRoutes } from './search.routes.ts';
import type { Services } from './services.ts';

export interface AppOptions {
  version: string;
  rateLimiting: boolean;
  maxBodyBytes: number;
  webDir: string | undefined;
  now: () => number;
}

/** The HTTP application: context and limits first, then the API, then the web app if it was built. */
export function createApp(services: Services, logger: Logger, options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limiter = new RateLimiter(options.now);
  app.use('*', requestContext(logger, { secureCookies: false }));
  // Before the request budget: a results grid draws dozens of cached molecules at once.
  app.route('/api', depictRoutes());
  app.use('/api/*', rateLimit(limiter, 'requests', options.rateLimiting));

  const api = new Hono<AppEnv>();
  api.route('/', searchRoutes(services, limiter, options.rateLimiting));
  api.route('/', downloadRoutes(services, options.maxBodyBytes));
  api.route('/', databaseRoutes(services));
  api.route('/', docsRoutes(options.version));
  app.route('/api', api);
  app.all('/api/*', () => {
    throw new AppError('ROUTE_NOT_FOUND');
  });

  if (options.webDir && existsSync(options.webDir)) {
    // serveStatic resolves its root against the working directory.
    const root = relative(process.cwd(), options.webDir) || '.';
    app.use('*', serveStatic({ root }));
    // Client-side routes (/about, /{vendor}, ...) all load the app shell.
    app.get('*', serveStatic({ root, path: 'index.html' }));
  } else {
    // Without a built web app the API documentation is the front page.
    app.get('/', (c) => c.redirect('/api/docs'));
  }

  app.onError(handleError(logger));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
