import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageMeta } from '../../shared/page-meta.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import styles from '../../auth/account-form.module.css';
import { finishSignIn } from '../../auth/finish-sign-in.ts';
import { authReturnError } from './auth-return.ts';

/** Return target of OAuth sign-in and e-mail confirmation: reports errors, else routes onward. */
export function Component(): React.JSX.Element {
  usePageMeta('Signing in', 'Finishing sign-in to molsearch.');
  const { reload } = useAuth();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const [returned] = useState(() => authReturnError(search, hash));
  const [error, setError] = useState<string | null>(returned?.message ?? null);
  const started = useRef(false);

  useEffect(() => {
    if (error || started.current) return;
    started.current = true;
    if (typeof window === 'undefined' || typeof navigator === 'undefined') {
      setError('No browser detected');
      return;
    }
    finishSignIn(reload)
      .then((next) => {
        if (next) void navigate(next, { replace: true });
        else setError('No session defined in URL');
      })
      .catch(() => setError('No session defined in URL'));
  }, [error, reload, navigate]);

  return (
    <div className={styles.inline}>
      <section className={styles.card} aria-labelledby="callback-title">
        <h1 id="callback-title" className={styles.title}>
          {error ? 'Sign-in could not be completed' : 'Signing you in...'}
        </h1>
        {error ? (
          <>
            <p role="alert" className={styles.error}>
              {error}
            </p>
            {returned && <p className={styles.subtitle}>Code: {returned.code}</p>}
            <div className={styles.actions}>
              <Link to="/auth" className={styles.primary}>
                Back to sign in
              </Link>
              <Link to="/" className={styles.secondary}>
                Home
              </Link>
            </div>
          </>
        ) : (
          <p role="status" className={styles.subtitle}>
            Checking your account...
          </p>
        )}
      </section>
    </div>
  );
}
