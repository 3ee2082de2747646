/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, hence the DOM types.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { shapeTanimotoInPlace } from '@molsearch/chem';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { molblockAtoms, parseSdf } from '../api/parse-files.ts';
import { TOAST_REGION, seriousAccessibilityViolations } from './axe.ts';
import { openPage, screenshotPath } from './browser.ts';
import { firstLoadScripts } from './first-load-scripts.ts';
import { WEB_DIST } from './web-build.ts';
import { searchPage } from './search-page.ts';
import { webAndBrowser } from './web-server.ts';

const ASPIRIN = 'CC(=O)Oc1ccccc1C(=O)O';
const ORDER_EMAIL = 'orders@molport.example';

interface Pixels {
  /** Pixels that are not the white background. */
  drawn: number;
  /** RGBA bytes, to compare two pictures. */
  data: number[];
}

/** The WebGL canvas as composited on screen (a screenshot, decoded in the page): what a person sees. */
async function viewerPixels(page: Page, viewer: Locator): Promise<Pixels> {
  const png = (await viewer.screenshot()).toString('base64');
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 235 || data[i + 1]! < 235 || data[i + 2]! < 235) drawn++;
    return { drawn, data: Array.from(data) };
  }, png);
}

function differingPixels(a: Pixels, b: Pixels): number {
  let count = 0;
  for (let i = 0; i < Math.min(a.data.length, b.data.length); i += 4) {
    if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!) > 30) count++;
  }
  return count;
}

/** Waits until the viewer has drawn the molecules (a canvas with enough non-background pixels). */
async function drawnViewer(page: Page): Promise<{ viewer: Locator; pixels: Pixels }> {
  const viewer = page.getByTestId('hit-viewer');
  await viewer.locator('canvas').first().waitFor({ timeout: 60_000 });
  let pixels: Pixels = { drawn: 0, data: [] };
  await expect.poll(async () => (pixels = await viewerPixels(page, viewer)).drawn, { timeout: 30_000 }).toBeGreaterThan(1500);
  return { viewer, pixels };
}

describe('a hit in detail', () => {
  const app = webAndBrowser({ orderEmail: ORDER_EMAIL, webgl: true });

  it('opens from a shape hit by keyboard, draws the aligned pose, recolours it by charge, downloads it, reloads and orders it', async () => {
    const { page, context, errors } = await openPage(app.browser, { consentSeen: true, editor: false });
    const search = searchPage(page);
    await page.goto(app.web.url);
    await search.smilesBox.waitFor({ timeout: 90_000 });
    await search.openOptions(ASPIRIN);
    await search.options.getByRole('radio', { name: /^Shape/ }).click();
    await search.chooseDatabases(['MolPort']);
    await search.optionsSearch.click();
    await search.results.waitFor({ timeout: 120_000 });
    const grid = search.results.getByRole('group', { name: 'Results from MolPort' });
    await grid.waitFor();
    // Every card carries the three scores.
    await expect.poll(() => grid.getByRole('definition').first().isVisible()).toBe(true);
    expect(await grid.locator('[aria-label="Scores"]').count()).toBeGreaterThan(10);

    // The scatter of shape against electrostatics: a click on a point opens that hit; Escape closes it and
    // gives the results' address back.
    const scatter = page.getByRole('figure', { name: /^Shape against electrostatic score of \d+ hits from MolPort$/ });
    await scatter.locator('.recharts-symbols').first().waitFor();
    await scatter.locator('.recharts-symbols').first().click({ force: true });
    await page.getByRole('dialog', { name: 'Hit details' }).locator('#hit-detail-title').waitFor();
    await page.waitForURL(/\/hits\//);
    await page.screenshot({ path: screenshotPath('results-scatter-opened-desktop') });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Hit details' }).waitFor({ state: 'hidden' });
    await page.waitForURL((url) => !url.pathname.startsWith('/hits/'));
    await grid.waitFor();

    // By keyboard: Tab onto the second hit's Details button and press Enter.
    const details = grid.getByRole('button', { name: /^Details of / }).nth(1);
    const vendorId = ((await details.getAttribute('aria-label')) ?? '').replace('Details of ', '');
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Hit details' });
    await dialog.getByRole('heading', { name: vendorId }).waitFor();
    await page.waitForURL(/\/hits\/[^/]+\/MOLPORT\/molport%3A/);
    const detailUrl = page.url();

    const { viewer, pixels: byElement } = await drawnViewer(page);
    await page.screenshot({ path: screenshotPath('hit-detail-dialog-desktop') });
    await dialog.getByRole('radio', { name: 'By partial charge' }).check();
    let byCharge = byElement;
    await expect.poll(async () => differingPixels(byElement, (byCharge = await viewerPixels(page, viewer))), { timeout: 20_000 }).toBeGreaterThan(200);
    expect(byCharge.drawn).toBeGreaterThan(1500);
    await page.screenshot({ path: screenshotPath('hit-detail-dialog-charges-desktop') });
    // Hiding the hit leaves the query alone: fewer pixels drawn.
    await dialog.getByRole('checkbox', { name: 'Hit' }).uncheck();
    await expect.poll(async () => (await viewerPixels(page, viewer)).drawn).toBeLessThan(byCharge.drawn);
    await dialog.getByRole('checkbox', { name: 'Hit' }).check();
    expect(await seriousAccessibilityViolations(page, [TOAST_REGION])).toEqual([]);

    // Download pose: two records whose coordinates, as they lie, give the reported shape score.
    const jobName = decodeURIComponent(new URL(detailUrl).pathname.split('/')[2]!);
    const hitId = decodeURIComponent(new URL(detailUrl).pathname.split('/')[4]!);
    const reported = (await (await page.request.get(`${app.web.url}/api/get_hit?job_name=${jobName}&db_name=MOLPORT&id=${encodeURIComponent(hitId)}`)).json()) as { shape_similarity: number; smiles: string };
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await dialog.getByRole('link', { name: 'Download pose' }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    const records = await parseSdf(text);
    expect(records.map((record) => record.fields.role)).toEqual(['query', 'hit']);
    expect(records[1]!.fields.db_id).toBe(vendorId);
    const [queryBlock, hitBlock] = text.split('$$$$\n');
    const [q, h] = [molblockAtoms(queryBlock!), molblockAtoms(hitBlock!)];
    expect(Math.abs(shapeTanimotoInPlace(q.elements, q.xyz, h.elements, h.xyz) - reported.shape_similarity)).toBeLessThanOrEqual(0.01);

    // The detail address reloads to the same view, on a page of its own.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: vendorId }).waitFor({ timeout: 60_000 });
    const reloaded = await drawnViewer(page);
    expect(reloaded.pixels.drawn).toBeGreaterThan(1500);
    // OpenChemLib's predictions, labelled as predictions.
    const predictions = page.getByRole('region', { name: 'Predictions (OpenChemLib)' });
    await predictions.getByText('Predicted by OpenChemLib').waitFor();
    await expect.poll(() => predictions.getByRole('row', { name: /logS/ }).innerText(), { timeout: 60_000 }).toMatch(/-?\d+\.\d\d/);
    expect(await predictions.getByRole('row', { name: /Mutagenic risk/ }).innerText()).toMatch(/none|low|high|unknown/);
    await page.screenshot({ path: screenshotPath('hit-detail-page-desktop'), fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Search from this hit' }).waitFor();
    expect(await page.getByRole('link', { name: 'Search from this hit' }).getAttribute('href')).toBe(`/search?q=${encodeURIComponent(reported.smiles)}`);

    // Get quote: the vendor's order mail with the compound's id and SMILES, and a quotation recorded.
    const quote = page.getByRole('link', { name: 'Get quote' });
    const mailto = decodeURIComponent((await quote.getAttribute('href')) ?? '');
    expect(mailto.startsWith(`mailto:${ORDER_EMAIL}?`)).toBe(true);
    expect(mailto).toContain(`${vendorId}  ${reported.smiles}`);
    await quote.dispatchEvent('click');
    await expect
      .poll(() => {
        const store = new Database(join(app.web.dataDir, 'molsearch.sqlite'), { readonly: true });
        try {
          return (store.prepare('SELECT COUNT(*) AS n FROM quotations').get() as { n: number }).n;
        } finally {
          store.close();
        }
      })
      .toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('keeps the 3D viewer out of the search page\'s first load', async () => {
    const { page, context } = await openPage(app.browser, { consentSeen: true });
    const load = await firstLoadScripts(page, app.web.url);
    const viewerChunks = (await readdir(join(WEB_DIST, 'assets'))).filter((name) => /^hit-viewer-.*\.js$/.test(name));
    expect(viewerChunks).toHaveLength(1);
    expect(load.files.map((file) => file.name)).not.toContain(viewerChunks[0]);
    const editor = load.files.filter((file) => file.name.startsWith('molecule-editor-'));
    const sum = (files: typeof load.files, key: 'decoded' | 'transferred') => files.reduce((total, file) => total + file[key], 0);
    const withoutEditor = load.files.filter((file) => !editor.includes(file));
    console.log(
      `[first-load scripts] ${load.files.length} files, ${load.decoded} bytes (${load.transferred} over the wire); without the editor chunk ${sum(withoutEditor, 'decoded')} bytes (${sum(withoutEditor, 'transferred')} over the wire); viewer chunk ${viewerChunks[0]} not loaded`,
    );
    await context.close();
  }, 180_000);
});
