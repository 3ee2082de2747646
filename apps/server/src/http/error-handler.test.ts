import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { openCatalogue } from '@molsearch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { CATALOGUE_UNAVAILABLE } from './app-error.ts';
import { handleError } from './error-handler.ts';
import { createLogger } from './logger.ts';

describe('a catalogue that is not served when a request reads it', () => {
  let dataDir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'molsearch-error-handler-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  function app(): Hono<AppEnv> {
    const root = new Hono<AppEnv>();
    root.get('/api/read', async (c) => c.json({ count: (await openCatalogue(dataDir, 'GONE')).count }));
    root.onError(handleError(createLogger('debug', (line) => logged.push(line))));
    return root;
  }

  it('answers 503 with a time to retry, names no path, and logs the engine\'s detail', async () => {
    const response = await app().request('/api/read');
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: 'UNAVAILABLE', message: CATALOGUE_UNAVAILABLE });
    expect(JSON.stringify(body)).not.toContain(dataDir);
    expect(logged.join('')).toContain('"code":"CATALOGUE_NOT_FOUND"');
    expect(logged.join('')).toContain(dataDir);
  });
});
