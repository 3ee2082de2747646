/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { searchPage } from './search-page.ts';

export interface ScriptLoad {
  /** JavaScript files the page fetched, by file name, with their decoded and transferred bytes. */
  files: { name: string; decoded: number; transferred: number }[];
  /** Their decoded size and their size over the wire, in bytes. */
  decoded: number;
  transferred: number;
}

/** The scripts a fresh visit of `url` loads until its molecule editor is ready. */
export async function firstLoadScripts(page: Page, url: string): Promise<ScriptLoad> {
  await page.goto(url);
  await searchPage(page).waitForEditor();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ name: new URL(entry.name).pathname.split('/').pop()!, decoded: entry.decodedBodySize, transferred: entry.transferSize })),
  );
  return {
    files: scripts,
    decoded: scripts.reduce((sum, script) => sum + script.decoded, 0),
    transferred: scripts.reduce((sum, script) => sum + script.transferred, 0),
  };
}
