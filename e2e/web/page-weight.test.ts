/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, hence the DOM types.
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { openPage } from './browser.ts';
import { searchPage } from './search-page.ts';
import { webAndBrowser } from './web-server.ts';

const app = webAndBrowser();

interface Visit {
  requests: number;
  /** Bytes over the wire (headers and compressed bodies); 0 for what the browser cache answered. */
  transferred: number;
  /** Bytes of the files as the page uses them, decompressed. */
  decoded: number;
  fromCache: number;
  /** From navigation to an editable search page (the editor ready). */
  seconds: number;
  editorEncoding: string | undefined;
}

/** Loads the search page until the editor is ready; what the page fetched, read from its resource timings. */
async function visit(page: Page, url: string): Promise<Visit> {
  let editorEncoding: string | undefined;
  const onResponse = async (response: Response) => {
    if (/\/assets\/molecule-editor-[^/]+\.js$/.test(response.url())) editorEncoding = (await response.allHeaders())['content-encoding'];
  };
  page.on('response', onResponse);
  const started = Date.now();
  await page.goto(url);
  await searchPage(page).waitForEditor();
  const seconds = (Date.now() - started) / 1000;
  page.off('response', onResponse);
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return { transferSize: timing.transferSize, decodedBodySize: timing.decodedBodySize };
    }),
  );
  return {
    requests: entries.length,
    transferred: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
    decoded: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    fromCache: entries.filter((entry) => entry.transferSize === 0 && entry.decodedBodySize > 0).length,
    seconds,
    editorEncoding,
  };
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;
const describeVisit = (visit: Visit): string =>
  `${visit.requests} requests, ${mb(visit.transferred)} over the wire (${mb(visit.decoded)} decoded), ${visit.fromCache} from the browser cache, ${visit.seconds.toFixed(1)} s to an editable search page`;

describe('the search page over the wire', () => {
  it('comes compressed on a first visit and from the browser cache on a repeat visit', async () => {
    const { page, context } = await openPage(app.browser, { consentSeen: true });
    const first = await visit(page, app.web.url);
    const repeat = await visit(page, app.web.url);
    console.log(`[page weight] first visit: ${describeVisit(first)}\n[page weight] repeat visit: ${describeVisit(repeat)}`);
    expect(first.editorEncoding).toBe('br');
    // The hashed files are immutable: a repeat visit fetches only the shell and API answers.
    expect(repeat.fromCache).toBeGreaterThan(0);
    expect(repeat.transferred).toBeLessThan(first.transferred / 20);
    await context.close();
  });
});
