import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { accountPrincipal } from './account-principal.middleware.ts';
import { accountPromotionRoutes } from './account-promotion.routes.ts';
import { apiKeyRoutes } from './api-key.routes.ts';
import type { AppEnv } from './app-env.ts';
import { AUTH_BASE_PATH, trustedOrigins } from './auth.ts';
import { authRoutes } from './auth.routes.ts';
import { consentRoutes } from './consent.routes.ts';
import { csrfGuard } from './csrf.middleware.ts';
import { AppError } from './app-error.ts';
import { databaseRoutes } from './database.routes.ts';
import { depictRoutes } from './depict.routes.ts';
import { docsRoutes } from './docs.routes.ts';
import { downloadRoutes } from './download.routes.ts';
import { handleError } from './error-handler.ts';
import type { Logger } from './logger.ts';
import { RateLimiter, rateLimit } from './rate-limit.middleware.ts';
import { requestContext } from './request-context.middleware.ts';
import { profileRoutes } from './profile.routes.ts';
import { searchRoutes } from './search.routes.ts';
import type { Services } from './services.ts';
import { trackingRoutes } from './tracking.routes.ts';

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
  const { accounts } = services;
  app.use('*', requestContext(logger, { secureCookies: accounts.config.publicUrl?.startsWith('https://') ?? false }));
  // Before the request budget: a results grid draws dozens of cached molecules at once.
  app.route('/api', depictRoutes());
  const principal = accountPrincipal(accounts.auth, accounts.apiKeys, accounts.profiles);
  // better-auth reads its own session; everything else learns here who the account is.
  app.use('/api/*', (c, next) => (c.req.path.startsWith(`${AUTH_BASE_PATH}/`) ? next() : principal(c, next)));
  app.use('/api/*', csrfGuard((request) => trustedOrigins(accounts.config, request)));
  app.use('/api/*', rateLimit(limiter, 'requests', options.rateLimiting));

  const api = new Hono<AppEnv>();
  api.route('/', authRoutes(accounts.auth, accounts.config, limiter, accounts.ownership));
  api.route('/', profileRoutes(accounts.auth, accounts.profiles));
  api.route('/', accountPromotionRoutes(accounts.promotion, limiter, accounts.config.signInAttemptsPerMinute));
  api.route('/', apiKeyRoutes(accounts.apiKeys));
  api.route('/', consentRoutes(accounts.profiles));
  api.route('/', trackingRoutes(accounts.tracking));
  api.route('/', searchRoutes(services, limiter, options.rateLimiting));
  api.route('/', downloadRoutes(services, options.maxBodyBytes, limiter, options.rateLimiting));
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
