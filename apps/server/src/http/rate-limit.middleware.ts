import { RATE_LIMITS } from '@molsearch/api';
import type { Tier } from '@molsearch/api';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';

const WINDOW_MS = 60_000;

/**
 * Counts calls per caller in fixed one-minute windows. Memory is one small entry per active caller,
 * dropped when its window has passed.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number) {}

  /** Counts one call; answers how many seconds to wait when the limit is already reached. */
  take(key: string, limit: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    if (this.windows.size > 10_000) this.prune(now);
    let window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)) };
    window.count++;
    return { allowed: true };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
  }
}

export function rateLimitError(retryAfterSeconds: number, message?: string): AppError {
  return new AppError('RATE_LIMITED', { message, retryAfterSeconds });
}

/**
 * Many people can share one address (an office, or every user when a reverse proxy forwards the
 * requests): for sign-in, sign-up and promotion attempts an address gets this many times the
 * per-e-mail allowance, enough to stop one machine trying many accounts without locking out a building.
 */
export const SHARED_ADDRESS_FACTOR = 20;

/** The refusal of a throttled sign-in, sign-up, mail or promotion attempt. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return rateLimitError(retryAfterSeconds, `Too many attempts. Please wait ${retryAfterSeconds} s and try again.`);
}

const LIMIT_OF = { requests: 'requestsPerMinute', submissions: 'submissionsPerMinute', downloads: 'downloadsPerMinute' } as const;
const WHAT = { requests: 'requests', submissions: 'searches submitted', downloads: 'downloads prepared' } as const;

/** Limits calls by the caller's tier (RATE_LIMITS); `kind` separates budgets: all requests, searches, downloads. */
export function rateLimit(limiter: RateLimiter, kind: keyof typeof LIMIT_OF, enabled: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (enabled) {
      const principal = c.get('principal');
      const limits = RATE_LIMITS[principal.tier as Tier];
      const limit = limits[LIMIT_OF[kind]];
      const verdict = limiter.take(`${kind}:${principal.rateKey}`, limit);
      if (!verdict.allowed) {
        throw rateLimitError(
          verdict.retryAfterSeconds,
          `Too many ${WHAT[kind]}: at most ${limit} per minute. Please wait ${verdict.retryAfterSeconds} s and try again.`,
        );
      }
    }
    await next();
  });
}
