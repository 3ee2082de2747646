import { createHash, randomInt, randomUUID } from 'node:crypto';
import { API_KEY_MESSAGES, MAX_API_KEYS } from '@molsearch/api';
import type { ApiKeyView, CreateApiKeyBody, Tier, UpdateApiKeyBody } from '@molsearch/api';
import { TIERS } from '@molsearch/api';
import { AppError } from '../http/app-error.ts';
import type { ApiKeyRepository, ApiKeyRow } from './api-key.repository.ts';
import type { ProfileService } from './profile.service.ts';

const KEY_PREFIX = 'ck_';
const KEY_BODY_LENGTH = 32;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_SHAPE = /^ck_[A-Za-z0-9]{32}$/;
const DAY_MS = 86_400_000;

/** `ck_` and 32 letters or digits, each drawn uniformly from the operating system's CSPRNG. */
export function generateApiKey(): string {
  let body = '';
  for (let index = 0; index < KEY_BODY_LENGTH; index++) body += ALPHABET[randomInt(ALPHABET.length)];
  return KEY_PREFIX + body;
}

/** Keys are stored only as this hash: a leaked table gives nobody a working key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export function apiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    api_key_id: row.api_key_id,
    key_name: row.key_name,
    key_description: row.key_description,
    tier: row.tier,
    expiration_days: row.expiration_days,
    expires_at: iso(row.expires_at)!,
    is_active: row.is_active === 1,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    usage_count: row.usage_count,
    last_used_at: iso(row.last_used_at),
    key_prefix: row.key_prefix,
    key_suffix: row.key_suffix,
  };
}

/** The limits tier of a registered account's type (or of a key's stored tier): never anonymous, unknown types read as free. */
export function tierOf(accountType: string): Tier {
  return (TIERS as readonly string[]).includes(accountType) && accountType !== 'anonymous' ? (accountType as Tier) : 'free';
}

/** API keys of registered users: at most three active, shown once, used by scripts in place of a session. */
export class ApiKeyService {
  private readonly keys: ApiKeyRepository;
  private readonly profiles: ProfileService;
  private readonly now: () => number;

  constructor(options: { keys: ApiKeyRepository; profiles: ProfileService; now: () => number }) {
    this.keys = options.keys;
    this.profiles = options.profiles;
    this.now = options.now;
  }

  async list(userId: string): Promise<ApiKeyView[]> {
    return (await this.keys.listActive(userId)).map(apiKeyView);
  }

  async create(userId: string, body: CreateApiKeyBody): Promise<ApiKeyView & { api_key_value: string }> {
    const profile = await this.profiles.ensure(userId, undefined);
    const value = generateApiKey();
    const now = this.now();
    const row: ApiKeyRow = {
      api_key_id: randomUUID(),
      user_id: userId,
      key_hash: hashApiKey(value),
      key_prefix: value.slice(0, 8),
      key_suffix: value.slice(-8),
      key_name: body.key_name,
      key_description: body.key_description ?? null,
      tier: tierOf(profile.account_type),
      expiration_days: body.expiration_days,
      expires_at: now + body.expiration_days * DAY_MS,
      is_active: 1,
      created_at: now,
      updated_at: now,
      usage_count: 0,
      last_used_at: null,
    };
    if (!(await this.keys.insertWithin(row, MAX_API_KEYS))) throw new AppError('TOO_MANY_API_KEYS', { message: API_KEY_MESSAGES.tooMany });
    return { ...apiKeyView(row), api_key_value: value };
  }

  /** Only the name and the description can change. */
  async update(userId: string, keyId: string, body: UpdateApiKeyBody): Promise<ApiKeyView> {
    const row = await this.keys.update(userId, keyId, { key_name: body.key_name, key_description: body.key_description ?? null, updated_at: this.now() });
    if (!row) throw new AppError('API_KEY_NOT_FOUND');
    return apiKeyView(row);
  }

  async remove(userId: string, keyId: string): Promise<void> {
    if (!(await this.keys.deactivate(userId, keyId, this.now()))) throw new AppError('API_KEY_NOT_FOUND');
  }

  /**
   * The owner and tier of a presented key, counting the use; undefined for a malformed, unknown,
   * deleted or expired key, or one whose account was deactivated.
   */
  async authenticate(presented: string): Promise<{ userId: string; tier: Tier; keyId: string } | undefined> {
    if (!KEY_SHAPE.test(presented)) return undefined;
    const row = await this.keys.findActiveByHash(hashApiKey(presented));
    const now = this.now();
    if (!row || row.expires_at <= now) return undefined;
    if (!(await this.profiles.isActive(row.user_id))) return undefined;
    await this.keys.recordUse(row.api_key_id, now);
    return { userId: row.user_id, tier: tierOf(row.tier), keyId: row.api_key_id };
  }
}
