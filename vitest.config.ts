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
        },
      },
      // Browser tests: build the web app once, then drive Chromium against a real server.
      {
        extends: true,
        test: { name: 'e2e-web', include: ['e2e/web/**/*.test.ts'], globalSetup: ['e2e/web/global-setup.ts'] },
      },
      // Component tests of the web app in jsdom.
      'apps/web/vitest.config.ts',
    ],
  },
});
