import { mkdtemp, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret.ts';

describe('resolveAuthSecret', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('prefers the configured secret and writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'molsearch-secret-'));
    dirs.push(dir);
    expect(resolveAuthSecret('s'.repeat(40), dir)).toBe('s'.repeat(40));
    await expect(stat(join(dir, 'auth-secret'))).rejects.toThrow();
  });

  it('generates a secret once, readable only by its owner, and reuses it after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'molsearch-secret-'));
    dirs.push(dir);
    const first = resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
    const other = await mkdtemp(join(tmpdir(), 'molsearch-secret-'));
    dirs.push(other);
    expect(resolveAuthSecret(undefined, other)).not.toBe(first);
  });
});
