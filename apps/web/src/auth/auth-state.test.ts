import { describe, expect, it } from 'vitest';
import { testProfile, testUser } from './account-fixtures.test-data.ts';
import { authStatusOf, userLabel } from './auth-state.ts';
import { isGateExempt } from './profile-gate-rules.ts';
import { needsRefresh } from './session-refresh.ts';

const user = testUser;

const completeProfile = testProfile({ company: 'Lab', newsletter_consent: true, contact_consent: true, completed_registration: true });

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
