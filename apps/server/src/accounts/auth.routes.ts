import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../http/app-error.ts';
import type { Auth } from './auth.ts';
import { AUTH_BASE_PATH, OAUTH_PROVIDERS } from './auth.ts';
import type { AccountsConfig } from './accounts.config.ts';
import { ACCOUNT_BODY_LIMIT, payloadTooLarge } from '../http/json-body.ts';
import type { OwnershipRepository } from './ownership.repository.ts';
import type { RateLimiter } from '../http/rate-limit.middleware.ts';
import { SHARED_ADDRESS_FACTOR, tooManyAttempts } from '../http/rate-limit.middleware.ts';

/** Calls that try a password or send mail: throttled per e-mail address and per client address. */
const THROTTLED = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset', '/send-verification-email']);

async function jsonOf(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * better-auth's endpoints under /api/auth, behind our guards: a size limit, brute-force throttling of
 * password sign-in (and of the calls that send mail), the spec's message for an incomplete sign-in, and
 * /sign-in/oauth2 {providerId} as another name for better-auth's /sign-in/social {provider}.
 */
export function authRoutes(options: { auth: Auth; accounts: AccountsConfig; limiter: RateLimiter; ownership: OwnershipRepository }): Hono<AppEnv> {
  const { auth, accounts, limiter, ownership } = options;
  const routes = new Hono<AppEnv>();

  routes.get('/auth-providers', (c) => c.json({ google: accounts.google !== undefined, linkedin: accounts.linkedin !== undefined }));

  const forward = (c: Context<AppEnv>, request: Request = c.req.raw): Promise<Response> => auth.handler(request);

  routes.on(['GET', 'POST'], '/auth/*', async (c) => {
    const path = c.req.path.slice(AUTH_BASE_PATH.length);
    if (c.req.method !== 'POST') return forward(c);
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > ACCOUNT_BODY_LIMIT) throw payloadTooLarge();
    const body = await jsonOf(c.req.raw);
    if (JSON.stringify(body).length > ACCOUNT_BODY_LIMIT) throw payloadTooLarge();

    if (path === '/sign-in/email' && (typeof body.email !== 'string' || !body.email || typeof body.password !== 'string' || !body.password)) {
      throw new AppError('INVALID_PARAMETERS', { message: 'Invalid sign-in parameters' });
    }
    if (THROTTLED.has(path)) {
      const perEmail = accounts.signInAttemptsPerMinute;
      const address = c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const verdicts = [await limiter.take(`auth-address:${path}:${address}`, perEmail * SHARED_ADDRESS_FACTOR)];
      if (email) verdicts.push(await limiter.take(`auth-email:${path}:${email}`, perEmail));
      const refused = verdicts.find((verdict) => !verdict.allowed);
      if (refused && !refused.allowed) {
        c.get('log').warn('sign-in throttled', { path });
        throw tooManyAttempts(refused.retryAfterSeconds);
      }
    }

    if (path === '/sign-in/oauth2') {
      const provider = typeof body.providerId === 'string' ? body.providerId : '';
      if (!(OAUTH_PROVIDERS as readonly string[]).includes(provider)) {
        throw new AppError('INVALID_PARAMETERS', { message: `Unknown sign-in provider; use one of: ${OAUTH_PROVIDERS.join(', ')}.` });
      }
      const { providerId: _providerId, ...rest } = body;
      const url = new URL(c.req.url);
      url.pathname = `${AUTH_BASE_PATH}/sign-in/social`;
      const headers = new Headers(c.req.raw.headers);
      headers.delete('content-length');
      return forward(c, new Request(url, { method: 'POST', headers, body: JSON.stringify({ ...rest, provider }) }));
    }
    const response = await forward(c);
    if (path === '/sign-in/anonymous' && response.ok) await adoptVisitorSearches(c, response);
    return response;
  });

  /** Searches made with the visitor cookie before the anonymous account existed move into it. */
  async function adoptVisitorSearches(c: Context<AppEnv>, response: Response): Promise<void> {
    const visitor = c.get('principal');
    // Only a visitor that presented its cookie: a cookie-less caller has no searches to bring.
    if (visitor.rateKey !== visitor.id) return;
    try {
      const answer = (await response.clone().json()) as { user?: { id?: unknown } };
      if (typeof answer.user?.id !== 'string') return;
      const moved = await ownership.adoptVisitor(visitor.id, answer.user.id);
      if (moved > 0) c.get('log').info('visitor searches moved to the anonymous account', { jobs: moved });
    } catch (error) {
      c.get('log').warn('visitor searches not moved', { reason: error instanceof Error ? error.message : String(error) });
    }
  }

  return routes;
}
