/**
 * Sign-up details kept in this browser until the e-mail is confirmed (spec section 3: a pending sign-up
 * record with company, newsletterConsent, feedbackConsent). The callback page completes the profile with it.
 */
export interface PendingSignUp {
  company: string;
  newsletterConsent: boolean;
  feedbackConsent: boolean;
}

const KEY = 'molsearch.pending-sign-up';

export function savePendingSignUp(record: PendingSignUp): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // Without storage the user completes the profile form after confirming instead.
  }
}

export function readPendingSignUp(): PendingSignUp | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingSignUp>;
    if (typeof value.company !== 'string' || !value.company.trim()) return null;
    return { company: value.company, newsletterConsent: Boolean(value.newsletterConsent), feedbackConsent: Boolean(value.feedbackConsent) };
  } catch {
    return null;
  }
}

export function clearPendingSignUp(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
