import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: REPO });

/** The no-restricted-imports messages ESLint gives `code` written in `file` (a path under apps/web/src). */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const use = (path: string) => `import { thing } from '${path}';\nexport const used = thing;\n`;

describe('web app folders import one way', () => {
  it.each([
    ['ui/button.tsx', '../features/results/molecule-card.tsx'],
    ['ui/dialog.tsx', '../api/http.ts'],
    ['components/footer/footer.tsx', '../../app/header/header.tsx'],
    ['components/footer/footer.tsx', '../../features/api-keys/api-key-dialog.tsx'],
    ['features/results/molecule-card.tsx', '../../pages/search/search-panel.tsx'],
    ['features/databases/database-groups.ts', '../../app/routes.tsx'],
    ['auth/auth-provider.tsx', '../features/consent/consent-modal.tsx'],
    ['pages/search/search.page.tsx', '../../app/main-layout.tsx'],
    ['shared/vendors.ts', '../ui/button.tsx'],
    ['api/search-api.ts', '../pages/search/job-progress.tsx'],
  ])('reports %s importing %s', async (file, path) => {
    const problems = await importProblems(file, use(path));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/must not import .*move the piece both need into a lower folder/);
  });

  it.each([
    ['app/header/user-area.tsx', '../../features/api-keys/api-key-dialog.tsx'],
    ['pages/search/search-panel.tsx', '../../features/results/search-results.tsx'],
    ['features/results/search-results.tsx', '../../shared/search-options.ts'],
    ['features/consent/consent-modal.tsx', '../../auth/auth-provider.tsx'],
    ['components/footer/footer.tsx', '../../ui/dialog.tsx'],
    ['ui/multi-select.tsx', './checkbox.tsx'],
  ])('allows %s importing %s', async (file, path) => {
    expect(await importProblems(file, use(path))).toEqual([]);
  });

  it('still keeps the server and the engine out of the web app', async () => {
    const problems = await importProblems('features/results/molecule-card.tsx', use('@molsearch/engine'));
    expect(problems).toEqual([expect.stringContaining('talks to the server over HTTP')]);
  });
});
