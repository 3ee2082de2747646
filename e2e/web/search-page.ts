import type { Locator, Page } from 'playwright-core';

/** Locators and steps of the search page shared by the browser tests. */
export function searchPage(page: Page) {
  const smilesBox = page.getByPlaceholder('Enter SMILES notation');
  const options = page.getByRole('region', { name: 'Search options' });
  const card = (name: string): Locator => page.getByRole('checkbox', { name, exact: true });
  return {
    smilesBox,
    options,
    barSearch: page.getByRole('button', { name: 'Search', exact: true }).first(),
    optionsSearch: options.getByRole('button', { name: 'Search', exact: true }),
    card,
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
     * Checks exactly the named database cards. The cards arrive with the database list, which a loaded
     * machine can send after the options open: toggling before then would leave nothing chosen.
     */
    async chooseDatabases(names: readonly string[]): Promise<void> {
      for (const name of names) await card(name).waitFor({ timeout: 30_000 });
      for (const each of await page.getByRole('group', { name: 'Databases' }).getByRole('checkbox').all()) {
        const wanted = names.includes((await each.getAttribute('aria-label')) ?? '');
        if ((await each.getAttribute('aria-disabled')) !== 'true' && ((await each.getAttribute('aria-checked')) === 'true') !== wanted) await each.click();
      }
    },
    /**
     * Turns on a results switch from the keyboard and waits until it shows on. A click can land on a toast that
     * covers the toolbar for a moment, and a hovered toast stays; the keyboard reaches the switch whatever covers it.
     */
    async switchOn(name: string): Promise<void> {
      const toggle = page.getByRole('switch', { name });
      await toggle.and(page.locator(':enabled')).waitFor();
      if (!(await toggle.isChecked())) {
        await toggle.focus();
        await page.keyboard.press('Space');
      }
      await toggle.and(page.locator(':checked')).waitFor();
    },
    /** Waits up to 90 s for `shown` (part of the results); a failed test prints what the page showed instead. */
    async waitForResults(shown: Locator): Promise<void> {
      await shown.waitFor({ timeout: 90_000 });
    },
  };
}
