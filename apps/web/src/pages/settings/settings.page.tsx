import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { AlertDialog } from 'radix-ui';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountApi } from '../../api/account-api.ts';
import type { MeUser } from '../../api/account-api.ts';
import { usePageMeta } from '../../shared/page-meta.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import styles from '../../auth/account-form.module.css';
import { MIN_PASSWORD_LENGTH, newPasswordError } from '../../auth/password-validation.ts';
import { ProfileFields } from '../../auth/profile-fields.tsx';
import { Button } from '../../ui/button.tsx';
import { companyError, linkedinError } from '../../auth/profile-validation.ts';
import { ApiKeyDialog } from '../../features/api-keys/api-key-dialog.tsx';
import dialogStyles from '../../features/api-keys/api-key-dialog.module.css';
import { ConsentChecks } from '../../features/consent/consent-checks.tsx';

type Result = { kind: 'ok' | 'error'; text: string } | null;

function Message({ result }: { result: Result }): React.JSX.Element | null {
  if (!result) return null;
  return (
    <p role={result.kind === 'ok' ? 'status' : 'alert'} className={result.kind === 'ok' ? styles.success : styles.error}>
      {result.text}
    </p>
  );
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : 'An unexpected error occurred. Please try again.';
}

/** Saves a settings form: busy while the request runs, then its success text or the failure text. */
function useSave(): {
  result: Result;
  setResult: (result: Result) => void;
  busy: boolean;
  save: (action: () => Promise<string>, failure?: (message: string) => string) => Promise<void>;
} {
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  const save = async (action: () => Promise<string>, failure: (message: string) => string = (message) => message) => {
    setBusy(true);
    try {
      setResult({ kind: 'ok', text: await action() });
    } catch (cause) {
      setResult({ kind: 'error', text: failure(messageOf(cause)) });
    } finally {
      setBusy(false);
    }
  };
  return { result, setResult, busy, save };
}

/** The outcome of a settings form above its submit button. */
function SaveFooter({ result, busy, children }: { result: Result; busy: boolean; children: React.ReactNode }): React.JSX.Element {
  return (
    <>
      <Message result={result} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {children}
        </button>
      </div>
    </>
  );
}

function SettingsSection({ id, titleId, title, children }: { id: string; titleId: string; title: string; children: React.ReactNode }): React.JSX.Element {
  return (
    <section id={id} className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Account settings: profile, consents, password, sessions, API keys and account deletion. */
export function Component(): React.JSX.Element {
  usePageMeta('Settings', 'Manage your molsearch profile, consents, password and API keys.');
  const { status, user } = useAuth();
  const { hash } = useLocation();

  useEffect(() => {
    if (status !== 'complete' || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [status, hash]);

  return (
    <div className={styles.inline}>
      <section className={`${styles.card} ${styles.wide}`} aria-labelledby="settings-title">
        <h1 id="settings-title" className={styles.title}>
          Settings
        </h1>
        {status === 'loading' && (
          <p role="status" className={styles.subtitle}>
            Loading...
          </p>
        )}
        {(status === 'signed-out' || status === 'anonymous') && (
          <>
            <p className={styles.subtitle}>Sign in to manage your profile, password and API keys.</p>
            <Link to="/auth" className={styles.primary}>
              Sign In
            </Link>
          </>
        )}
        {status === 'incomplete' && (
          <>
            <p className={styles.subtitle}>Finish your registration to manage your account.</p>
            <Link to="/complete-profile" className={styles.primary}>
              Complete Registration
            </Link>
          </>
        )}
        {status === 'complete' && user && <AccountSettings user={user} />}
      </section>
    </div>
  );
}

function AccountSettings({ user }: { user: MeUser }): React.JSX.Element {
  return (
    <>
      <ProfileSection user={user} />
      <ConsentSection user={user} />
      <ApiKeySection />
      <PasswordSection />
      <SessionSection />
      <DeleteSection />
    </>
  );
}

function ProfileSection({ user }: { user: MeUser }): React.JSX.Element {
  const { reload } = useAuth();
  const [company, setCompany] = useState(user.profile?.company ?? '');
  const [linkedin, setLinkedin] = useState(user.profile?.linkedin_profile ?? '');
  const { result, setResult, busy, save } = useSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = companyError(company) ?? linkedinError(linkedin);
    if (problem) return setResult({ kind: 'error', text: problem });
    await save(async () => {
      await accountApi.updateProfile({ company: company.trim(), linkedin_profile: linkedin.trim() });
      await reload();
      return 'Profile saved';
    });
  };

  return (
    <SettingsSection id="profile" titleId="profile-title" title="Profile">
      <dl className={styles.facts}>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Name</dt>
        <dd>{user.display_name || user.name || '—'}</dd>
        <dt>Account type</dt>
        <dd>{user.account_type}</dd>
      </dl>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <ProfileFields company={company} linkedin={linkedin} onCompanyChange={setCompany} onLinkedinChange={setLinkedin} companyRequired={false} />
        <SaveFooter result={result} busy={busy}>
          {busy ? 'Saving...' : 'Save Profile'}
        </SaveFooter>
      </form>
    </SettingsSection>
  );
}

function ConsentSection({ user }: { user: MeUser }): React.JSX.Element {
  const { reload } = useAuth();
  const [contact, setContact] = useState(user.profile?.contact_consent ?? false);
  const [newsletter, setNewsletter] = useState(user.profile?.newsletter_consent ?? false);
  const { result, busy, save } = useSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(
      async () => {
        await accountApi.updateProfile({ contact_consent: contact, newsletter_consent: newsletter });
        await reload();
        return 'Preferences saved';
      },
      (message) => `Failed to save your preferences: ${message}`,
    );
  };

  return (
    <SettingsSection id="consents" titleId="consents-title" title="Communication">
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <ConsentChecks
          contact={contact}
          newsletter={newsletter}
          onContactChange={setContact}
          onNewsletterChange={setNewsletter}
          className={styles.check}
        />
        <SaveFooter result={result} busy={busy}>
          Save Preferences
        </SaveFooter>
      </form>
    </SettingsSection>
  );
}

function ApiKeySection(): React.JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection id="api-keys" titleId="keys-title" title="API Keys">
      <p className={styles.subtitle}>
        Call the molsearch API from your own code with an API key. See the <a href="/api/docs">API documentation</a>.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => setOpen(true)}>
          Manage API Keys
        </button>
      </div>
      <ApiKeyDialog open={open} onOpenChange={setOpen} />
    </SettingsSection>
  );
}

function PasswordSection(): React.JSX.Element {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [revokeOthers, setRevokeOthers] = useState(true);
  const { result, setResult, busy, save } = useSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setResult({ kind: 'error', text: 'Please enter your current password' });
    const passwordProblem = newPasswordError(next);
    if (passwordProblem) return setResult({ kind: 'error', text: passwordProblem });
    await save(async () => {
      await accountApi.changePassword(current, next, revokeOthers);
      setCurrent('');
      setNext('');
      return 'Password changed';
    });
  };

  return (
    <SettingsSection id="password" titleId="password-title" title="Password">
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label className={styles.field}>
          <span>Current password</span>
          <input type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" />
        </label>
        <label className={styles.field}>
          <span>New password</span>
          <input type="password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" />
          <span className={styles.hint}>At least {MIN_PASSWORD_LENGTH} characters.</span>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={revokeOthers} onChange={(e) => setRevokeOthers(e.target.checked)} />
          <span>Sign out of my other devices</span>
        </label>
        <SaveFooter result={result} busy={busy}>
          Change Password
        </SaveFooter>
      </form>
    </SettingsSection>
  );
}

function SessionSection(): React.JSX.Element {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);

  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await accountApi.revokeSessions();
      await signOut();
      await navigate('/');
    } catch (cause) {
      setResult({ kind: 'error', text: messageOf(cause) });
      setBusy(false);
    }
  };

  return (
    <SettingsSection id="sessions" titleId="sessions-title" title="Sessions">
      <p className={styles.subtitle}>Sign out of molsearch in every browser and device, including this one.</p>
      <Message result={result} />
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void signOutEverywhere()}>
          Sign Out Everywhere
        </button>
      </div>
    </SettingsSection>
  );
}

function DeleteSection(): React.JSX.Element {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const deactivate = async () => {
    setBusy(true);
    setError(null);
    try {
      await accountApi.deactivateProfile();
    } catch (cause) {
      setError(`Failed to deactivate profile: ${messageOf(cause)}`);
      setBusy(false);
      setOpen(false);
      return;
    }
    try {
      await signOut();
    } finally {
      setBusy(false);
      setOpen(false);
      await navigate('/');
    }
  };

  return (
    <SettingsSection id="delete-account" titleId="delete-title" title="Delete account">
      <p className={styles.subtitle}>Your account is deactivated and you are signed out. Your API keys stop working.</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <div className={styles.actions}>
          <AlertDialog.Trigger className={styles.danger}>Delete Account</AlertDialog.Trigger>
        </div>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={dialogStyles.overlay} />
          <AlertDialog.Content className={dialogStyles.confirm}>
            <AlertDialog.Title className={dialogStyles.title}>Delete your account?</AlertDialog.Title>
            <AlertDialog.Description className={dialogStyles.muted}>
              Your account will be deactivated and you will be signed out. Your API keys will stop working.
            </AlertDialog.Description>
            <div className={dialogStyles.formActions}>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={busy}>
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button variant="danger" disabled={busy} onClick={() => void deactivate()}>
                {busy ? 'Deleting...' : 'Delete Account'}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </SettingsSection>
  );
}
