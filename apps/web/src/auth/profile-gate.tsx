import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { accountApi } from '../api/account-api.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useAuth } from './auth-provider.tsx';
import { GATE_GIVE_UP_MS, isGateExempt, LOADING_SCREEN_MS, PROFILE_CHECK_TIMEOUT_MS } from './profile-gate-rules.ts';

type Decision = 'checking' | 'allow' | 'redirect';

/**
 * Sends signed-in users whose registration is incomplete to /complete-profile. The check re-reads the
 * profile (it may have just been completed in another tab) with a 5 s timeout; on error or timeout the
 * company on the profile decides. The loading screen is dropped after 3 s and the gate gives up after 6 s.
 */
export function ProfileGate({ children }: { children: ReactNode }): React.JSX.Element {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  const exempt = isGateExempt(pathname);
  const [decision, setDecision] = useState<Decision>('checking');
  const [loadingScreen, setLoadingScreen] = useState(true);

  useEffect(() => {
    const dropLoading = setTimeout(() => setLoadingScreen(false), LOADING_SCREEN_MS);
    const giveUp = setTimeout(() => setDecision((current) => (current === 'checking' ? 'allow' : current)), GATE_GIVE_UP_MS);
    return () => {
      clearTimeout(dropLoading);
      clearTimeout(giveUp);
    };
  }, []);

  useEffect(() => {
    if (exempt || status === 'anonymous' || status === 'signed-out' || status === 'complete') {
      setDecision('allow');
      return undefined;
    }
    if (status === 'loading') {
      setDecision('checking');
      return undefined;
    }
    let cancelled = false;
    setDecision('checking');
    accountApi
      .me(PROFILE_CHECK_TIMEOUT_MS)
      .then(({ user: fresh }) => {
        if (cancelled) return;
        const complete = !fresh || fresh.is_anonymous || Boolean(fresh.profile?.completed_registration);
        setDecision(complete ? 'allow' : 'redirect');
      })
      .catch(() => {
        if (cancelled) return;
        setDecision(user?.profile?.company ? 'allow' : 'redirect');
      });
    return () => {
      cancelled = true;
    };
  }, [exempt, status, user]);

  if (decision === 'redirect' && !exempt) return <Navigate to="/complete-profile" replace />;
  if (decision === 'checking' && !exempt && loadingScreen) {
    return (
      <div style={{ padding: '3rem', textAlign: 'center' }}>
        <Spinner label="Checking your account" size={28} />
      </div>
    );
  }
  return <>{children}</>;
}
