import type { MeUser } from '../api/account-api.ts';

/** The five authentication states of the spec (section 4). */
export type AuthStatus = 'loading' | 'signed-out' | 'anonymous' | 'incomplete' | 'complete';

export function authStatusOf(user: MeUser | null): Exclude<AuthStatus, 'loading'> {
  if (!user) return 'signed-out';
  if (user.is_anonymous) return 'anonymous';
  return user.profile?.completed_registration ? 'complete' : 'incomplete';
}

/** Menu label: display name, else name, else metadata name, else the e-mail's local part, else "User". */
export function userLabel(user: MeUser | null): string {
  if (!user) return 'User';
  const candidates = [user.display_name, user.name, user.metadata_name, user.email ? user.email.split('@')[0] : null];
  for (const candidate of candidates) {
    if (candidate && candidate.trim()) return candidate.trim();
  }
  return 'User';
}
