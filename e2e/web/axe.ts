/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

/** The toast region: its passing notices belong to the app shell and are checked with it, not in every page's check. */
export const TOAST_REGION = '[data-sonner-toaster]';

/**
 * Runs axe-core in the page and returns its serious and critical findings. `exclude` leaves out
 * third-party widgets we do not render ourselves (the Ketcher editor's own toolbar).
 */
export async function seriousAccessibilityViolations(page: Page, exclude: string[] = []): Promise<AxeViolation[]> {
  // Evaluated through the browser's debugging protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (excluded) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run({ include: [['body']], exclude: excluded.map((selector) => [selector]) }, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  }, exclude);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
