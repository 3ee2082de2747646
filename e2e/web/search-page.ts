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
    /**
     * Waits up to 90 s for `shown` (part of the results). When it does not come, says what the page showed
     * instead, to tell a slow machine from a search that failed or went elsewhere.
     */
    async waitForResults(shown: Locator, errors: readonly string[] = []): Promise<void> {
      await shown.waitFor({ timeout: 90_000 }).catch(async (error: unknown) => {
        const state = {
          smiles: await smilesBox.inputValue().catch(() => null),
          databases: await page.getByRole('checkbox', { checked: true }).evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label'))),
          notices: await page.locator('[role="alert"], [data-sonner-toast], [aria-label="Search progress"]').allInnerTexts(),
          results: (await page.getByRole('region', { name: 'Search results' }).innerText().catch(() => '')).slice(0, 300),
          errors,
        };
        throw new Error(`no results: ${JSON.stringify(state)}`, { cause: error });
      });
    },
  };
}
