import { describe, expect, it } from 'vitest';
import { changingIdentity, identityChanges, identitySettled } from './identity-gate.ts';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the identity gate', () => {
  it('holds the caller\'s own requests until every identity change under way has ended, failed ones included', async () => {
    const before = identityChanges();
    const first = deferred();
    const second = deferred();
    void changingIdentity(() => first.promise);
    let settled = false;
    const waiting = identitySettled().then(() => (settled = true));
    // A change that starts while a request waits holds it too.
    const failing = changingIdentity(() => second.promise).catch(() => undefined);
    expect(identityChanges()).toBe(before + 2);
    first.resolve();
    await first.promise;
    await Promise.resolve();
    expect(settled).toBe(false);
    second.reject(new Error('sign-in refused'));
    await failing;
    await waiting;
    expect(settled).toBe(true);
  });
});
