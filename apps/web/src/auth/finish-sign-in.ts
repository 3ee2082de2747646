import { accountApi } from '../api/account-api.ts';
import type { MeUser } from '../api/account-api.ts';
import { clearPendingSignUp, readPendingSignUp } from './pending-sign-up.ts';

/**
 * After a sign-in, sign-up or e-mail confirmation: completes the profile from the sign-up form's pending
 * record when there is one, and says where to go next. Null when no registered user is signed in.
 */
export async function finishSignIn(reload: () => Promise<MeUser | null>): Promise<'/' | '/complete-profile' | null> {
  const user = await reload();
  if (!user || user.is_anonymous) return null;
  if (user.profile?.completed_registration) {
    clearPendingSignUp();
    return '/';
  }
  const pending = readPendingSignUp();
  if (!pending) return '/complete-profile';
  try {
    await accountApi.completeProfile({
      company: pending.company,
      newsletter_consent: pending.newsletterConsent,
      contact_consent: pending.feedbackConsent,
    });
    clearPendingSignUp();
    await reload();
    return '/';
  } catch {
    return '/complete-profile';
  }
}
