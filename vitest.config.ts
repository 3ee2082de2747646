import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'bench/lib/**/*.test.ts', 'apps/cli/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'e2e/**/*.test.ts', 'clients/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'e2e/web/**'],
          // The API and browser tests' catalogues are imported once per run, not once per test file.
          globalSetup: ['e2e/test-catalogues.global-setup.ts'],
        },
      },
      // Browser tests: build the web app once, then drive Chromium against a real server.
      {
        extends: true,
        // A page polled for a state it reaches after a render or a request: a second is short on a loaded machine.
        test: { name: 'e2e-web', include: ['e2e/web/**/*.test.ts'], globalSetup: ['e2e/web/global-setup.ts', 'e2e/test-catalogues.global-setup.ts'], expect: { poll: { timeout: 15_000 } } },
      },
      // Component tests of the web app in jsdom.
      'apps/web/vitest.config.ts',
    ],
  },
});
