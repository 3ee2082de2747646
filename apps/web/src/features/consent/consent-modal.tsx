import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AccountError, accountApi } from '../../api/account-api.ts';
import { track } from '../../analytics/track.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { consentEmailError } from './consent-validation.ts';
import styles from './consent-modal.module.css';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ConsentChecks } from './consent-checks.tsx';

/** Delay before the modal opens and the visitor flag that remembers it was shown (spec sections 4 and 9). */
export const CONSENT_MODAL_DELAY_MS = 15_000;
/** After the delay the modal still waits until the visitor has not typed or clicked for this long. */
export const CONSENT_IDLE_MS = 5_000;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'input'] as const;
export const CONSENT_SEEN_KEY = 'molsearch.consent-modal-seen';

type Step = 'consent' | 'registration-offer';

function alreadySeen(): boolean {
  try {
    return localStorage.getItem(CONSENT_SEEN_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberSeen(): void {
  try {
    localStorage.setItem(CONSENT_SEEN_KEY, 'true');
  } catch {
    // Storage may be disabled; the modal then simply shows again on a later visit.
  }
}

/** The server's consent messages are the spec's; a failure without an answer is unexpected. */
function saveError(error: unknown): string {
  if (error instanceof AccountError && error.status !== undefined && error.status < 500) return error.message;
  if (error instanceof AccountError && error.status !== undefined) return 'Failed to save your email. Please try again.';
  return 'An unexpected error occurred. Please try again.';
}

/** Feedback consent modal: opens 15 s after load (once the visitor is idle) for anonymous or signed-out visitors, once per visitor. */
export function ConsentModal(): React.JSX.Element {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('consent');
  const [email, setEmail] = useState('');
  const [contact, setContact] = useState(true);
  const [newsletter, setNewsletter] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const eligible = status === 'anonymous' || status === 'signed-out';

  // Opens 15 s after load, but never while the visitor is typing or clicking: it would take the focus from
  // what they are doing. It waits until they have been idle for a moment.
  useEffect(() => {
    if (!eligible || alreadySeen()) return undefined;
    let delayPassed = false;
    let idle = true;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const openIfIdle = () => {
      if (!delayPassed || !idle) return;
      stop();
      setOpen(true);
      track('view_consent_modal', { step: 'consent' });
    };
    const onActivity = () => {
      idle = false;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idle = true;
        openIfIdle();
      }, CONSENT_IDLE_MS);
    };
    const delayTimer = setTimeout(() => {
      delayPassed = true;
      openIfIdle();
    }, CONSENT_MODAL_DELAY_MS);
    for (const name of ACTIVITY_EVENTS) document.addEventListener(name, onActivity, true);
    function stop() {
      clearTimeout(delayTimer);
      clearTimeout(idleTimer);
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity, true);
    }
    return stop;
  }, [eligible]);

  const close = (action: string) => {
    rememberSeen();
    track('consent_modal_action', { action, step });
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = consentEmailError(email);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await accountApi.saveConsent({ email: email.trim(), contact_consent: contact, newsletter_consent: newsletter });
      track('consent_modal_action', { action: 'submit', contact_consent: contact, newsletter_consent: newsletter });
      rememberSeen();
      setStep('registration-offer');
    } catch (cause) {
      setError(saveError(cause));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close('dismiss')}
      title={step === 'consent' ? 'Help us improve molsearch' : 'Create a free account'}
      description={
        step === 'consent'
          ? 'We are building molsearch with the chemists who use it. Leave your e-mail and tell us how we may stay in touch.'
          : 'A free molsearch account gives you:'
      }
    >
      {step === 'consent' ? (
        <form onSubmit={(event) => void submit(event)} noValidate className={styles.form} aria-label="Feedback consent">
          <label className={styles.field}>
            <span>Email</span>
            <input
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
              placeholder="you@lab.org"
              autoComplete="email"
              aria-invalid={error ? true : undefined}
            />
          </label>
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
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={() => setStep('registration-offer')}>
              Skip
            </Button>
            <Button type="submit" variant="primary" disabled={saving}>
              {saving ? 'Saving...' : 'Submit'}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.form}>
          <ul className={styles.benefits}>
            <li>Higher rate limits</li>
            <li>Priority support</li>
            <li>Full API access with your own API keys</li>
            <li>Advanced search features</li>
          </ul>
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={() => close('maybe_later')}>
              Maybe later
            </Button>
            <Button
              type="button"
              variant="primary"
              onClick={() => {
                close('create_account');
                void navigate('/auth?mode=sign-up');
              }}
            >
              Create Free Account
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
