import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { freshDataDir, removeTestCatalogues, startServerProcess } from '../api/server-process.ts';
import type { ServerProcess } from '../api/server-process.ts';
import { launchBrowser } from './browser.ts';

export { TEST_DATABASES } from '../api/server-process.ts';

const CATALOGUE_CONFIG = join(import.meta.dirname, '../../config/catalogues.json');

export interface WebServer {
  url: string;
  server: ServerProcess;
  /** The server's data directory (its SQLite store is molsearch.sqlite there). */
  dataDir: string;
  stop(): Promise<void>;
}

export interface WebServerOptions {
  /** Environment of the server process, over the test defaults. */
  env?: Record<string, string>;
  /** MolPort takes orders by e-mail at this address, so "Contact For Orders" and "Get quote" have somewhere to write to. */
  orderEmail?: string;
}

/** `molsearch serve` on a copy of the small real test catalogues, serving the built web app (apps/web/dist). */
export async function startWebServer(options: WebServerOptions = {}): Promise<WebServer> {
  const data = await freshDataDir();
  const env: Record<string, string> = { RATE_LIMITING: 'false', ...options.env };
  if (options.orderEmail) {
    const config = JSON.parse(await readFile(CATALOGUE_CONFIG, 'utf8')) as { databases: { id: string; orderEmail: string | null }[] };
    for (const database of config.databases) if (database.id === 'MOLPORT') database.orderEmail = options.orderEmail;
    const configPath = join(data.dir, 'catalogues.json');
    await writeFile(configPath, JSON.stringify(config));
    env.CATALOGUE_CONFIG = configPath;
  }
  const server = await startServerProcess(data.dir, env);
  return {
    url: server.url,
    server,
    dataDir: data.dir,
    stop: async () => {
      await server.stop();
      await data.remove();
      await removeTestCatalogues();
    },
  };
}

/**
 * A web server and a browser shared by the tests of one file: started before the first, stopped after the
 * last. With `webgl`, the browser draws WebGL in software (SwiftShader), as headless Chromium has no GPU.
 */
export function webAndBrowser(options: WebServerOptions & { webgl?: boolean } = {}): { readonly web: WebServer; readonly browser: Browser } {
  let web: WebServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebServer(options), launchBrowser({ webgl: options.webgl })]);
  });
  afterEach((context) => {
    // The server's last words on a failed test: the jobs it queued, ran or refused.
    if (context.task.result?.state === 'fail' && web) console.error(`The server's last log lines:\n${web.server.logs.slice(-25).map((line) => JSON.stringify(line)).join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });
  return {
    get web() {
      if (!web) throw new Error('the web server starts before the first test');
      return web;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts before the first test');
      return browser;
    },
  };
}
