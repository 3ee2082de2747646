/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, hence the DOM types.
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { openPage, screenshotPath } from './browser.ts';
import type { PageOptions } from './browser.ts';
import { searchPage } from './search-page.ts';
import { startWebServer, webAndBrowser } from './web-server.ts';

const ASPIRIN = 'CC(=O)Oc1ccccc1C(=O)O';
const CAFFEINE = 'Cn1c(=O)c2c(ncn2C)n(C)c1=O';

const app = webAndBrowser();

async function open(path = '/', options: PageOptions = {}) {
  const opened = await openPage(app.browser, { ...options, consentSeen: true });
  await opened.page.goto(app.web.url + path);
  return { ...opened, ui: searchPage(opened.page) };
}

describe('search page in Chromium', () => {
  it('searches a typed SMILES with Morgan in one database and shows the results', async () => {
    const { page, ui, context, errors } = await open('/', { editor: false });
    await expect.poll(() => page.title()).toBe('Multi-Database Similarity Search | molsearch');
    await ui.openOptions(ASPIRIN);
    await ui.options.getByRole('radio', { name: /^Morgan/ }).click();
    await ui.card('MolPort').click();
    await expect.poll(() => ui.card('MolPort').getAttribute('aria-checked')).toBe('true');
    await ui.optionsSearch.click();
    await page.getByText('Search completed successfully').first().waitFor({ timeout: 90_000 });
    await ui.results.waitFor();
    const stored = await page.evaluate(() => sessionStorage.getItem('molsearch.search-settings'));
    expect(JSON.parse(stored!)).toMatchObject({ searchMethod: 'morgan', searchQuality: 'fast', selectedDatabase: ['MOLPORT'] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches several databases at once', async () => {
    const { page, ui, context } = await open('/', { editor: false });
    await ui.openOptions(ASPIRIN);
    await ui.options.getByRole('radio', { name: /^Morgan/ }).click();
    await ui.options.getByLabel('Select All Filtered Databases').click();
    await ui.options.getByText('2 of 2 databases').waitFor();
    await ui.optionsSearch.click();
    await page.getByText('Search completed successfully').first().waitFor({ timeout: 90_000 });
    await ui.results.waitFor();
    await context.close();
  });

  it('shows every validation message of the search form', async () => {
    const { page, ui, context } = await open('/', { editor: false });
    await ui.barSearch.click();
    await page.getByRole('alert').getByText('Please enter a valid SMILES string or draw a molecule').waitFor();
    await ui.smilesBox.fill('CCO; DROP TABLE');
    await ui.smilesBox.press('Enter');
    await page.getByRole('alert').getByText('SMILES contains invalid characters').waitFor();
    // An unclosed branch: the browser's own check answers, nothing is sent.
    await ui.smilesBox.fill('C1CC(');
    await ui.smilesBox.press('Enter');
    await page.getByRole('alert').getByText('Invalid SMILES structure').waitFor();
    // Reads as SMILES but cannot be kekulised: the server's RDKit check answers.
    await ui.openOptions('c1cccc1');
    await ui.optionsSearch.click();
    await page.getByRole('alert').getByText('Please select at least one database to search').waitFor();
    await ui.card('Enamine REAL').click();
    await ui.optionsSearch.click();
    await page.getByRole('alert').getByText('Invalid SMILES structure').waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('loads an example molecule and a "Try:" molecule into the box and the editor', async () => {
    const { page, ui, context, errors } = await open();
    await page.getByText('Loading molecule editor...').waitFor();
    await ui.waitForEditor();
    await page.getByRole('button', { name: 'Example' }).click();
    await expect.poll(() => ui.smilesBox.inputValue(), { timeout: 20_000 }).not.toBe('');
    await page.getByRole('button', { name: 'Caffeine' }).click();
    await expect.poll(() => ui.smilesBox.inputValue()).toBe(CAFFEINE);
    // The editor now holds caffeine: its canvas has atoms drawn (Raphael renders SVG text for the N and O labels).
    await expect.poll(() => page.locator('[data-testid="molecule-editor"] svg text').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await ui.openOptions(CAFFEINE);
    await ui.options.getByRole('radio', { name: /^Morgan/ }).click();
    await ui.card('Enamine REAL').click();
    await ui.optionsSearch.click();
    await ui.results.waitFor({ timeout: 90_000 });
    expect(errors.filter((message) => !message.includes('favicon'))).toEqual([]);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: screenshotPath('search-results'), fullPage: true });
    await context.close();
  });

  it('keeps the last "Try:" molecule when several are clicked before the first is drawn, on a slow machine', async () => {
    const { page, ui, context } = await open();
    await ui.waitForEditor();
    // A four times slower CPU widens the window in which the drawings overlap.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (const name of ['Atorvastatin', 'Tamoxifen', 'Olanzapine', 'Caffeine']) await page.getByRole('button', { name }).click();
    await expect.poll(() => ui.smilesBox.inputValue()).toBe(CAFFEINE);
    await expect.poll(() => page.locator('[data-testid="molecule-editor"] svg text').count(), { timeout: 30_000 }).toBeGreaterThan(5);
    // Ketcher's late change events for either load must not replace the text with its own SMILES.
    await page.waitForTimeout(3_000);
    expect(await ui.smilesBox.inputValue()).toBe(CAFFEINE);
    await context.close();
  });

  it('turns a molecule drawn in the editor into SMILES and searches it', async () => {
    const { page, ui, context } = await open();
    await ui.waitForEditor();
    await page.getByTestId('template-0').click();
    const canvas = page.locator('[data-testid="ketcher-canvas"][data-canvasmode="molecules-mode"]');
    const box = await canvas.boundingBox();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect.poll(() => ui.smilesBox.inputValue(), { timeout: 20_000 }).toMatch(/^(c1ccccc1|C1=CC=CC=C1|C1C=CC=CC=1)$/);
    // Drawn text can be copied.
    await page.getByRole('button', { name: 'Copy SMILES' }).waitFor();
    await ui.barSearch.click();
    await ui.options.waitFor();
    await ui.options.getByRole('radio', { name: /^Morgan/ }).click();
    await ui.card('Enamine REAL').click();
    await ui.optionsSearch.click();
    await ui.results.waitFor({ timeout: 90_000 });
    await context.close();
  });

  it('has no serious accessibility violations on the search page', async () => {
    const { page, ui, context } = await open();
    await ui.waitForEditor();
    // Ketcher's own toolbar is a third-party widget and is left out of the check.
    expect(await seriousAccessibilityViolations(page, ['[data-testid="molecule-editor"]'])).toEqual([]);
    await ui.openOptions(ASPIRIN);
    expect(await seriousAccessibilityViolations(page, ['[data-testid="molecule-editor"]'])).toEqual([]);
    await context.close();
  });

  it('filters databases by tag, vendor and text', async () => {
    const { ui, context } = await open('/', { editor: false });
    await ui.openOptions(ASPIRIN);
    await expect.poll(() => ui.options.locator('[data-database]').count()).toBe(2);
    await ui.options.getByRole('button', { name: 'Tags' }).click();
    await ui.options.page().getByRole('dialog', { name: 'Tags' }).getByText('Over 1B').click();
    await ui.options.page().keyboard.press('Escape');
    await expect.poll(() => ui.options.locator('[data-database]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-database')))).toEqual(['ENAMINE-REAL']);
    await ui.options.getByRole('button', { name: 'Tags' }).click();
    await ui.options.page().getByRole('dialog', { name: 'Tags' }).getByText('Clear selection').click();
    await ui.options.page().keyboard.press('Escape');
    await ui.options.getByPlaceholder('Search databases...').fill('molport');
    await expect.poll(() => ui.options.locator('[data-database]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-database')))).toEqual(['MOLPORT']);
    await context.close();
  });

  it('toggles database cards from the keyboard', async () => {
    const { page, ui, context } = await open('/', { editor: false });
    await ui.openOptions(ASPIRIN);
    const card = ui.card('Enamine REAL');
    await card.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => card.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => card.getAttribute('aria-checked')).toBe('false');
    // The focused card shows a visible focus ring.
    const outline = await card.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await context.close();
  });

  it('opens a vendor page with its single database locked, and says so for unknown vendors', async () => {
    const { page, ui, context } = await open('/molport', { editor: false });
    await page.getByRole('link', { name: 'Multi-Database Search' }).waitFor();
    await page.getByRole('img', { name: 'MolPort logo' }).waitFor();
    await expect.poll(() => page.title()).toBe('MolPort compound search | molsearch');
    await ui.openOptions(ASPIRIN);
    await expect.poll(() => ui.card('MolPort').getAttribute('aria-checked')).toBe('true');
    expect(await ui.card('MolPort').getAttribute('aria-disabled')).toBe('true');
    await ui.card('MolPort').focus();
    await page.keyboard.press('Space');
    await ui.card('MolPort').click({ force: true });
    await expect.poll(() => ui.card('MolPort').getAttribute('aria-checked')).toBe('true');
    expect(await ui.options.locator('[data-database]').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto(`${app.web.url}/no-such-vendor`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto(`${app.web.url}/one/two`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('looks like a finished product on a desktop and on a phone', async () => {
    const desktop = await open();
    await desktop.ui.waitForEditor();
    await desktop.page.getByRole('button', { name: 'Aspirin' }).click();
    await desktop.page.screenshot({ path: screenshotPath('search-page-editor'), fullPage: true });
    await desktop.ui.openOptions(ASPIRIN);
    await desktop.page.screenshot({ path: screenshotPath('search-page-options'), fullPage: true });
    // On a desktop the quality help's table fits its dialog whole.
    await desktop.page.getByRole('button', { name: 'Search quality information' }).click();
    const wideTable = desktop.page.getByRole('region', { name: 'Index probes and measured recall by quality' });
    expect(await wideTable.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(0);
    await desktop.page.keyboard.press('Escape');
    await desktop.context.close();

    const phone = await open('/', { width: 390, height: 844 });
    await phone.ui.openOptions(ASPIRIN);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: screenshotPath('search-page-phone'), fullPage: true });
    // The quality help's table is wider than a phone: it scrolls sideways on its own, the dialog around it does not.
    await phone.page.getByRole('button', { name: 'Search quality information' }).click();
    const help = phone.page.getByRole('dialog', { name: 'Search Quality Information' });
    const table = help.getByRole('region', { name: 'Index probes and measured recall by quality' });
    const widths = await table.evaluate((region) => {
      const outside: number[] = [];
      for (let node = region.parentElement; node && !node.matches('[role="dialog"]'); node = node.parentElement) outside.push(node.scrollWidth - node.clientWidth);
      return { region: region.scrollWidth - region.clientWidth, outside: Math.max(...outside) };
    });
    expect(widths.region).toBeGreaterThan(0);
    expect(widths.outside).toBeLessThanOrEqual(0);
    const lastColumn = help.getByRole('columnheader', { name: 'Electrostatic: top 30 found' });
    await lastColumn.scrollIntoViewIfNeeded();
    const [cell, frame] = await Promise.all([lastColumn.boundingBox(), help.boundingBox()]);
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: screenshotPath('search-quality-help-phone') });
    console.log(`Screenshots: ${screenshotPath('search-page-phone').replace(/[^/]+$/, '')}`);
    await phone.context.close();
  });

  it('shows the health banner with Retry when the server stops answering', async () => {
    const own = await startWebServer();
    const opened = await openPage(app.browser, { consentSeen: true, editor: false });
    const { page, context } = opened;
    const ui = searchPage(page);
    try {
      await page.goto(own.url);
      await ui.openOptions(ASPIRIN);
      await ui.card('MolPort').click();
      await own.server.stop();
      await ui.optionsSearch.click();
      await page.getByText('Failed to submit search job').first().waitFor({ timeout: 30_000 });
      const banner = page.getByRole('alert').filter({ hasText: 'Cannot connect to server. Make sure the server is running.' });
      await banner.waitFor({ timeout: 30_000 });
      await banner.getByRole('button', { name: 'Retry' }).click();
      await banner.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: screenshotPath('search-page-server-down') });
    } finally {
      await context.close();
      await own.stop();
    }
  });

  it('registers the service worker and offers a new version, clearing the old caches', async () => {
    const context = await app.browser.newContext({ serviceWorkers: 'allow' });
    await context.addInitScript(() => localStorage.setItem('molsearch.consent-modal-seen', 'true'));
    const page = await context.newPage();
    try {
      await page.goto(app.web.url);
      const first = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
      });
      expect(first.scope).toBe(`${app.web.url}/`);
      expect(first.script).toMatch(/\/sw\.js\?v=[\w-]+$/);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.evaluate(async () => {
        await caches.open('molsearch-assets-an-older-build');
      });
      // A newer build is served: its worker installs beside the running one and the page asks to reload.
      await page.evaluate(() => navigator.serviceWorker.register('/sw.js?v=next-build', { scope: '/' }));
      await page.getByText('A new version is available. Reload to update?').waitFor({ timeout: 30_000 });
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      const after = await page.evaluate(async () => ({ script: navigator.serviceWorker.controller?.scriptURL ?? '', caches: await caches.keys() }));
      expect(after.script).toContain('v=next-build');
      expect(after.caches.filter((name) => name !== 'molsearch-assets-next-build')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
