import { PROMOTION_MESSAGES, promoteAccountBody } from '@molsearch/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../http/app-error.ts';
import type { AccountPromotionService } from './account-promotion.service.ts';
import { accountBodyLimit, parseJsonBody } from '../http/json-body.ts';
import type { RateLimiter } from '../http/rate-limit.middleware.ts';
import { SHARED_ADDRESS_FACTOR, tooManyAttempts } from '../http/rate-limit.middleware.ts';

/**
 * POST /api/account/promote: the signed-in anonymous user adds an e-mail address and a password.
 * Signed out answers 401 and any other caller (a registered user, an API key) 400, both with the
 * spec's "User is not anonymous or not logged in". Each attempt may send an e-mail, so attempts are
 * counted per client address with sign-up's allowance.
 */
export function accountPromotionRoutes(options: { promotion: AccountPromotionService; limiter: RateLimiter; attemptsPerMinute: number }): Hono<AppEnv> {
  const { promotion, limiter, attemptsPerMinute } = options;
  const routes = new Hono<AppEnv>();

  routes.post('/account/promote', accountBodyLimit, async (c) => {
    const principal = c.get('principal');
    if (!principal.userId) throw new AppError('NOT_AUTHENTICATED', { message: PROMOTION_MESSAGES.notAnonymous });
    if (!principal.anonymous || principal.via !== 'session') throw new AppError('NOT_ANONYMOUS', { message: PROMOTION_MESSAGES.notAnonymous });
    const verdict = await limiter.take(`promote-address:${principal.address ?? 'unknown'}`, attemptsPerMinute * SHARED_ADDRESS_FACTOR);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
    const body = await parseJsonBody(c, promoteAccountBody);
    return c.json(await promotion.promote(principal.userId, body, c.req.raw));
  });

  return routes;
}
