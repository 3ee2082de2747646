import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountApi } from '../../api/account-api.ts';
import { usePageMeta } from '../../shared/page-meta.ts';
import styles from '../../auth/account-form.module.css';
import { MIN_PASSWORD_LENGTH, newPasswordError } from '../../auth/password-validation.ts';

/** New-password form reached from the recovery e-mail; the link carries the one-time token. */
export function Component(): React.JSX.Element {
  usePageMeta('Reset password', 'Choose a new password for your molsearch account.');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const passwordProblem = newPasswordError(password);
    if (passwordProblem) return setError(passwordProblem);
    if (password !== confirm) return setError('The passwords do not match');
    setBusy(true);
    setError(null);
    try {
      await accountApi.resetPassword(password, token ?? '');
      setDone(true);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const invalidLink = !token || linkError;

  return (
    <div className={styles.inline}>
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title" className={styles.title}>
          Choose a new password
        </h1>
        {done ? (
          <>
            <p role="status" className={styles.success}>
              Your password has been changed. Sign in with the new password.
            </p>
            <Link to="/auth" className={styles.primary}>
              Sign In
            </Link>
          </>
        ) : invalidLink ? (
          <>
            <p role="alert" className={styles.error}>
              This reset link is invalid or has expired. Ask for a new one.
            </p>
            <Link to="/auth?mode=recover" className={styles.primary}>
              Send a new link
            </Link>
          </>
        ) : (
          <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            <label className={styles.field}>
              <span>New password</span>
              <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" required />
              <span className={styles.hint}>At least {MIN_PASSWORD_LENGTH} characters.</span>
            </label>
            <label className={styles.field}>
              <span>Repeat the new password</span>
              <input type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required />
            </label>
            {error && (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            )}
            <button type="submit" className={styles.primary} disabled={busy}>
              {busy ? 'Saving...' : 'Set New Password'}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
