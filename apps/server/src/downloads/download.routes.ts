import { Readable } from 'node:stream';
import { downloadLinkQuery, prepareDownloadBody, prepareDownloadQuery } from '@molsearch/api';
import type { FileFormat } from '@molsearch/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { RateLimits } from '../http/rate-limit.middleware.ts';
import { rateLimit } from '../http/rate-limit.middleware.ts';
import { limitBody, readJsonBody } from '../http/json-body.ts';
import type { DownloadService } from './download.service.ts';
import { parseQuery, parseWith } from '../http/validation.ts';

const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  sdf: 'chemical/x-mdl-sdfile; charset=utf-8',
  smi: 'chemical/x-daylight-smiles; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Preparing download files, polling for their link, and serving them. */
export function downloadRoutes(options: { downloads: DownloadService; maxBodyBytes: number; limits: RateLimits }): Hono<AppEnv> {
  const { downloads, maxBodyBytes, limits } = options;
  const routes = new Hono<AppEnv>();

  routes.post(
    '/prepare_download',
    rateLimit(limits, 'downloads'),
    limitBody(maxBodyBytes, `${Math.round(maxBodyBytes / 1048576)} MB`),
    async (c) => {
      const query = parseQuery(c, prepareDownloadQuery);
      const json = await readJsonBody(c, 'The body must be JSON, e.g. {"neighbor_ids": [...]}');
      return c.json(await downloads.prepare(c.get('principal'), query, parseWith(prepareDownloadBody, json)));
    },
  );

  routes.get('/get_download_link', async (c) => c.json(await downloads.link(parseQuery(c, downloadLinkQuery), c.get('principal'))));

  routes.get('/downloads/:id/:name', async (c) => {
    const file = await downloads.file(c.req.param('id'), c.get('principal'));
    const stream = Readable.toWeb(file.file.stream) as ReadableStream<Uint8Array>;
    return new Response(stream, {
      headers: {
        'Content-Type': CONTENT_TYPES[file.format],
        'Content-Length': String(file.file.size),
        'Content-Disposition': `attachment; filename="${file.name}"`,
        // A caller's results: browsers may keep the file, shared caches may not.
        'Cache-Control': 'private',
        'X-Request-Id': c.get('requestId'),
      },
    });
  });

  return routes;
}
