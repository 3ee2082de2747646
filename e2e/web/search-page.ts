import type { Locator, Page } from 'playwright-core';

/** Locators and steps of the search page shared by the browser tests. */
export function searchPage(page: Page) {
  const smilesBox = page.getByPlaceholder('Enter SMILES notation');
  const options = page.getByRole('region', { name: 'Search options' });
  return {
    smilesBox,
    options,
    barSearch: page.getByRole('button', { name: 'Search', exact: true }).first(),
    optionsSearch: options.getByRole('button', { name: 'Search', exact: true }),
    card: (name: string): Locator => page.getByRole('checkbox', { name, exact: true }),
    results: page.getByRole('region', { name: 'Search results' }),
    /** Example, Clear, Draw and the "Try:" molecules are enabled once Ketcher has started. */
    async waitForEditor(): Promise<void> {
      await page.getByRole('button', { name: 'Example' }).and(page.locator(':enabled')).waitFor({ timeout: 120_000 });
    },
    async openOptions(smiles: string): Promise<void> {
      await smilesBox.fill(smiles);
      await smilesBox.press('Enter');
      await options.waitFor();
    },
  };
}
