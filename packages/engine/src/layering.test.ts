import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: REPO });

/** The no-restricted-imports messages ESLint gives `code` written in `file` (a path under packages/engine/src). */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO, 'packages/engine/src', file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const use = (path: string) => `import { thing } from '${path}';\nexport const used = thing;\n`;

describe('engine folders import one way', () => {
  it.each([
    ['format/catalogue-format.ts', '../features/pose-grid.ts'],
    ['format/column-file.ts', '../catalogue/catalogue-reader.ts'],
    ['pool/worker-pool.ts', '../search/shared-pools.ts'],
    ['readers/read-molecules.ts', '../import/import-catalogue.ts'],
    ['features/shape-features.ts', '../shape/conformer-pool.ts'],
    ['features/prepared-batch.ts', '../import/catalogue-builder.ts'],
    ['import/catalogue-builder.ts', '../catalogue/catalogue-reader.ts'],
    ['catalogue/catalogue-reader.ts', '../import/catalogue-builder.ts'],
    ['catalogue/catalogue-reader.ts', '../morgan/fingerprint-memory.ts'],
    ['catalogue/open-catalogue.ts', '../shape/pose-grid-scan.ts'],
    ['morgan/morgan-scan.ts', '../shape/shape-search.ts'],
    ['shape/shape-search.ts', '../morgan/top-hits.ts'],
    ['shape/rescore-pool.ts', '../search/shared-pools.ts'],
    ['search/search.ts', '../index.ts'],
    ['morgan/morgan-query.ts', '../bench.ts'],
  ])('reports %s importing %s', async (file, path) => {
    const problems = await importProblems(file, use(path));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/may import only|are the package entries/);
  });

  it('keeps the browser-safe vocabulary free of imports', async () => {
    expect(await importProblems('vocabulary.ts', use('./format/engine-error.ts'))).toHaveLength(1);
  });

  it.each([
    ['pool/worker-pool.ts', '../format/engine-error.ts'],
    ['features/pose-grid.ts', '../format/grid-layout.ts'],
    ['import/import-catalogue.ts', '../readers/read-molecules.ts'],
    ['import/catalogue-builder.ts', '../features/pose-grid.ts'],
    ['catalogue/catalogue-reader.ts', '../format/column-file.ts'],
    ['morgan/morgan-column.ts', '../catalogue/catalogue-reader.ts'],
    ['shape/shape-query.ts', '../features/shape-features.ts'],
    ['shape/grid-pool.ts', '../pool/worker-pool.ts'],
    ['search/search.ts', '../morgan/morgan-scan.ts'],
    ['search/search.ts', '../shape/shape-search.ts'],
    ['format/search-types.ts', '../vocabulary.ts'],
    ['index.ts', './search/search.ts'],
    ['bench.ts', './morgan/select-kernel.ts'],
    ['catalogue/catalogue-reader.test.ts', '../import/import-catalogue.ts'],
  ])('allows %s importing %s', async (file, path) => {
    expect(await importProblems(file, use(path))).toEqual([]);
  });
});
