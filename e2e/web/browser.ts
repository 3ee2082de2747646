import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Debian's Chromium driven by playwright-core (no downloaded browser builds). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

/** A fresh context (own storage) and page, recording page errors. */
export async function openPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

let screenshotDir: string | undefined;

/** Screenshots of a run go to one temporary folder (not committed), printed for review. */
export function screenshotPath(name: string): string {
  if (!screenshotDir) {
    screenshotDir = process.env.MOLSEARCH_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'molsearch-screens-'));
    mkdirSync(screenshotDir, { recursive: true });
  }
  return join(screenshotDir, `${name}.png`);
}
