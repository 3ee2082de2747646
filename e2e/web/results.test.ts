import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { parseCsv, parseSdf } from '../api/parse-files.ts';
import { TOAST_REGION, seriousAccessibilityViolations } from './axe.ts';
import { openPage, screenshotPath } from './browser.ts';
import { searchPage } from './search-page.ts';
import { webAndBrowser } from './web-server.ts';

const ASPIRIN = 'CC(=O)Oc1ccccc1C(=O)O';
const ORDER_EMAIL = 'orders@molport.example';


/** True once every structure drawing inside the viewport has loaded (they load lazily). */
const DRAWINGS_IN_VIEW_LOADED = `Array.from(document.images).filter((img) => {
  const box = img.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}).every((img) => img.complete && img.naturalWidth > 0)`;

/** Runs a Morgan search from the search page over the named databases and waits for the results. */
async function searchFor(page: Page, url: string, databases: string[]): Promise<Locator> {
  await page.goto(url);
  const ui = searchPage(page);
  // The search page loads on demand; on a busy machine that can take a while.
  await ui.smilesBox.waitFor({ timeout: 90_000 });
  await ui.openOptions(ASPIRIN);
  await ui.options.getByRole('radio', { name: /Morgan/ }).click();
  await ui.chooseDatabases(databases);
  await ui.optionsSearch.click();
  await ui.waitForResults(ui.results);
  return ui.results;
}

/** The similarity a result card states in its accessible name. */
async function similarities(cards: Locator): Promise<number[]> {
  const labels = await cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(/similarity (\d\.\d+)/.exec(label)?.[1]));
}

describe('search results in the browser', () => {
  // MolPort gets an order address so "Contact For Orders" and "Get quote" have somewhere to write to.
  const app = webAndBrowser({ orderEmail: ORDER_EMAIL });

  it('shows sections, pages a database, filters by threshold, adds property columns and downloads a selection', async () => {
    const { page, context, errors } = await openPage(app.browser, { consentSeen: true, editor: false });
    const results = await searchFor(page, app.web.url, ['MolPort', 'Enamine REAL']);

    // Sections view: ten hits per database, the query molecule first.
    const molportTop = results.getByRole('group', { name: 'Top hits from MolPort' });
    await molportTop.waitFor();
    expect(await molportTop.getByRole('checkbox').count()).toBe(10);
    expect(await results.getByRole('group', { name: 'Top hits from Enamine REAL' }).getByRole('checkbox').count()).toBe(10);
    await expect.poll(() => results.getByRole('img', { name: 'Structure of the query molecule' }).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    const topScores = await similarities(molportTop.getByRole('checkbox'));
    expect(topScores).toEqual([...topScores].sort((a, b) => b - a));
    await page.waitForFunction(DRAWINGS_IN_VIEW_LOADED);
    await page.screenshot({ path: screenshotPath('results-sections-desktop') });
    expect(await seriousAccessibilityViolations(page, [TOAST_REGION])).toEqual([]);

    // Database view: 30 a page after the query card, then load more until the catalogue is exhausted.
    await results.getByRole('button', { name: 'View all results from MolPort' }).click();
    const grid = results.getByRole('group', { name: 'Results from MolPort' });
    await grid.waitFor();
    expect(await grid.locator('> *').first().getAttribute('data-query-molecule')).toBe('true');
    const cards = grid.getByRole('checkbox');
    expect(await cards.count()).toBe(30);
    await results.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('Loaded 30 more molecules from MolPort').waitFor();
    expect(await cards.count()).toBe(60);
    await results.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('All results loaded from MolPort').waitFor();
    await results.getByText('All molecules loaded from MolPort').waitFor();
    expect(await cards.count()).toBe(60);

    // Threshold: the slider spans the database's scores; a middle position keeps only hits at or above it.
    const slider = results.getByRole('slider', { name: 'Similarity threshold' });
    const min = Number(await slider.getAttribute('min'));
    const max = Number(await slider.getAttribute('max'));
    expect(max).toBeGreaterThan(min);
    const threshold = Number((Math.round(((min + max) / 2) * 50) / 50).toFixed(2));
    await slider.fill(String(threshold));
    await page.getByText(new RegExp(`(Found \\d+ molecules?|No molecules found) with similarity ≥ ${threshold.toFixed(3)} in MolPort`)).waitFor();
    await expect.poll(async () => (await similarities(cards)).every((score) => score >= threshold)).toBe(true);
    const filtered = await cards.count();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(60);
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeLessThan(400);

    // Property columns, on every hit and on the query for comparison.
    await searchPage(page).switchOn('Properties');
    await expect.poll(() => grid.getByText('QED', { exact: true }).count()).toBe(filtered + 1);
    expect(await grid.getByText('cLogP', { exact: true }).count()).toBe(filtered + 1);

    // Select two molecules: click one, keyboard-toggle the other.
    await cards.nth(0).click();
    await cards.nth(1).focus();
    await page.keyboard.press('Space');
    await results.getByText('2 selected').waitFor();
    const chosen = await cards.evaluateAll((elements) =>
      elements.filter((element) => element.getAttribute('aria-checked') === 'true').map((element) => (element.getAttribute('aria-label') ?? '').split(' from ')[0]!),
    );
    expect(chosen).toHaveLength(2);
    await page.screenshot({ path: screenshotPath('results-database-admet-desktop') });
    expect(await seriousAccessibilityViolations(page, [TOAST_REGION])).toEqual([]);

    // "Get quote" writes to the vendor's order address with the selection in the body.
    const quote = results.getByRole('link', { name: 'Get quote' });
    const mailto = (await quote.getAttribute('href')) ?? '';
    expect(mailto.startsWith(`mailto:${ORDER_EMAIL}?`)).toBe(true);
    for (const id of chosen) expect(decodeURIComponent(mailto)).toContain(id);

    // CSV of the selection, read back.
    await results.getByRole('button', { name: 'Download selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download results' });
    await dialog.waitFor();
    await page.screenshot({ path: screenshotPath('results-download-dialog-desktop') });
    const csvDownload = page.waitForEvent('download', { timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const csvText = await readFile((await (await csvDownload).path())!, 'utf8');
    const [header, ...rows] = parseCsv(csvText).filter((row) => row.length > 1);
    expect(header!.slice(0, 5)).toEqual(['smiles', 'id', 'db_id', 'database', 'similarity']);
    expect(header).toContain('qed');
    expect(rows.map((row) => row[2]).sort()).toEqual([...chosen].sort());
    expect(rows.every((row) => row[3] === 'MOLPORT' && Number(row[4]) >= threshold)).toBe(true);
    await dialog.waitFor({ state: 'hidden' });

    // SDF of the same selection. Under a loaded machine a click landing as the closed dialog's layer goes
    // away can be swallowed: press again only while the dialog is not showing, never twice on an open one.
    const sdfChoice = dialog.getByRole('radio', { name: /^SDF/ });
    await vi.waitFor(
      async () => {
        if (!(await sdfChoice.isVisible())) await results.getByRole('button', { name: 'Download selected (2)' }).click({ timeout: 5_000 });
        await sdfChoice.waitFor({ timeout: 5_000 });
      },
      { timeout: 60_000, interval: 500 },
    );
    await sdfChoice.check();
    const sdfDownload = page.waitForEvent('download', { timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const records = await parseSdf(await readFile((await (await sdfDownload).path())!, 'utf8'));
    expect(records.map((record) => record.fields.db_id).sort()).toEqual([...chosen].sort());
    expect(records.every((record) => record.hasCoordinates)).toBe(true);

    // The server recorded the search once and both downloads of two molecules.
    const store = new Database(join(app.web.dataDir, 'molsearch.sqlite'), { readonly: true });
    try {
      const searches = store.prepare('SELECT search_id, search_method, query_smiles FROM searches').all() as { search_id: string; search_method: string; query_smiles: string }[];
      expect(searches).toHaveLength(1);
      expect(searches[0]).toMatchObject({ search_method: 'morgan', query_smiles: ASPIRIN });
      const downloads = store
        .prepare('SELECT download_format, num_molecules_downloaded FROM download_events WHERE search_id = ? ORDER BY created_at')
        .all(searches[0]!.search_id);
      expect(downloads).toEqual([
        { download_format: 'csv', num_molecules_downloaded: 2 },
        { download_format: 'sdf', num_molecules_downloaded: 2 },
      ]);
    } finally {
      store.close();
    }

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('reads well on a 390 px wide phone', async () => {
    const { page, context } = await openPage(app.browser, { width: 390, height: 844, consentSeen: true, editor: false });
    const results = await searchFor(page, app.web.url, ['MolPort']);
    const grid = results.getByRole('group', { name: 'Results from MolPort' });
    await grid.waitFor();
    expect(await grid.getByRole('checkbox').count()).toBe(30);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await results.getByRole('button', { name: 'Load more' }).waitFor();
    await results.evaluate((element) => element.scrollIntoView());
    await page.waitForFunction(DRAWINGS_IN_VIEW_LOADED);
    await page.screenshot({ path: screenshotPath('results-top-phone') });
    await grid.getByRole('checkbox').nth(4).evaluate((element) => element.scrollIntoView());
    await page.waitForFunction(DRAWINGS_IN_VIEW_LOADED);
    await page.screenshot({ path: screenshotPath('results-database-phone') });
    await page.getByRole('navigation', { name: 'Search actions' }).getByRole('button', { name: /New search/ }).waitFor();
    await context.close();
  }, 180_000);

  it('lists the supported databases by vendor with counts, links and a total', async () => {
    const { page, context } = await openPage(app.browser, { consentSeen: true, editor: false });
    // The search page's Database Information dialog shows the same list as the About page.
    await page.goto(app.web.url);
    await page.getByPlaceholder('Enter SMILES notation').fill(ASPIRIN);
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await page.getByRole('button', { name: 'Database information' }).click();
    const list = page.getByRole('dialog').getByLabel('Supported databases');
    await list.waitFor();
    await list.getByText(/^Total coverage:/).waitFor();
    expect(await list.getByText(/^Total coverage:/).innerText()).toBe('Total coverage: 120 molecules in 2 databases from 2 vendors');
    const molport = list.locator('[data-vendor="molport"]');
    expect(await molport.getByRole('heading', { name: 'MolPort' }).count()).toBe(1);
    expect(await molport.getByText('60 molecules').count()).toBe(1);
    expect(await molport.getByRole('link', { name: 'Visit Website' }).getAttribute('href')).toBe('https://www.molport.com');
    expect(await molport.getByRole('link', { name: 'Contact For Orders' }).getAttribute('href')).toBe(`mailto:${ORDER_EMAIL}`);
    const enamine = list.locator('[data-vendor="enamine"]');
    expect(await enamine.getByRole('link', { name: 'Contact For Orders' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('supported-databases-desktop') });
    expect(await seriousAccessibilityViolations(page, [TOAST_REGION])).toEqual([]);
    await molport.getByRole('link', { name: 'Search in molsearch' }).click();
    await page.waitForURL(`${app.web.url}/molport`);
    await context.close();
  }, 120_000);

  it('serves the About, Tutorial, Privacy Policy and Terms pages with their titles and content', async () => {
    const { page, context } = await openPage(app.browser, { width: 390, height: 844, consentSeen: true, editor: false });
    const pages = [
      ['/about', 'About | molsearch', 'About molsearch'],
      ['/tutorial', 'Tutorial | molsearch', 'Tutorial'],
      ['/privacy-policy', 'Privacy Policy | molsearch', 'Privacy Policy'],
      ['/terms-and-conditions', 'Terms and Conditions | molsearch', 'Terms and Conditions'],
    ] as const;
    for (const [path, title, heading] of pages) {
      await page.goto(`${app.web.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
      await expect.poll(() => page.title()).toBe(title);
      expect((await page.locator('meta[name="description"]').getAttribute('content'))!.length).toBeGreaterThan(40);
      expect(await seriousAccessibilityViolations(page, [TOAST_REGION])).toEqual([]);
    }
    await page.goto(`${app.web.url}/tutorial`);
    const example = page.locator('pre code');
    await example.waitFor();
    const code = await example.innerText();
    // The example talks to the server the page came from, with the key header, and runs the whole flow.
    expect(code).toContain(`BASE = "${app.web.url}"`);
    for (const call of ['X-API-Key', '/api/databases', '/api/submit_molsearch', '/api/job_status', '/api/get_molsearch_page', '/api/prepare_download', '/api/get_download_link']) {
      expect(code).toContain(call);
    }
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
    await example.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('tutorial-phone') });
    await page.goto(`${app.web.url}/about`);
    await page.getByRole('region', { name: 'Supported databases' }).getByText(/^Total coverage:/).waitFor();
    await context.close();
  }, 180_000);
});
