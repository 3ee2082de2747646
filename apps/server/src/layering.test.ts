import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: REPO });

/** The no-restricted-imports messages ESLint gives `code` written in `file` (a path under apps/server/src). */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO, 'apps/server/src', file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const use = (path: string) => `import { thing } from '${path}';\nexport const used = thing;\n`;

describe('server folders import one way', () => {
  it.each([
    ['http/app.ts', '../search/search.routes.ts'],
    ['http/csrf.middleware.ts', '../accounts/auth.ts'],
    ['store/database.ts', '../http/logger.ts'],
    ['search/job.service.ts', '../catalogues/catalogue.service.ts'],
    ['search/result.service.ts', '../downloads/download.service.ts'],
    ['catalogues/catalogue.service.ts', '../downloads/download.service.ts'],
    ['downloads/download.service.ts', '../tracking/tracking.service.ts'],
    ['accounts/profile.service.ts', '../search/job.service.ts'],
    ['docs/openapi.ts', '../store/database.ts'],
    ['search/job.service.ts', '../services.ts'],
    ['accounts/mail.service.ts', '../config.ts'],
  ])('reports %s importing %s', async (file, path) => {
    const problems = await importProblems(file, use(path));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/may import only|root files compose the domains/);
  });

  it.each([
    ['search/job.service.ts', '../http/app-error.ts'],
    ['search/job.repository.ts', '../store/database.ts'],
    ['catalogues/database.routes.ts', '../search/job.service.ts'],
    ['downloads/download.service.ts', '../catalogues/catalogue.service.ts'],
    ['tracking/tracking.service.ts', '../downloads/download.service.ts'],
    ['accounts/auth.routes.ts', '../http/rate-limit.middleware.ts'],
    ['services.ts', './tracking/tracking.routes.ts'],
  ])('allows %s importing %s', async (file, path) => {
    expect(await importProblems(file, use(path))).toEqual([]);
  });
});
