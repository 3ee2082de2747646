import { describe, expect, it } from 'vitest';
import { expirationError, keyBadge, keyDescriptionError, keyNameError, lastUsedText, maskFullKey } from './api-key-format.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('lastUsedText', () => {
  it('says Never, days, hours, minutes or Just now', () => {
    expect(lastUsedText(null, NOW)).toBe('Never');
    expect(lastUsedText('2026-11-18T11:00:00Z', NOW)).toBe('2 days ago');
    expect(lastUsedText('2026-11-19T11:00:00Z', NOW)).toBe('1 day ago');
    expect(lastUsedText('2026-11-20T09:30:00Z', NOW)).toBe('2 hours ago');
    expect(lastUsedText('2026-11-20T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(lastUsedText('2026-11-20T11:59:30Z', NOW)).toBe('Just now');
  });
});

describe('keyBadge', () => {
  const base = { expires_at: '2027-01-01T00:00:00Z', last_used_at: null, is_active: true };
  it('puts Expired first, then Inactive, Never Used and Active', () => {
    expect(keyBadge({ ...base, expires_at: '2026-11-20T12:00:00Z' }, NOW)).toBe('Expired');
    expect(keyBadge({ ...base, is_active: false }, NOW)).toBe('Inactive');
    expect(keyBadge(base, NOW)).toBe('Never Used');
    expect(keyBadge({ ...base, last_used_at: '2026-11-19T00:00:00Z' }, NOW)).toBe('Active');
  });
});

describe('key validation', () => {
  it('uses the spec messages', () => {
    expect(keyNameError('')).toBe('Key name is required');
    expect(keyNameError('ab')).toBe('Key name must be at least 3 characters');
    expect(keyNameError('abc')).toBeNull();
    expect(keyNameError('x'.repeat(50))).toBeNull();
    expect(keyNameError('x'.repeat(51))).toBe('Key name must be less than 50 characters');
    expect(keyDescriptionError('d'.repeat(200))).toBeNull();
    expect(keyDescriptionError('d'.repeat(201))).toBe('Description must be less than 200 characters');
    expect(expirationError(0)).toBe('Expiration days must be between 1 and 730 days');
    expect(expirationError(731)).toBe('Expiration days must be between 1 and 730 days');
    expect(expirationError(365)).toBeNull();
  });

  it('masks all but the first 8 and last 8 characters', () => {
    const value = 'ck_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    expect(maskFullKey(value)).toBe('ck_ABCDE••••••••••••••••YZ012345');
  });
});
