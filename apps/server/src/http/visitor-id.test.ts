import { describe, expect, it } from 'vitest';
import { VisitorIds } from './visitor-id.ts';

describe('VisitorIds', () => {
  const ids = new VisitorIds({ secret: 'a test secret of at least thirty-two characters' });

  it('verifies the ids it issued', () => {
    const { id, cookie } = ids.issue();
    expect(cookie).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(ids.verify(cookie)).toBe(id);
  });

  it('refuses unsigned, forged and foreign ids', () => {
    const { id, cookie } = ids.issue();
    const signature = cookie.split('.')[1]!;
    expect(ids.verify(undefined)).toBeUndefined();
    expect(ids.verify(id)).toBeUndefined();
    expect(ids.verify('load-1234-000000000001')).toBeUndefined();
    expect(ids.verify(`${id.replace(/^./, id[0] === 'a' ? 'b' : 'a')}.${signature}`)).toBeUndefined();
    expect(ids.verify(`${id}.${signature.replace(/^./, signature[0] === 'A' ? 'B' : 'A')}`)).toBeUndefined();
    const elsewhere = new VisitorIds({ secret: 'another server with another secret, 32+ chars' });
    expect(elsewhere.verify(cookie)).toBeUndefined();
  });
});
