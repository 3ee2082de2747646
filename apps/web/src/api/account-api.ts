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

/** A failed account call: the server's message (spec wording) and, when the server answered, its status and code. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new AccountError(signal?.reason === 'timeout' ? 'timeout exceeded' : 'Request aborted');
    throw new AccountError('Network Error');
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) throw new AccountError(errorMessage(data) ?? `Request failed with status code ${response.status}`, response.status, errorCode(data));
  return data as T;
}

/** Our server answers {error:{code,message}}; the auth library answers {code, message}. */
function errorMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as { error?: unknown; message?: unknown };
  if (record.error && typeof record.error === 'object' && typeof (record.error as { message?: unknown }).message === 'string') {
    return (record.error as { message: string }).message;
  }
  if (typeof record.message === 'string' && record.message) return record.message;
  return undefined;
}

function errorCode(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as { error?: { code?: unknown }; code?: unknown };
  if (record.error && typeof record.error.code === 'string') return record.error.code;
  return typeof record.code === 'string' ? record.code : undefined;
}

function withTimeout(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort('timeout'), ms);
  return controller.signal;
}

export const accountApi = {
  me: (timeoutMs?: number) => request<{ user: MeUser | null }>('GET', '/api/me', undefined, timeoutMs ? withTimeout(timeoutMs) : undefined),
  signInAnonymous: () => request<unknown>('POST', '/api/auth/sign-in/anonymous', {}),
  signInEmail: (email: string, password: string) => request<unknown>('POST', '/api/auth/sign-in/email', { email, password }),
  signUpEmail: (email: string, password: string, name: string) =>
    request<unknown>('POST', '/api/auth/sign-up/email', { email, password, name, callbackURL: '/auth/callback' }),
  signInOAuth: (providerId: 'google' | 'linkedin') =>
    request<{ url?: string; redirect?: boolean }>('POST', '/api/auth/sign-in/oauth2', { providerId, callbackURL: '/auth/callback' }),
  signOut: () => request<unknown>('POST', '/api/auth/sign-out', {}),
  getSession: () => request<{ session: { expiresAt: string } | null } | null>('GET', '/api/auth/get-session'),
  requestPasswordReset: (email: string) => request<unknown>('POST', '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' }),
  resetPassword: (newPassword: string, token: string) => request<unknown>('POST', '/api/auth/reset-password', { newPassword, token }),
  changePassword: (currentPassword: string, newPassword: string, revokeOtherSessions: boolean) =>
    request<unknown>('POST', '/api/auth/change-password', { currentPassword, newPassword, revokeOtherSessions }),
  revokeSessions: () => request<unknown>('POST', '/api/auth/revoke-sessions', {}),
  authProviders: () => request<AuthProviders>('GET', '/api/auth-providers'),
  completeProfile: (input: ProfileInput) => request<{ profile: Profile }>('POST', '/api/profile/complete', input),
  updateProfile: (input: Partial<ProfileInput>) => request<{ profile: Profile }>('PATCH', '/api/profile', input),
  deactivateProfile: () => request<{ ok: true }>('POST', '/api/profile/deactivate', {}),
  listApiKeys: () => request<{ keys: ApiKey[]; limit: number }>('GET', '/api/api-keys'),
  createApiKey: (input: { key_name: string; key_description?: string; expiration_days: number }) =>
    request<{ key: CreatedApiKey }>('POST', '/api/api-keys', input),
  updateApiKey: (id: string, input: { key_name: string; key_description: string }) =>
    request<{ key: ApiKey }>('PATCH', `/api/api-keys/${encodeURIComponent(id)}`, input),
  deleteApiKey: (id: string) => request<{ ok: true }>('DELETE', `/api/api-keys/${encodeURIComponent(id)}`),
  saveConsent: (input: { email: string; contact_consent: boolean; newsletter_consent: boolean }) =>
    request<{ ok: true }>('POST', '/api/consent', input),
};
