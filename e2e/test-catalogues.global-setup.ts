import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run where the first test file that needs the test catalogues imports them for all. */
    testCataloguesRoot: string;
  }
}

/** Gives the run one folder for the test catalogues (e2e/api/server-process.ts) and removes it after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'molsearch-test-catalogues-'));
  project.provide('testCataloguesRoot', root);
  return () => rm(root, { recursive: true, force: true });
}
