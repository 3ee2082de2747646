import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Adapter, AdapterPayload, JWK } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds after which the entry is gone; undefined for no expiry. */
  expires: number | undefined;
}

/**
 * The local provider's storage for sessions, interactions, codes, grants and tokens: one Map per provider. Given
 * explicitly, so the provider neither falls back on its development store nor warns about it on every start.
 */
export function memoryAdapter(): (name: string) => Adapter {
  const entries = new Map<string, Entry>();
  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (entry?.expires === undefined || entry.expires > Date.now()) return entry?.payload;
    entries.delete(key);
    return undefined;
  };
  return (name) => {
    const key = (id: string) => `${name}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [stored, entry] of entries) if (stored.startsWith(`${name}:`) && entry.payload[field] === value) return live(stored);
      return undefined;
    };
    return {
      upsert: async (id, payload, expiresIn) => void entries.set(key(id), { payload, expires: expiresIn ? Date.now() + expiresIn * 1000 : undefined }),
      find: async (id) => live(key(id)),
      findByUid: async (uid) => findBy('uid', uid),
      findByUserCode: async (userCode) => findBy('userCode', userCode),
      consume: async (id) => {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => void entries.delete(key(id)),
      revokeByGrantId: async (grantId) => {
        for (const [stored, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(stored);
      },
    };
  };
}

let signingKey: JWK | undefined;

/** An RS256 key for the provider's ID tokens, made once per test process instead of the provider's development key. */
export function signingKeys(): { keys: JWK[] } {
  signingKey ??= { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' } as JWK;
  return { keys: [signingKey] };
}
