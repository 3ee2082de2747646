import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';
import { carriesSessionCookie, presentedApiKey } from './credentials.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing request that relies on the session cookie must
 * come from a trusted origin (browsers send Origin on every cross-origin and same-origin POST, PATCH
 * and DELETE). Requests authenticated by an API key carry no ambient credential and pass.
 */
export function csrfGuard(trusted: (request: Request) => string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const request = c.req.raw;
    if (!SAFE_METHODS.has(request.method) && presentedApiKey(request.headers) === undefined && carriesSessionCookie(request.headers)) {
      const origin = request.headers.get('origin') ?? refererOrigin(request.headers.get('referer'));
      if (!origin || !trusted(request).includes(origin)) {
        c.get('log').warn('cross-site request refused', { method: request.method, path: c.req.path, origin: origin ?? 'none' });
        throw new AppError('FORBIDDEN');
      }
    }
    await next();
  });
}

function refererOrigin(referer: string | null): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
