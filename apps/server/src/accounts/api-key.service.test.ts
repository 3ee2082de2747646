import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from './api-key.service.ts';

describe('API key values', () => {
  it('are ck_ and 32 letters or digits, different every time', () => {
    const keys = Array.from({ length: 2000 }, generateApiKey);
    for (const key of keys) expect(key).toMatch(/^ck_[A-Za-z0-9]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);
    // Every character of the alphabet turns up: the draw covers all 62 symbols.
    expect(new Set(keys.join('').replaceAll('ck_', '')).size).toBe(62);
  });

  it('are stored as their SHA-256 hex digest', () => {
    // The FIPS 180-2 test vector for "abc".
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashApiKey('ck_abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey('ck_abc')).not.toBe(hashApiKey('ck_abd'));
  });
});
