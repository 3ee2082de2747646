import { describe, expect, it } from 'vitest';
import { openPage } from './browser.ts';
import { webAndBrowser } from './web-server.ts';


describe('search filters in the browser', () => {
  const app = webAndBrowser();

  it('sets filters in the collapsed Filters section, and the results header lists them with the notes', async () => {
    const { page, errors } = await openPage(app.browser, { consentSeen: true, editor: false });
    await page.goto(app.web.url);
    const smilesBox = page.getByPlaceholder('Enter SMILES notation');
    await smilesBox.waitFor({ timeout: 90_000 });
    await smilesBox.fill('CC(=O)Nc1ccc(O)cc1');
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await page.getByRole('radio', { name: /Morgan/ }).click();
    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => toggle.textContent()).toContain('none active');
    await toggle.click();
    await page.getByRole('textbox', { name: 'MW maximum' }).fill('350');
    await page.getByRole('checkbox', { name: /Lipinski pass/ }).check();
    await page.getByRole('textbox', { name: /Required substructure/ }).fill('[Xe]');
    await expect.poll(() => toggle.textContent()).toContain('3 active');
    const grid = page.getByRole('group', { name: 'Databases' });
    const card = grid.getByRole('checkbox', { name: 'Enamine REAL' });
    if ((await card.getAttribute('aria-checked')) !== 'true') await card.click();
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();

    // Nothing contains xenon: the search succeeds with no hits, and the header says which filters ran and why.
    const filtersLine = page.getByLabel('Filters', { exact: true }).filter({ hasText: 'Filters:' });
    await filtersLine.waitFor({ timeout: 90_000 });
    expect(await filtersLine.textContent()).toBe('Filters:MW ≤ 350Lipinskicontains [Xe]');
    await page.getByRole('note').filter({ hasText: 'No molecule in ENAMINE-REAL contains the substructure [Xe]' }).waitFor();
    expect(errors).toEqual([]);
  }, 300_000);
});
