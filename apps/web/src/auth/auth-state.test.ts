import { describe, expect, it } from 'vitest';
import type { MeUser } from '../api/account-api.ts';
import { authStatusOf, userLabel } from './auth-state.ts';
import { isGateExempt } from './profile-gate-rules.ts';
import { needsRefresh } from './session-refresh.ts';

function user(overrides: Partial<MeUser>): MeUser {
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

const completeProfile = {
  id: 'u',
  company: 'Lab',
  ip_address: null,
  newsletter_consent: true,
  contact_consent: true,
  account_type: 'free',
  linkedin_profile: null,
  completed_registration: true,
  is_active: true,
  updated_at: '2026-11-01T00:00:00Z',
};

describe('authStatusOf', () => {
  it('maps the user to the spec states', () => {
    expect(authStatusOf(null)).toBe('signed-out');
    expect(authStatusOf(user({ is_anonymous: true }))).toBe('anonymous');
    expect(authStatusOf(user({}))).toBe('incomplete');
    expect(authStatusOf(user({ profile: { ...completeProfile, completed_registration: false } }))).toBe('incomplete');
    expect(authStatusOf(user({ profile: completeProfile }))).toBe('complete');
  });
});

describe('userLabel', () => {
  it('prefers display name, then name, then metadata name, then the e-mail local part, then "User"', () => {
    expect(userLabel(user({ display_name: 'Ada L.', name: 'Ada', metadata_name: 'A' }))).toBe('Ada L.');
    expect(userLabel(user({ name: 'Ada', metadata_name: 'A' }))).toBe('Ada');
    expect(userLabel(user({ name: '  ', metadata_name: 'Meta Ada' }))).toBe('Meta Ada');
    expect(userLabel(user({}))).toBe('ada.lovelace');
    expect(userLabel(user({ email: null }))).toBe('User');
  });
});

describe('isGateExempt', () => {
  it('exempts public pages, auth paths and vendor pages but not home or settings', () => {
    for (const path of ['/about', '/tutorial', '/privacy-policy', '/terms-and-conditions', '/auth', '/auth/callback', '/auth/reset-password', '/complete-profile', '/enamine', '/molport/']) {
      expect(isGateExempt(path), path).toBe(true);
    }
    for (const path of ['/', '/settings', '/a/b']) expect(isGateExempt(path), path).toBe(false);
  });
});

describe('needsRefresh', () => {
  it('refreshes within three 30 s ticks of expiry', () => {
    const now = 1_000_000;
    expect(needsRefresh(now + 90_000, now)).toBe(true);
    expect(needsRefresh(now + 90_001, now)).toBe(false);
    expect(needsRefresh(now - 1, now)).toBe(true);
  });
});
