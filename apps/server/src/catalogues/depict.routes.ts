import { createHash } from 'node:crypto';
import { MAX_QUERY_SMILES_LENGTH } from '@molsearch/api';
import { depictSvg, loadRDKit } from '@molsearch/chem';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { invalidParameters } from '../http/app-error.ts';
import { parseQuery } from '../http/validation.ts';

const MIN_SIDE = 40;
const MAX_SIDE = 1200;
/** Drawings kept in memory: a results grid asks for the same molecules again when paging back. */
const CACHE_ENTRIES = 2000;
/** A drawing depends only on its query, so browsers and proxies may keep it for a day. */
const CACHE_CONTROL = 'public, max-age=86400, immutable';

const side = z.coerce.number().int().min(MIN_SIDE).max(MAX_SIDE);
const depictQuery = z.object({
  smiles: z.string().trim().min(1, 'SMILES string cannot be empty').max(MAX_QUERY_SMILES_LENGTH),
  width: side.default(250),
  height: side.default(200),
});

/** 2D drawings of molecules as SVG, for result cards and the query molecule. */
export function depictRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const cache = new Map<string, { svg: string; etag: string }>();

  routes.get('/depict', async (c) => {
    const { smiles, width, height } = parseQuery(c, depictQuery);
    const key = `${width}x${height}:${smiles}`;
    let entry = cache.get(key);
    if (entry) {
      // Re-inserting keeps the map in least-recently-used order.
      cache.delete(key);
      cache.set(key, entry);
    } else {
      // After a molecule broke the toolkit, the next drawing waits for its replacement.
      await loadRDKit();
      const svg = depictSvg(smiles, { width, height });
      if (svg === undefined) throw invalidParameters([{ field: 'smiles', message: 'Invalid SMILES structure' }]);
      entry = { svg, etag: `"${createHash('sha1').update(key).digest('base64url')}"` };
      cache.set(key, entry);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    c.header('Cache-Control', CACHE_CONTROL);
    c.header('ETag', entry.etag);
    if (c.req.header('If-None-Match') === entry.etag) return c.body(null, 304);
    return c.body(entry.svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  });

  return routes;
}
