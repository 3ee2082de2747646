import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountError, accountApi } from '../../api/account-api.ts';
import type { AuthProviders } from '../../api/account-api.ts';
import { usePageMeta } from '../../shared/page-meta.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { AccountCardPage } from '../../auth/account-card-page.tsx';
import styles from '../../auth/account-form.module.css';
import { finishSignIn } from '../../auth/finish-sign-in.ts';
import { MIN_PASSWORD_LENGTH, newPasswordError } from '../../auth/password-validation.ts';
import { savePendingSignUp } from '../../auth/pending-sign-up.ts';
import { ConsentChecks } from '../../features/consent/consent-checks.tsx';

type Mode = 'sign-in' | 'sign-up' | 'recover';

const TITLES: Record<Mode, string> = { 'sign-in': 'Sign in to molsearch', 'sign-up': 'Create your free account', recover: 'Reset your password' };

function modeOf(value: string | null): Mode {
  return value === 'sign-up' || value === 'recover' ? value : 'sign-in';
}

/** Sign-in page (outside the main layout): e-mail and password, Google and LinkedIn, password recovery. */
export function Component(): React.JSX.Element {
  const [params, setParams] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  usePageMeta(mode === 'sign-up' ? 'Sign up' : 'Sign in', 'Sign in to molsearch to get API keys, higher rate limits and priority support.');
  const { reload } = useAuth();
  const navigate = useNavigate();
  const [providers, setProviders] = useState<AuthProviders>({ google: false, linkedin: false });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [company, setCompany] = useState('');
  const [feedbackConsent, setFeedbackConsent] = useState(true);
  const [newsletterConsent, setNewsletterConsent] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    accountApi
      .authProviders()
      .then(setProviders)
      .catch(() => setProviders({ google: false, linkedin: false }));
  }, []);

  const switchMode = (next: Mode) => {
    setError(null);
    setNotice(null);
    setParams(next === 'sign-in' ? {} : { mode: next }, { replace: true });
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const signIn = () =>
    run(async () => {
      if (!email.trim() || !password) {
        setError('Invalid sign-in parameters');
        return;
      }
      try {
        await accountApi.signInEmail(email.trim(), password);
      } catch (cause) {
        // Accounts wait for their e-mail confirmation when mail is configured (answer 403 EMAIL_NOT_VERIFIED).
        if (cause instanceof AccountError && cause.code === 'EMAIL_NOT_VERIFIED') {
          throw new AccountError('Please confirm your e-mail address first: open the link we sent you.', cause.status, cause.code);
        }
        throw cause;
      }
      const next = await finishSignIn(reload);
      await navigate(next ?? '/', { replace: true });
    });

  const signUp = () =>
    run(async () => {
      if (!email.trim() || !email.includes('@')) return setError('Please enter a valid email address');
      const passwordProblem = newPasswordError(password);
      if (passwordProblem) return setError(passwordProblem);
      if (!company.trim()) return setError('Please enter your company or institution');
      savePendingSignUp({ company: company.trim(), newsletterConsent, feedbackConsent });
      await accountApi.signUpEmail(email.trim(), password, email.trim().split('@')[0]!);
      const next = await finishSignIn(reload);
      if (next) {
        await navigate(next, { replace: true });
        return;
      }
      setNotice(`We sent a confirmation link to ${email.trim()}. Open it to finish creating your account.`);
    });

  const recover = () =>
    run(async () => {
      if (!email.trim() || !email.includes('@')) return setError('Please enter a valid email address');
      await accountApi.requestPasswordReset(email.trim());
      setNotice(`If an account exists for ${email.trim()}, a link to reset the password is on its way.`);
    });

  const oauth = (providerId: 'google' | 'linkedin') =>
    run(async () => {
      const answer = await accountApi.signInOAuth(providerId);
      if (answer.url) window.location.assign(answer.url);
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (mode === 'sign-in' ? signIn() : mode === 'sign-up' ? signUp() : recover());
  };

  return (
    <AccountCardPage titleId="auth-title" title={TITLES[mode]}>
      {mode === 'sign-up' && <p className={styles.subtitle}>Higher rate limits, priority support and full API access, free.</p>}
      {mode !== 'recover' && (providers.google || providers.linkedin) && (
        <>
          <div className={styles.providers}>
            {providers.google && (
              <button type="button" className={styles.provider} disabled={busy} onClick={() => void oauth('google')}>
                Continue with Google
              </button>
            )}
            {providers.linkedin && (
              <button type="button" className={styles.provider} disabled={busy} onClick={() => void oauth('linkedin')}>
                Continue with LinkedIn
              </button>
            )}
          </div>
          <div className={styles.divider}>or with e-mail</div>
        </>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.field}>
          <span>Email</span>
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
        </label>
        {mode !== 'recover' && (
          <label className={styles.field}>
            <span>Password</span>
            <input
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
              required
            />
            {mode === 'sign-up' && <span className={styles.hint}>At least {MIN_PASSWORD_LENGTH} characters.</span>}
          </label>
        )}
        {mode === 'sign-up' && (
          <>
            <label className={styles.field}>
              <span>Company or institution</span>
              <input value={company} onChange={(e) => setCompany(e.target.value)} autoComplete="organization" required />
            </label>
            <ConsentChecks
              contact={feedbackConsent}
              newsletter={newsletterConsent}
              onContactChange={setFeedbackConsent}
              onNewsletterChange={setNewsletterConsent}
              className={styles.check}
            />
          </>
        )}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {notice && (
          <p role="status" className={styles.success}>
            {notice}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={busy}>
          {mode === 'sign-in' ? 'Sign In' : mode === 'sign-up' ? 'Create Account' : 'Send Reset Link'}
        </button>
      </form>
      <div className={styles.row}>
        {mode === 'sign-in' ? (
          <>
            <button type="button" className={styles.link} onClick={() => switchMode('recover')}>
              Forgot password?
            </button>
            <button type="button" className={styles.link} onClick={() => switchMode('sign-up')}>
              Create an account
            </button>
          </>
        ) : (
          <button type="button" className={styles.link} onClick={() => switchMode('sign-in')}>
            Back to sign in
          </button>
        )}
      </div>
    </AccountCardPage>
  );
}
