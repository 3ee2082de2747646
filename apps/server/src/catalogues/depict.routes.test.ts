import { loadRDKit } from '@molsearch/chem';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/app-env.ts';
import { depictRoutes } from './depict.routes.ts';
import { handleError } from '../http/error-handler.ts';
import { createLogger } from '../http/logger.ts';

function app(): Hono<AppEnv> {
  const root = new Hono<AppEnv>();
  root.route('/api', depictRoutes());
  root.onError(handleError(createLogger('silent')));
  return root;
}

describe('GET /api/depict', () => {
  beforeAll(() => loadRDKit());

  it('draws a molecule as a cacheable SVG of the asked size', async () => {
    const response = await app().request('/api/depict?smiles=CC(%3DO)Oc1ccccc1C(%3DO)O&width=320&height=180');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toContain('max-age=86400');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg[^>]*width='320px'[^>]*height='180px'/);
    expect(svg).toContain('</svg>');
  });

  it('answers 304 when the browser already holds the same drawing', async () => {
    const routes = app();
    const first = await routes.request('/api/depict?smiles=c1ccccc1');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await routes.request('/api/depict?smiles=c1ccccc1', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    const other = await routes.request('/api/depict?smiles=c1ccccc1&width=100', { headers: { 'If-None-Match': etag! } });
    expect(other.status).toBe(200);
  });

  it.each([
    ['a missing SMILES', '/api/depict', 'smiles'],
    ['an unparsable SMILES', '/api/depict?smiles=C1CC', 'smiles'],
    ['a blank SMILES', '/api/depict?smiles=%20%20', 'smiles'],
    ['a width that is too large', '/api/depict?smiles=CCO&width=5000', 'width'],
    ['a height that is not a number', '/api/depict?smiles=CCO&height=tall', 'height'],
  ])('rejects %s with 400 and names the field', async (_case, url, field) => {
    const response = await app().request(url);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { field: string; message: string }[] } };
    expect(body.error.code).toBe('INVALID_PARAMETERS');
    expect(body.error.details.map((detail) => detail.field)).toContain(field);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });

  it('says why a SMILES cannot be drawn', async () => {
    const body = (await (await app().request('/api/depict?smiles=C1CC')).json()) as { error: { details: { message: string }[] } };
    expect(body.error.details[0]!.message).toBe('Invalid SMILES structure');
  });
});
