import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { accountApi } from '../api/account-api.ts';
import type { MeUser } from '../api/account-api.ts';
import { changingIdentity } from '../api/identity-gate.ts';
import { authStatusOf } from './auth-state.ts';
import type { AuthStatus } from './auth-state.ts';
import { cacheUser, clearCachedUser, readCachedUser } from './session-cache.ts';
import { needsRefresh, REFRESH_TICK_MS } from './session-refresh.ts';

export interface AuthContextValue {
  status: AuthStatus;
  user: MeUser | null;
  /** Reloads the user and profile from the server (after sign-in, profile changes, sign-up). */
  reload: () => Promise<MeUser | null>;
  /** Signs out; the server's 401/403/404 count as already signed out. Starts a fresh anonymous visit. */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Loads the current user from GET /api/me, creating an anonymous session for first-time visitors. */
export function AuthProvider({ children }: { children: ReactNode }): React.JSX.Element {
  // A cached user from this tab's last answer shows the header at once; the server is asked regardless.
  const [cached] = useState(() => readCachedUser(Date.now()));
  const [user, setUser] = useState<MeUser | null>(cached ?? null);
  const [status, setStatus] = useState<AuthStatus>(cached === undefined ? 'loading' : authStatusOf(cached));
  const expiresAt = useRef<number | null>(null);

  const apply = useCallback((next: MeUser | null) => {
    cacheUser(next, Date.now());
    setUser(next);
    setStatus(authStatusOf(next));
    return next;
  }, []);

  const load = useCallback(
    async (allowAnonymous: boolean): Promise<MeUser | null> => {
      try {
        const { user: current } = await accountApi.me();
        if (current || !allowAnonymous) return apply(current);
        // The anonymous sign-in moves the visitor's searches into the new account: searches wait for it.
        const { user: anonymous } = await changingIdentity(async () => {
          await accountApi.signInAnonymous();
          return accountApi.me();
        });
        return apply(anonymous);
      } catch {
        return apply(null);
      }
    },
    [apply],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  // Session refresh: every tick, read the session's expiry; within 3 ticks of it, ask the server to
  // extend it (reading the session renews it) and reload the user when the session has ended.
  useEffect(() => {
    if (status === 'loading' || status === 'signed-out') return undefined;
    let cancelled = false;
    const tick = async () => {
      try {
        if (expiresAt.current === null || needsRefresh(expiresAt.current, Date.now())) {
          const answer = await accountApi.getSession();
          if (cancelled) return;
          const session = answer?.session ?? null;
          if (!session) {
            expiresAt.current = null;
            await load(true);
            return;
          }
          expiresAt.current = new Date(session.expiresAt).getTime();
        }
      } catch {
        // A failed refresh is retried on the next tick.
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), REFRESH_TICK_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [status, load]);

  const reload = useCallback(() => load(false), [load]);

  const signOut = useCallback(async () => {
    try {
      await accountApi.signOut();
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 401 && status !== 403 && status !== 404) throw error;
    }
    expiresAt.current = null;
    clearCachedUser();
    await load(true);
  }, [load]);

  const value = useMemo<AuthContextValue>(() => ({ status, user, reload, signOut }), [status, user, reload, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
