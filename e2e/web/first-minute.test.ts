/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, hence the DOM types.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { parseCsv } from '../api/parse-files.ts';
import { TOAST_REGION, seriousAccessibilityViolations } from './axe.ts';
import { openPage } from './browser.ts';
import type { PageOptions } from './browser.ts';
import { searchPage } from './search-page.ts';
import { webAndBrowser } from './web-server.ts';

/** The first minute of a chemist in the web app (issue 22), each fix held by a test. */

const ASPIRIN = 'CC(=O)Oc1ccccc1C(=O)O';
const LAPTOP = { width: 1366, height: 700 };
/** Stored search settings of a visitor who chose Morgan and no database (so every database is searched), run in the page. */
const MORGAN_IN_EVERY_DATABASE = () => {
  sessionStorage.setItem('molsearch.search-settings', JSON.stringify({ searchMethod: 'morgan', searchQuality: 'fast', selectedDatabase: [], computeProperties: false }));
};
const PHONE = { width: 390, height: 844 };
/** Ketcher's own toolbar is a third-party widget; toasts belong to the app shell and are checked with it. */
const NOT_OURS = ['[data-testid="molecule-editor"]', TOAST_REGION];

/** Screenshots for review go to e2e/web/screenshots, which git ignores. */
const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });
const screenshot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

const app = webAndBrowser();

async function open(path = '/', options: PageOptions = {}) {
  // The feedback modal has a test of its own; here it counts as seen.
  const opened = await openPage(app.browser, { ...LAPTOP, ...options, consentSeen: true });
  await opened.page.goto(app.web.url + path);
  return { ...opened, ui: searchPage(opened.page) };
}

/** Searches `smiles` by `method` in MolPort only, from the search bar, and waits for the results. */
async function searchMolport(page: Page, smiles: string, method: RegExp): Promise<Locator> {
  const ui = searchPage(page);
  if (!(await ui.options.isVisible())) await ui.openOptions(smiles);
  await ui.options.getByRole('radio', { name: method }).click();
  await ui.chooseDatabases(['MolPort']);
  await ui.optionsSearch.click();
  const grid = ui.results.getByRole('group', { name: 'Results from MolPort' });
  await ui.waitForResults(grid);
  return grid;
}

const hitCards = (grid: Locator) => grid.getByRole('checkbox');

// Each test drives a few searches in Chromium; the limit only guards against a hang on a loaded machine.
describe('the first minute in the web app', { timeout: 150_000 }, () => {
  it('keeps the page where it is and the focus where the user types while the editor starts', async () => {
    const { page, ui, context } = await open();
    // Typing starts before the editor is ready; its start must neither scroll the page nor take the focus.
    await ui.smilesBox.click();
    await ui.smilesBox.pressSequentially(ASPIRIN, { delay: 60 });
    await ui.waitForEditor();
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await ui.smilesBox.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await ui.smilesBox.inputValue()).toBe(ASPIRIN);
    const box = await ui.barSearch.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(LAPTOP.height);
    await screenshot(page, 'search-load-1366x700');
    expect(await seriousAccessibilityViolations(page, NOT_OURS)).toEqual([]);
    await context.close();
  });

  it('keeps a query typed and sent while the editor was loading, and draws it once the editor is ready', async () => {
    // The editor's code is held back until the query has gone to the options: Ketcher then starts behind them,
    // where its start-up must not pass for a drawing and clear the query.
    const opened = await openPage(app.browser, { ...LAPTOP, consentSeen: true });
    const { page, context } = opened;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/molecule-editor-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(app.web.url);
    const ui = searchPage(page);
    await ui.openOptions(ASPIRIN);
    release();
    await ui.waitForEditor();
    // The query typed before the editor loaded is drawn in it (its atom labels: aspirin's oxygens).
    const atomLabels = () => page.locator('[data-testid="ketcher-canvas"] svg text').allTextContents();
    await expect.poll(atomLabels, { timeout: 20_000 }).toContain('O');
    await page.waitForTimeout(1500);
    expect(await ui.smilesBox.inputValue()).toBe(ASPIRIN);
    const grid = await searchMolport(page, ASPIRIN, /^Morgan/);
    expect(await hitCards(grid).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('looks right on a phone after load and after a search, and focuses the results', async () => {
    const { page, ui, context } = await open('/', PHONE);
    await ui.waitForEditor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, 'search-load-390x844');
    const grid = await searchMolport(page, ASPIRIN, /^Morgan/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Results');
    await grid.getByRole('img').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'search-results-390x844');
    expect(await seriousAccessibilityViolations(page, NOT_OURS)).toEqual([]);
    await context.close();
  });

  it('brings the editor back at a normal zoom after New search', async () => {
    const { page, ui, context } = await open();
    await ui.waitForEditor();
    const grid = await searchMolport(page, ASPIRIN, /^Morgan/);
    // The results come into view with the focus on their heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Results');
    await expect.poll(() => ui.results.evaluate((results) => Math.round(results.getBoundingClientRect().top))).toBeLessThan(120);
    await grid.getByRole('img').first().waitFor();
    await screenshot(page, 'search-results-1366x700');
    expect(await seriousAccessibilityViolations(page, NOT_OURS)).toEqual([]);
    await page.getByRole('navigation', { name: 'Search actions' }).getByRole('button', { name: /New search/ }).click();
    await page.getByRole('button', { name: 'Caffeine' }).click();
    await expect.poll(() => ui.smilesBox.inputValue()).toBe('Cn1c(=O)c2c(ncn2C)n(C)c1=O');
    // Caffeine drawn at 100 % is about 150 px tall; at the 10 % the hidden editor was left at, 15 px.
    const drawingHeight = () =>
      page.evaluate(() => {
        const parts = Array.from(document.querySelectorAll('[data-testid="ketcher-canvas"] svg text, [data-testid="ketcher-canvas"] svg path'), (part) => part.getBoundingClientRect());
        const drawn = parts.filter((box) => box.width > 0 && box.width < 1000);
        return drawn.length === 0 ? 0 : Math.max(...drawn.map((box) => box.bottom)) - Math.min(...drawn.map((box) => box.top));
      });
    await expect.poll(drawingHeight, { timeout: 20_000 }).toBeGreaterThan(80);
    await context.close();
  });

  it('checks a SMILES in the browser and says once what is wrong, sending nothing', async () => {
    const { page, ui, context } = await open();
    const submitted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/submit_molsearch')) submitted.push(request.url());
    });
    await ui.waitForEditor();
    const alerts = page.getByRole('alert');
    // An unclosed branch and an unknown element are caught in the browser.
    for (const smiles of ['C1CC(', 'CCQ']) {
      await ui.smilesBox.fill(smiles);
      await ui.smilesBox.press('Enter');
      await alerts.filter({ hasText: 'Invalid SMILES structure' }).waitFor();
      expect(await alerts.count()).toBe(1);
      expect(await ui.options.count()).toBe(0);
    }
    // Draw says the same instead of doing nothing.
    await ui.smilesBox.fill('C1CC(');
    await page.getByRole('button', { name: 'Draw' }).click();
    await alerts.filter({ hasText: 'Invalid SMILES structure' }).waitFor();
    expect(submitted).toEqual([]);

    // A structure only RDKit refuses (a five-membered ring that cannot be kekulised) reaches the server,
    // whose answer is shown once, under the box: no toast, no failed progress card.
    await ui.openOptions('c1cccc1');
    await ui.card('MolPort').click();
    await ui.optionsSearch.click();
    await alerts.filter({ hasText: 'Invalid SMILES structure' }).waitFor({ timeout: 30_000 });
    expect(submitted).toHaveLength(1);
    expect(await page.getByText('Invalid SMILES structure').count()).toBe(1);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await page.getByText('Search failed').count()).toBe(0);
    await context.close();
  });

  it('bands scores by their rarity in the database searched, the same way for every method', async () => {
    const { page, context } = await open('/', { editor: false });
    const bestOf = async (method: RegExp) => {
      const grid = await searchMolport(page, ASPIRIN, method);
      const best = hitCards(grid).first();
      // The histogram arrives after the first page: the rarity follows.
      await expect.poll(() => best.getAttribute('aria-label')).toMatch(/, top \d/);
      const label = (await best.getAttribute('aria-label')) ?? '';
      await page.getByRole('navigation', { name: 'Search actions' }).getByRole('button', { name: /Modify search/ }).click();
      return { score: Number(/similarity (\d\.\d+)/.exec(label)![1]), rarity: /top [\d.]+ %/.exec(label)![0] };
    };
    const morgan = await bestOf(/^Morgan/);
    const shape = await bestOf(/^Shape/);
    // Different raw scores, the same rarity: the best of 60 molecules is in their top 2 %.
    expect(morgan.score).not.toBe(shape.score);
    expect(morgan.rarity).toBe('top 2 %');
    expect(shape.rarity).toBe('top 2 %');

    await page.getByRole('button', { name: 'How similarity scores read' }).click();
    const rule = page.getByRole('dialog', { name: 'Similarity Threshold Information' });
    await rule.getByText('the bands do not go by the score itself but by how rare it is', { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    // The About page and the method modal say the same of the electrostatic score.
    await page.getByRole('radio', { name: /^Electrostatic/ }).click();
    await page.getByRole('button', { name: 'Search method information' }).click();
    const modal = (await page.getByRole('dialog', { name: 'Search Method Information' }).innerText()).replace(/\s+/g, ' ');
    await page.keyboard.press('Escape');
    await page.goto(`${app.web.url}/about`);
    const about = (await page.getByRole('article').innerText()).replace(/\s+/g, ' ');
    for (const text of [modal, about]) {
      expect(text).toContain('(C + 1) / 2');
      expect(text).toContain('MMFF94');
      expect(text).toMatch(/pH 7\.4/);
      expect(text).toMatch(/identical molecules score 1/);
      expect(text).toMatch(/best.shape alignment/);
    }
    await context.close();
  });

  it('calls the property columns Properties, shows the query\'s own values and sorts the hits in a table', async () => {
    const { page, ui, context } = await open('/', { editor: false });
    const grid = await searchMolport(page, ASPIRIN, /^Morgan/);
    await ui.switchOn('Properties');
    expect(await page.getByText('ADMET').count()).toBe(0);
    const query = grid.getByRole('article', { name: 'Query molecule' });
    await query.getByText('C9H8O4').waitFor();
    await query.getByText('180.16').waitFor();
    await ui.switchOn('Table view');
    const table = page.getByRole('region', { name: 'Results from MolPort' }).getByRole('table');
    await table.waitFor();
    await table.getByRole('button', { name: /^MW/ }).click();
    const mwColumn = await table.locator('thead th').evaluateAll((cells) => cells.findIndex((cell) => cell.textContent?.startsWith('MW')));
    const weights = await table.locator('tbody tr').evaluateAll((rows, column) => rows.map((row) => Number(row.children[column]?.textContent)), mwColumn);
    // The query stays first; the hits follow, heaviest first.
    expect(weights[0]).toBeCloseTo(180.16, 2);
    const hits = weights.slice(1);
    expect(hits.length).toBeGreaterThan(10);
    expect(hits).toEqual([...hits].sort((a, b) => b - a));
    await screenshot(page, 'results-table-1366x700');
    expect(await seriousAccessibilityViolations(page, NOT_OURS)).toEqual([]);
    await context.close();
  });

  it('shows the vendor\'s own compound id on each card and copies its SMILES', async () => {
    const { page, context } = await open('/', { editor: false });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.web.url });
    const grid = await searchMolport(page, ASPIRIN, /^Morgan/);
    const card = grid.locator('article[data-molecule-id]').first();
    await expect.poll(() => card.locator('[title="MolPort compound id"]').innerText()).toMatch(/^MolPort-\d{3}-\d{3}-\d{3}$/);
    const drawing = (await card.getByRole('img').getAttribute('src'))!;
    const smiles = new URL(drawing, app.web.url).searchParams.get('smiles');
    await card.getByRole('button', { name: /^Copy SMILES of MolPort-/ }).click();
    await card.getByRole('button', { name: /^Copy SMILES of/ }).filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(smiles);
    // Copying does not select the card.
    expect(await hitCards(grid).first().getAttribute('aria-checked')).toBe('false');
    await context.close();
  });

  it('says only true things: footer, vendor page, tutorial code and the slider\'s reach', async () => {
    const { page, context } = await open('/molport', { editor: false });
    await page.getByRole('heading', { level: 1, name: /MolPort compound search/ }).waitFor();
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Back to Classic' }).count()).toBe(0);
    // The counts join the lead once the database list has loaded.
    await expect.poll(() => page.locator('main p').first().innerText(), { timeout: 30_000 }).toContain("in MolPort's catalogues — 1 database, 60 molecules");
    const lead = await page.locator('main p').first().innerText();
    expect(lead).not.toContain('purchasable');

    const grid = await searchMolport(page, ASPIRIN, /^Morgan/);
    const best = Number(/similarity (\d\.\d+)/.exec((await hitCards(grid).first().getAttribute('aria-label')) ?? '')![1]);
    const slider = page.getByRole('slider', { name: 'Similarity threshold' });
    await expect.poll(async () => Number(await slider.getAttribute('max'))).toBeGreaterThanOrEqual(best - 0.0005);
    // Its top position keeps the best hit (and only hits as good).
    await slider.focus();
    await page.keyboard.press('End');
    await page.getByText(/^Found \d+ molecules? with similarity ≥/).first().waitFor({ timeout: 20_000 });
    const kept = (await hitCards(grid).evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''))).map((label) => Number(/similarity (\d\.\d+)/.exec(label)![1]));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((score) => score === best)).toBe(true);

    await page.goto(`${app.web.url}/tutorial`);
    const code = await page.locator('pre code').innerText();
    expect(code).toContain('call("GET", "/api/databases")');
    expect(code).not.toMatch(/"db_names": \[".*"\]/);
    await context.close();
  });

  it('opens /search?q= on the search page with the query filled in, and searches it', async () => {
    // With the stored method (Morgan: the test's Enamine sample has no 3D columns) and, none being stored, every database.
    const opened = await openPage(app.browser, { ...LAPTOP, consentSeen: true, editor: false });
    await opened.context.addInitScript(MORGAN_IN_EVERY_DATABASE);
    await opened.page.goto(`${app.web.url}/search?q=${encodeURIComponent(ASPIRIN)}`);
    const { page, context } = opened;
    const ui = searchPage(page);
    await ui.waitForResults(ui.results);
    expect(await ui.smilesBox.inputValue()).toBe(ASPIRIN);
    await ui.results.getByRole('group', { name: 'Top hits from MolPort' }).waitFor();
    await ui.results.getByRole('group', { name: 'Top hits from Enamine REAL' }).waitFor();
    expect(await page.title()).toBe('Multi-Database Similarity Search | molsearch');
    await context.close();
  });

  it('keeps a first visit\'s search whose anonymous sign-in lands after it was submitted', async () => {
    // The server moves a visitor's searches into the anonymous account it signs the visitor in to. Here that
    // sign-in reaches the server just after the /search?q= search was submitted and its answer comes 3 s
    // late, the status of the search being asked in between: a search made as the visitor and asked after
    // as the account, or the other way round, would read "not found".
    const opened = await openPage(app.browser, { ...LAPTOP, consentSeen: true, editor: false });
    const { page, context, errors } = opened;
    const submitted = new Promise<void>((resolve) => page.on('response', (response) => {
      if (response.url().includes('/api/submit_molsearch')) resolve();
    }));
    let adopted!: () => void;
    const signedIn = new Promise<void>((resolve) => (adopted = resolve));
    // A page that holds its searches until the sign-in ends never submits: the sign-in goes ahead after 5 s.
    const either = (event: Promise<void>) => Promise.race([event, new Promise<void>((resolve) => setTimeout(resolve, 5000))]);
    await page.route('**/api/auth/sign-in/anonymous', async (route) => {
      await either(submitted);
      const response = await route.fetch();
      // route.fetch stores the answer's session cookie in the context at once; the browser gets it with the answer.
      await context.clearCookies({ name: /session/ });
      adopted();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.fulfill({ response });
    });
    await page.route('**/api/job_status?**', async (route) => {
      await either(signedIn);
      await route.continue();
    });
    await opened.context.addInitScript(MORGAN_IN_EVERY_DATABASE);
    await page.goto(`${app.web.url}/search?q=${encodeURIComponent(ASPIRIN)}`);
    const ui = searchPage(page);
    await ui.waitForResults(ui.results.getByRole('group', { name: 'Top hits from MolPort' }));
    expect(errors.filter((error) => /404/.test(error))).toEqual([]);
    await context.close();
  });

  it('goes from load to a downloaded CSV with the keyboard alone', async () => {
    const { page, ui, context } = await open();
    const focused = () => page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return `${element?.getAttribute('role') ?? element?.tagName.toLowerCase()}:${element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? ''}`;
    });
    /** Presses `key` until the focused element matches, at most `limit` times. */
    const pressUntil = async (key: string, wanted: RegExp, limit = 40) => {
      for (let press = 0; press < limit && !wanted.test(await focused()); press++) await page.keyboard.press(key);
      expect(await focused()).toMatch(wanted);
    };
    await ui.waitForEditor();
    await pressUntil('Tab', /^input:/);
    await page.keyboard.type(ASPIRIN);
    await page.keyboard.press('Enter');
    await ui.options.waitFor();
    // Method: the radio group is one tab stop and the arrow keys choose.
    await pressUntil('Tab', /^radio:Electrostatic/);
    await page.keyboard.press('End');
    expect(await focused()).toMatch(/^radio:Consensus/);
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toMatch(/^radio:Morgan/);
    // An info modal closed with Escape gives the focus back to its button.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('button:Search method information');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Search Method Information' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('button:Search method information');
    await pressUntil('Tab', /^checkbox:MolPort$/);
    await page.keyboard.press('Space');
    await pressUntil('Shift+Tab', /^button:Search$/, 60);
    await page.keyboard.press('Enter');
    // The search ends with the focus on the results, not at the top of the page.
    await ui.waitForResults(ui.results.getByRole('group', { name: 'Results from MolPort' }));
    await expect.poll(focused).toBe('h2:Results');
    await pressUntil('Tab', /^checkbox:MolPort-/);
    await page.keyboard.press('Space');
    await pressUntil('Shift+Tab', /^button:Download selected \(1\)$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Download results' });
    await dialog.waitFor();
    await dialog.getByText('Preparing a file may take up to 3 minutes', { exact: false }).waitFor();
    await pressUntil('Tab', /^button:Download$/);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.keyboard.press('Enter');
    const rows = parseCsv(await readFile((await (await download).path())!, 'utf8')).filter((row) => row.length > 1);
    expect(rows[0]!.slice(0, 2)).toEqual(['smiles', 'id']);
    expect(rows).toHaveLength(2);
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe('button:Download selected (1)');
    await context.close();
  });
});
