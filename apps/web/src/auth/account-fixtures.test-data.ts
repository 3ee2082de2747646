import type { MeUser, Profile } from '../api/account-api.ts';

/** A signed-in registered user with no profile yet; tests override what they are about. */
export function testUser(overrides: Partial<MeUser>): MeUser {
  return {
    id: 'u',
    email: 'ada.lovelace@lab.org',
    name: null,
    image: null,
    is_anonymous: false,
    email_verified: true,
    display_name: null,
    profile: null,
    account_type: 'free',
    roles: ['free'],
    ...overrides,
  };
}

/** A free account's profile with an unfinished registration and no consents. */
export function testProfile(overrides: Partial<Profile>): Profile {
  return {
    id: 'u',
    company: null,
    ip_address: null,
    newsletter_consent: false,
    contact_consent: false,
    account_type: 'free',
    linkedin_profile: null,
    completed_registration: false,
    is_active: true,
    updated_at: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

/** A JSON answer as the server sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** better-auth's session answer for a session that lasts another day. */
export function sessionResponse(): Response {
  return jsonResponse(200, { session: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() } });
}
