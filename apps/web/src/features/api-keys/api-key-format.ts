import type { ApiKey } from '../../api/account-api.ts';

/** Spec section 9: at most 3 active keys; name 3–50 characters; description under 200; expiry 1–730 days. */
export const MAX_API_KEYS = 3;
export const KEY_NAME_MIN = 3;
export const KEY_NAME_MAX = 50;
export const KEY_DESCRIPTION_MAX = 200;

export const EXPIRATION_OPTIONS = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: '6 months' },
  { days: 365, label: '1 year' },
  { days: 730, label: '2 years' },
] as const;
export const DEFAULT_EXPIRATION_DAYS = 365;

export type KeyBadge = 'Expired' | 'Never Used' | 'Active' | 'Inactive';

/** Expired wins over everything; a key that was never used says so; otherwise its active flag decides. */
export function keyBadge(key: Pick<ApiKey, 'expires_at' | 'last_used_at' | 'is_active'>, now: number): KeyBadge {
  if (new Date(key.expires_at).getTime() <= now) return 'Expired';
  if (!key.is_active) return 'Inactive';
  if (!key.last_used_at) return 'Never Used';
  return 'Active';
}

/** Relative "last used" text of the spec: Never, N days ago, N hours ago, N minutes ago, Just now. */
export function lastUsedText(lastUsedAt: string | null, now: number): string {
  if (!lastUsedAt) return 'Never';
  const elapsed = Math.max(0, now - new Date(lastUsedAt).getTime());
  const minutes = Math.floor(elapsed / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  if (hours > 0) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  if (minutes > 0) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  return 'Just now';
}

export function usageText(count: number): string {
  return `${count} ${count === 1 ? 'request' : 'requests'}`;
}

/** Masked key: the first 8 and last 8 characters with the middle hidden. */
export function maskKey(prefix: string, suffix: string): string {
  return `${prefix}${'•'.repeat(16)}${suffix}`;
}

export function maskFullKey(value: string): string {
  return maskKey(value.slice(0, 8), value.slice(-8));
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Validation of the create and edit forms with the messages of spec section 5; null when valid. */
export function keyNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Key name is required';
  if (trimmed.length < KEY_NAME_MIN) return 'Key name must be at least 3 characters';
  if (trimmed.length > KEY_NAME_MAX) return 'Key name must be less than 50 characters';
  return null;
}

export function keyDescriptionError(description: string): string | null {
  return description.trim().length > KEY_DESCRIPTION_MAX ? 'Description must be less than 200 characters' : null;
}

export function expirationError(days: number): string | null {
  return Number.isInteger(days) && days >= 1 && days <= 730 ? null : 'Expiration days must be between 1 and 730 days';
}
