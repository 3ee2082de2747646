import type { MeUser } from '../api/account-api.ts';

/**
 * The signed-in user kept in session storage for 30 minutes (spec section 9: auth session cache), so a
 * reload or a new page shows the right header at once while the server is asked again.
 */
const KEY = 'molsearch.auth-user';
export const SESSION_CACHE_MS = 30 * 60_000;

export function readCachedUser(now: number): MeUser | null | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as { at?: unknown; user?: MeUser | null };
    if (typeof entry.at !== 'number' || now - entry.at > SESSION_CACHE_MS || entry.user === undefined) return undefined;
    return entry.user;
  } catch {
    return undefined;
  }
}

export function cacheUser(user: MeUser | null, now: number): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ at: now, user }));
  } catch {
    // Storage full or disabled: the next page asks the server.
  }
}

export function clearCachedUser(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
