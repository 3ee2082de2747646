import type { Tier } from '@molsearch/api';

/**
 * Who is calling: attached to every request before any handler runs. A visitor is known by a cookie;
 * a signed-in (or anonymous) account by its session cookie; an API key stands for its owner.
 */
export interface Principal {
  /** Stable key for ownership, queue turns and limits: `visitor:<id>` or `user:<id>`. */
  id: string;
  /** 'user' for accounts (anonymous ones included) and API keys; 'visitor' for cookie-only callers. */
  kind: 'visitor' | 'user';
  tier: Tier;
  /** Where rate limits count when the caller has no stable identity yet (a first request without cookie). */
  rateKey: string;
  /** The account, when there is one. */
  userId?: string;
  /** An anonymous account, created for a visitor by the web app and promotable to a registered one. */
  anonymous?: boolean;
  /** How the caller proved who it is: a session cookie, an API key, or nothing (a visitor). */
  via?: 'session' | 'api-key';
  /** The caller's address as the server saw it. */
  address?: string;
}

/** Jobs of an account are its own: another caller gets "not found", as if the job did not exist. */
export function ownsJob(principalId: string, viewer: Principal | undefined): boolean {
  if (!principalId.startsWith('user:')) return true;
  return viewer !== undefined && viewer.id === principalId;
}
