import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { renderDocsPage } from './docs-page.ts';
import { buildOpenApiDocument } from './openapi.ts';

/** The OpenAPI document and the docs page, both built once from the shared schemas. */
export function docsRoutes(version: string): Hono<AppEnv> {
  const document = buildOpenApiDocument(version);
  const page = renderDocsPage(document);
  const routes = new Hono<AppEnv>();
  routes.get('/openapi.json', (c) => c.json(document));
  routes.get('/docs', (c) => c.html(page));
  return routes;
}
