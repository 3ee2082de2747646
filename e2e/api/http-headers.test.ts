import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { freshDataDir, removeTestCatalogues, startServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';

const SCRIPT = `console.log(${JSON.stringify('molsearch '.repeat(500))});\n`;

/** A raw GET (fetch would decode the body and hide Content-Encoding). */
function get(url: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request({ host: target.hostname, port: target.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What every answer carries, whatever answered it. */
function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>): void {
  const csp = String(headers['content-security-policy']);
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/object-src 'none'/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(String(headers['permissions-policy'])).toMatch(/camera=\(\)/);
}

afterAll(() => removeTestCatalogues());

describe('security and caching headers', () => {
  let server: ServerProcess;
  let web: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const data = await freshDataDir();
    // A built web app in miniature: the shell, a hashed asset with its precompressed copies, the version file and the worker.
    web = await mkdtemp(join(tmpdir(), 'molsearch-web-'));
    await mkdir(join(web, 'assets'));
    await writeFile(join(web, 'index.html'), '<!doctype html><title>molsearch</title><script type="module" src="/assets/app-C0ffee12.js"></script>');
    await writeFile(join(web, 'assets/app-C0ffee12.js'), SCRIPT);
    await writeFile(join(web, 'assets/app-C0ffee12.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(web, 'assets/app-C0ffee12.js.gz'), gzipSync(SCRIPT));
    await writeFile(join(web, 'version.json'), '{"version":"test"}');
    await writeFile(join(web, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
    server = await startServerProcess(data.dir, { WEB_DIR: web });
    cleanup = async () => {
      await data.remove();
      await rm(web, { recursive: true, force: true });
    };
  });

  afterAll(async () => {
    expect(await server.stop()).toBe(0);
    await cleanup();
  });

  it('are on API answers, error answers and the web app', async () => {
    for (const path of ['/api/databases', '/api/get_everything', '/api/job_status?job_name=no-such-job', '/', '/search', '/assets/app-C0ffee12.js', '/assets/missing.js']) {
      expectSecurityHeaders((await get(server.url, path)).headers);
    }
  });

  it('answers a hashed asset in the encoding the browser accepts, cached for a year', async () => {
    const br = await get(server.url, '/assets/app-C0ffee12.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await get(server.url, '/assets/app-C0ffee12.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get(server.url, '/assets/app-C0ffee12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('has the shell, the version file and the service worker checked on every visit', async () => {
    for (const path of ['/', '/index.html', '/search', '/version.json', '/sw.js']) {
      const answer = await get(server.url, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('marks download files private', async () => {
    const client = new ApiClient(server.url);
    const { job_name: jobName } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: 'CCO', search_type: 'morgan', db_names: 'MOLPORT' });
    await client.waitForJob(jobName);
    const { link } = await client.download({ job_name: jobName, file_format: 'csv' });
    const file = await client.request('GET', String(link.download_link));
    expect(file.headers.get('cache-control')).toBe('private');
    const headers: Record<string, string> = {};
    file.headers.forEach((value, name) => (headers[name] = value));
    expectSecurityHeaders(headers);
  });
});
