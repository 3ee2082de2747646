import { randomUUID } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import type { Logger } from './logger.ts';
import type { Principal } from './principal.ts';
import type { VisitorIds } from './visitor-id.ts';

/** Password-reset links carry their one-time token in the path; it never reaches a log. */
function loggedPath(path: string): string {
  return path.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1<token>');
}

export const VISITOR_COOKIE = 'molsearch_visitor';
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface RequestContextOptions {
  logger: Logger;
  /** Issues and checks the signed ids of the visitor cookie. */
  visitorIds: VisitorIds;
  secureCookies: boolean;
}

/**
 * Gives every request an id (echoed as X-Request-Id, in every log line and error body) and a
 * principal: a visitor, remembered by a signed cookie so their jobs and limits follow them. A missing,
 * unsigned or forged cookie is replaced by a newly issued id. The account middleware then replaces the
 * visitor when a session cookie or an API key names an account.
 */
export function requestContext(options: RequestContextOptions) {
  const { logger, visitorIds } = options;
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);

    const known = visitorIds.verify(getCookie(c, VISITOR_COOKIE));
    let visitorId = known;
    if (visitorId === undefined) {
      const issued = visitorIds.issue();
      visitorId = issued.id;
      setCookie(c, VISITOR_COOKIE, issued.cookie, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 3600, secure: options.secureCookies });
    }
    const address = c.env?.incoming?.socket?.remoteAddress;
    const principal: Principal = {
      id: `visitor:${visitorId}`,
      kind: 'visitor',
      tier: 'anonymous',
      // A caller without a valid cookie is a new visitor on every call; its limits count by address instead.
      rateKey: known ? `visitor:${visitorId}` : `address:${address ?? 'unknown'}`,
      ...(address ? { address } : {}),
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
