import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';
import { handleError } from './error-handler.ts';
import type { Logger } from './logger.ts';
import { requestContext } from './request-context.middleware.ts';
import { securityHeaders } from './security-headers.middleware.ts';
import type { VisitorIds } from './visitor-id.ts';

/** Build files named by their content hash never change; everything else is checked with the server on each use. */
const IMMUTABLE_PREFIX = '/assets/';

function staticCaching(c: Context): void {
  c.header('Cache-Control', c.req.path.startsWith(IMMUTABLE_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The same path may be answered in another encoding to another browser.
  c.header('Vary', 'Accept-Encoding');
}

export interface AppOptions {
  logger: Logger;
  visitorIds: VisitorIds;
  /** Cookies set by the server carry Secure (the public URL is https). */
  secureCookies: boolean;
  /** Routes under /api answered before the caller is identified or counted (cached drawings). */
  openRoutes: Hono<AppEnv>;
  /** Run in order on every other /api call: who is calling, cross-site checks, the request budget. */
  guards: MiddlewareHandler<AppEnv>[];
  /** The API's routes, mounted under /api behind the guards. */
  api: Hono<AppEnv>;
  /** The built web app, served for every other path when the folder exists. */
  webDir: string | undefined;
}

/** The HTTP application: context first, then the API behind its guards, then the web app if it was built. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders());
  app.use('*', requestContext({ logger: options.logger, visitorIds: options.visitorIds, secureCookies: options.secureCookies }));
  app.route('/api', options.openRoutes);
  for (const guard of options.guards) app.use('/api/*', guard);
  app.route('/api', options.api);
  app.all('/api/*', () => {
    throw new AppError('ROUTE_NOT_FOUND');
  });

  if (options.webDir && existsSync(options.webDir)) {
    // serveStatic resolves its root against the working directory.
    const root = relative(process.cwd(), options.webDir) || '.';
    // The build writes .br and .gz beside each file; the smallest one the browser accepts is sent.
    app.use('*', serveStatic({ root, precompressed: true, onFound: (_path, c) => staticCaching(c) }));
    // Client-side routes (/about, /{vendor}, ...) all load the app shell.
    app.get('*', serveStatic({ root, path: 'index.html', precompressed: true, onFound: (_path, c) => staticCaching(c) }));
  } else {
    // Without a built web app the API documentation is the front page.
    app.get('/', (c) => c.redirect('/api/docs'));
  }

  app.onError(handleError(options.logger));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
