import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountApi } from '../../api/account-api.ts';
import { usePageMeta } from '../../shared/page-meta.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { AccountCardPage } from '../../auth/account-card-page.tsx';
import styles from '../../auth/account-form.module.css';
import { ProfileFields } from '../../auth/profile-fields.tsx';
import { clearPendingSignUp, readPendingSignUp } from '../../auth/pending-sign-up.ts';
import { companyError, linkedinError } from '../../auth/profile-validation.ts';
import { ConsentChecks } from '../../features/consent/consent-checks.tsx';

/** Profile completion (outside the main layout): company, LinkedIn profile and the two consents. */
export function Component(): React.JSX.Element {
  usePageMeta('Complete your registration', 'Tell us where you work to finish creating your molsearch account.');
  const { status, user, reload, signOut } = useAuth();
  const navigate = useNavigate();
  const pending = readPendingSignUp();
  const [company, setCompany] = useState(user?.profile?.company ?? pending?.company ?? '');
  const [linkedin, setLinkedin] = useState(user?.profile?.linkedin_profile ?? '');
  const [contact, setContact] = useState(pending?.feedbackConsent ?? true);
  const [newsletter, setNewsletter] = useState(pending?.newsletterConsent ?? true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status === 'complete') void navigate('/', { replace: true });
  }, [status, navigate]);

  useEffect(() => {
    if (user?.profile?.company && !company) setCompany(user.profile.company);
  }, [user, company]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = companyError(company) ?? linkedinError(linkedin);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await accountApi.completeProfile({
        company: company.trim(),
        linkedin_profile: linkedin.trim() || undefined,
        contact_consent: contact,
        newsletter_consent: newsletter,
      });
      clearPendingSignUp();
      await reload();
      await navigate('/', { replace: true });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCardPage titleId="complete-title" title="Complete your registration">
      {status === 'loading' ? (
        <p role="status" className={styles.subtitle}>
          Loading...
        </p>
      ) : status === 'signed-out' || status === 'anonymous' ? (
        <>
          <p className={styles.subtitle}>Sign in first, then complete your registration.</p>
          <Link to="/auth" className={styles.primary}>
            Sign In
          </Link>
        </>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <p className={styles.subtitle}>
            Signed in as <strong>{user?.email}</strong>. A few details unlock API keys and higher limits.
          </p>
          <ProfileFields company={company} linkedin={linkedin} onCompanyChange={setCompany} onLinkedinChange={setLinkedin} companyRequired />
          <ConsentChecks
            contact={contact}
            newsletter={newsletter}
            onContactChange={setContact}
            onNewsletterChange={setNewsletter}
            className={styles.check}
          />
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? 'Saving...' : 'Complete Registration'}
          </button>
          <button type="button" className={styles.link} onClick={() => void signOut().then(() => navigate('/'))}>
            Sign out
          </button>
        </form>
      )}
    </AccountCardPage>
  );
}
