import { RATE_LIMITS } from '@molsearch/api';
import { createMiddleware } from 'hono/factory';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';
import type { Principal } from './principal.ts';

const WINDOW_SECONDS = 60;

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One counter store of rate-limiter-flexible for an allowance of `limit` calls a window. */
export type CounterStore = (limit: number) => RateLimiterAbstract;

const memoryCounters: CounterStore = (limit) => new RateLimiterMemory({ points: limit, duration: WINDOW_SECONDS });

/** The table the PostgreSQL counters live in (migration 0008), with the library's own columns. */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * Counters in PostgreSQL (rate-limiter-flexible's store on a pg Pool), shared by every API server on
 * that database: a caller's allowance is one, whichever server it reaches.
 */
export function postgresCounters(pool: object): CounterStore {
  return (limit) =>
    new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: RATE_LIMIT_TABLE, tableCreated: true, keyPrefix: `per${limit}`, points: limit, duration: WINDOW_SECONDS });
}

/**
 * Counts calls per key in one-minute windows: in memory by default (one counter per key, dropped when its
 * window has passed), or in PostgreSQL (`postgresCounters`) when several API servers share their limits;
 * callers see only `take`.
 */
export class RateLimiter {
  /** One counter store per limit: the library fixes the allowance per store. */
  private readonly stores = new Map<number, RateLimiterAbstract>();

  constructor(private readonly counters: CounterStore = memoryCounters) {}

  /** Counts one call; answers how many seconds to wait when the limit is already reached. */
  async take(key: string, limit: number): Promise<RateVerdict> {
    let store = this.stores.get(limit);
    if (!store) {
      store = this.counters(limit);
      this.stores.set(limit, store);
    }
    try {
      await store.consume(key);
      return { allowed: true };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
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

/**
 * The address ceiling of callers without a registered account (visitors and anonymous accounts): both
 * cost nothing to make, so besides each one's own budget, all of them at one client address together get
 * `visitorsPerAddress` times that budget.
 */
export function addressCeiling(principal: Principal, limit: number, visitorsPerAddress: number): number | undefined {
  return principal.tier === 'anonymous' && principal.address !== undefined ? limit * visitorsPerAddress : undefined;
}

/** The counters and settings every limited route shares. */
export interface RateLimits {
  limiter: RateLimiter;
  enabled: boolean;
  /** How many visitors' allowance one client address gets in all. */
  visitorsPerAddress: number;
}

/**
 * Limits calls by the caller's tier (RATE_LIMITS), and callers without an account also by their address;
 * `kind` separates budgets: all requests, searches submitted, downloads prepared.
 */
export function rateLimit(limits: RateLimits, kind: keyof typeof LIMIT_OF) {
  const { limiter, enabled, visitorsPerAddress } = limits;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (enabled) {
      const principal = c.get('principal');
      const limit = RATE_LIMITS[principal.tier][LIMIT_OF[kind]];
      const own = await limiter.take(`${kind}:${principal.rateKey}`, limit);
      if (!own.allowed) {
        throw rateLimitError(own.retryAfterSeconds, `Too many ${WHAT[kind]}: at most ${limit} per minute. Please wait ${own.retryAfterSeconds} s and try again.`);
      }
      const ceiling = addressCeiling(principal, limit, visitorsPerAddress);
      const shared = ceiling === undefined ? own : await limiter.take(`${kind}:ceiling:${principal.address}`, ceiling);
      if (!shared.allowed) {
        throw rateLimitError(
          shared.retryAfterSeconds,
          `Too many ${WHAT[kind]} from your network address: at most ${ceiling} per minute without an account. Please wait ${shared.retryAfterSeconds} s and try again, or sign in.`,
        );
      }
    }
    await next();
  });
}
