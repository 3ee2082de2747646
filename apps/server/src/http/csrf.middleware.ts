import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';
import { carriesSessionCookie, presentedApiKey } from './credentials.ts';
import { VISITOR_COOKIE } from './request-context.middleware.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GET calls that change state (the spec's submit_molsearch is a GET): guarded like POSTs from other sites. */
const STATE_CHANGING_GETS = new Set(['/api/submit_molsearch']);

const CROSS_SITE_SUBMIT =
  'This search was refused: it was started from another site. Open molsearch and search there, or call the API with an API key.';

/**
 * Cross-site request forgery guard: a state-changing request that relies on the session cookie must
 * come from a trusted origin (browsers send Origin on every cross-origin and same-origin POST, PATCH
 * and DELETE). A state-changing GET that carries our cookies is refused when the browser says another
 * site started it (Sec-Fetch-Site: cross-site); a typed address or a script without that header passes.
 * Requests authenticated by an API key carry no ambient credential and pass.
 */
export function csrfGuard(trusted: (request: Request) => string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const request = c.req.raw;
    const headers = request.headers;
    if (presentedApiKey(headers) === undefined) {
      if (!SAFE_METHODS.has(request.method) && carriesSessionCookie(headers)) {
        const origin = headers.get('origin') ?? refererOrigin(headers.get('referer'));
        if (!origin || !trusted(request).includes(origin)) {
          c.get('log').warn('cross-site request refused', { method: request.method, path: c.req.path, origin: origin ?? 'none' });
          throw new AppError('FORBIDDEN');
        }
      } else if (STATE_CHANGING_GETS.has(c.req.path) && headers.get('sec-fetch-site') === 'cross-site' && carriesOurCookies(headers)) {
        c.get('log').warn('cross-site submission refused', { path: c.req.path });
        throw new AppError('FORBIDDEN', { message: CROSS_SITE_SUBMIT });
      }
    }
    await next();
  });
}

/** The session or the visitor cookie: either makes the request act for someone who did not ask. */
function carriesOurCookies(headers: Headers): boolean {
  return carriesSessionCookie(headers) || (headers.get('cookie')?.includes(`${VISITOR_COOKIE}=`) ?? false);
}

function refererOrigin(referer: string | null): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
