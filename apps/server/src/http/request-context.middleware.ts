import { randomUUID } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import type { Logger } from './logger.ts';
import type { Principal } from './principal.ts';

/** Password-reset links carry their one-time token in the path; it never reaches a log. */
function loggedPath(path: string): string {
  return path.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1<token>');
}

export const VISITOR_COOKIE = 'molsearch_visitor';
const VISITOR_ID = /^[A-Za-z0-9-]{16,64}$/;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id (echoed as X-Request-Id, in every log line and error body) and a
 * principal: a visitor, remembered by a cookie so their jobs and limits follow them. The account
 * middleware then replaces it when a session cookie or an API key names an account.
 */
export function requestContext(logger: Logger, options: { secureCookies: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);

    const cookie = getCookie(c, VISITOR_COOKIE);
    const known = cookie !== undefined && VISITOR_ID.test(cookie);
    const visitorId = known ? cookie : randomUUID();
    if (!known) {
      setCookie(c, VISITOR_COOKIE, visitorId, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 3600, secure: options.secureCookies });
    }
    const address = c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
    const principal: Principal = {
      id: `visitor:${visitorId}`,
      kind: 'visitor',
      tier: 'anonymous',
      // A caller that sends no cookie is a new visitor on every call; its limits count by address instead.
      rateKey: known ? `visitor:${visitorId}` : `address:${address}`,
    };
    c.set('principal', principal);
    const log = logger.child({ request_id: requestId });
    c.set('log', log);

    const started = performance.now();
    await next();
    log.info('request', {
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      // Accounts and API keys may have replaced the visitor by now.
      principal: c.get('principal').id,
    });
  });
}
