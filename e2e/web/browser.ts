import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, onTestFailed, onTestFinished } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** WebGL without a GPU: SwiftShader, Chromium's software renderer, for pages that draw in 3D. */
const WEBGL_ARGS = ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Debian's Chromium driven by playwright-core (no downloaded browser builds); with `webgl`, able to draw WebGL. */
export function launchBrowser(options: { webgl?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: options.webgl ? WEBGL_ARGS : ARGS, headless: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  /** Content-Security-Policy violations seen so far; the test fails at its end if there are any. */
  cspViolations: string[];
}

/** The page reports each CSP violation through this binding. */
const CSP_BINDING = '__molsearchCspViolation';

/** The feedback modal opens after 15 s for a new visitor; a test about something else opens its pages as a returning one. */
const CONSENT_SEEN = "localStorage.setItem('molsearch.consent-modal-seen', 'true')";

/** The structure editor's chunk, which loads Ketcher and Indigo's WebAssembly after the search page shows. */
const EDITOR_CHUNK = /\/molecule-editor-[^/]*\.js$/;

export interface PageOptions {
  width?: number;
  height?: number;
  /** The feedback modal counts as already seen. */
  consentSeen?: boolean;
  /**
   * `false` for a test that never uses the structure editor: its chunk is requested and never answered, so the page
   * stays as a visitor sees it before the editor has arrived. Starting Ketcher and compiling Indigo is about half
   * the browser's CPU in such a test, and two test files share two cores.
   */
  editor?: boolean;
}

/**
 * A fresh context (own storage) and page, recording page errors. Call it inside a test: the app runs
 * under the server's Content-Security-Policy, and a violation (a `securitypolicyviolation` event, or the
 * browser's console report of one) fails the test when it ends.
 */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    serviceWorkers: 'block',
  });
  if (options.editor === false) await context.route(EDITOR_CHUNK, () => new Promise<void>(() => undefined));
  const cspViolations: string[] = [];
  await context.exposeBinding(CSP_BINDING, (_source, text: string) => void cspViolations.push(text));
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding]!;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} in ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
    });
  }, CSP_BINDING);
  if (options.consentSeen) await context.addInitScript({ content: CONSENT_SEEN });
  onTestFinished(() => {
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  onTestFailed(async () => {
    // What the page showed when the test failed, to tell a slow machine from a search that failed or went elsewhere.
    const shot = screenshotPath(`failed-${Date.now()}`);
    await page.screenshot({ path: shot, timeout: 10_000 }).catch(() => undefined);
    console.error(`The page when the test failed (screenshot ${shot}):\n${JSON.stringify({ ...(await pageState(page)), errors })}`);
  });
  return { context, page, errors, cspViolations };
}

/** The query, the chosen databases and every notice the search page shows, or why they could not be read. */
async function pageState(page: Page): Promise<Record<string, unknown>> {
  const read = <T>(work: () => Promise<T>) => work().catch((error: unknown) => `unreadable: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  const quick = { timeout: 5_000 };
  return {
    url: page.url(),
    smiles: await read(() => page.getByPlaceholder('Enter SMILES notation').inputValue(quick)),
    checked: await read(() => page.getByRole('checkbox', { checked: true }).evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))),
    notices: await read(() => page.locator('[role="alert"], [role="status"], [data-sonner-toast], [aria-label="Search progress"]').allInnerTexts()),
    results: await read(async () => (await page.getByRole('region', { name: 'Search results' }).allInnerTexts()).join('\n').slice(0, 300)),
  };
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
