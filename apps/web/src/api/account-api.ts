import { http, HttpError } from './http.ts';
import type { RequestOptions } from './http.ts';

/**
 * Calls to the account endpoints of our server (see the accounts HTTP contract): the auth library under
 * /api/auth/*, profiles, API keys, consent and the OAuth provider list. Every call is same-origin with
 * cookies; failures reject with an AccountError carrying the server's message.
 */

export interface Profile {
  id: string;
  company: string | null;
  ip_address: string | null;
  newsletter_consent: boolean;
  contact_consent: boolean;
  account_type: string;
  linkedin_profile: string | null;
  completed_registration: boolean;
  is_active: boolean;
  updated_at: string;
}

export interface MeUser {
  id: string;
  email: string | null;
  name: string | null;
  image: string | null;
  is_anonymous: boolean;
  email_verified: boolean;
  display_name: string | null;
  profile: Profile | null;
  account_type: string;
  roles: string[];
  /** Metadata name some providers supply; not part of every answer. */
  metadata_name?: string | null;
}

export interface ApiKey {
  api_key_id: string;
  key_name: string | null;
  key_description: string | null;
  tier: string;
  expiration_days: number;
  expires_at: string;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  usage_count: number;
  last_used_at: string | null;
  key_prefix: string;
  key_suffix: string;
}

export interface CreatedApiKey extends ApiKey {
  api_key_value: string;
}

export interface AuthProviders {
  google: boolean;
  linkedin: boolean;
}

export interface ProfileInput {
  company: string;
  linkedin_profile?: string;
  newsletter_consent: boolean;
  contact_consent: boolean;
}

/** A failed account call: a readable message (the server's own, in the spec's wording, when it sent one). */
export class AccountError extends Error {
  override readonly name = 'AccountError';
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Our own endpoints answer errors as {error:{code,message}}, which the shared HTTP client reads. */
async function ours<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await http<T>(path, options);
  } catch (error) {
    if (error instanceof HttpError) throw new AccountError(error.serverMessage ?? error.message, error.status, error.code);
    throw error;
  }
}

/**
 * The auth library's endpoints answer errors as {code, message} instead, so they get their own reader;
 * network failures keep the HTTP client's texts.
 */
async function authLibrary<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AccountError('Network Error');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const record = (data ?? {}) as { message?: unknown; code?: unknown; error?: { message?: unknown; code?: unknown } };
    const message = typeof record.error?.message === 'string' ? record.error.message : typeof record.message === 'string' ? record.message : undefined;
    const code = typeof record.error?.code === 'string' ? record.error.code : typeof record.code === 'string' ? record.code : undefined;
    throw new AccountError(message || `Request failed with status code ${response.status}`, response.status, code);
  }
  return data as T;
}

export const accountApi = {
  me: (timeoutMs?: number) => ours<{ user: MeUser | null }>('/api/me', { timeoutMs }),
  signInAnonymous: () => authLibrary<unknown>('POST', '/api/auth/sign-in/anonymous', {}),
  signInEmail: (email: string, password: string) => authLibrary<unknown>('POST', '/api/auth/sign-in/email', { email, password }),
  signUpEmail: (email: string, password: string, name: string) =>
    authLibrary<unknown>('POST', '/api/auth/sign-up/email', { email, password, name, callbackURL: '/auth/callback' }),
  signInOAuth: (providerId: 'google' | 'linkedin') =>
    authLibrary<{ url?: string; redirect?: boolean }>('POST', '/api/auth/sign-in/oauth2', { providerId, callbackURL: '/auth/callback' }),
  signOut: () => authLibrary<unknown>('POST', '/api/auth/sign-out', {}),
  getSession: () => authLibrary<{ session: { expiresAt: string } | null } | null>('GET', '/api/auth/get-session'),
  requestPasswordReset: (email: string) => authLibrary<unknown>('POST', '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' }),
  resetPassword: (newPassword: string, token: string) => authLibrary<unknown>('POST', '/api/auth/reset-password', { newPassword, token }),
  changePassword: (currentPassword: string, newPassword: string, revokeOtherSessions: boolean) =>
    authLibrary<unknown>('POST', '/api/auth/change-password', { currentPassword, newPassword, revokeOtherSessions }),
  revokeSessions: () => authLibrary<unknown>('POST', '/api/auth/revoke-sessions', {}),
  authProviders: () => ours<AuthProviders>('/api/auth-providers'),
  completeProfile: (input: ProfileInput) => ours<{ profile: Profile }>('/api/profile/complete', { method: 'POST', body: input }),
  updateProfile: (input: Partial<ProfileInput>) => ours<{ profile: Profile }>('/api/profile', { method: 'PATCH', body: input }),
  deactivateProfile: () => ours<{ ok: true }>('/api/profile/deactivate', { method: 'POST', body: {} }),
  listApiKeys: () => ours<{ keys: ApiKey[]; limit: number }>('/api/api-keys'),
  createApiKey: (input: { key_name: string; key_description?: string; expiration_days: number }) =>
    ours<{ key: CreatedApiKey }>('/api/api-keys', { method: 'POST', body: input }),
  updateApiKey: (id: string, input: { key_name: string; key_description: string }) =>
    ours<{ key: ApiKey }>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  deleteApiKey: (id: string) => ours<{ ok: true }>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  saveConsent: (input: { email: string; contact_consent: boolean; newsletter_consent: boolean }) =>
    ours<{ ok: true }>('/api/consent', { method: 'POST', body: input }),
};
