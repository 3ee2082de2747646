import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      // Unit tests of the libraries and the server's modules share a worker's loaded modules (RDKit's WebAssembly
      // among them) from file to file: a fresh process for each of their 114 files took about a minute more (96 library files: 176 -> 111 s alone).
      {
        extends: true,
        test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'bench/lib/**/*.test.ts', 'apps/server/src/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['apps/cli/src/**/*.test.ts', 'e2e/**/*.test.ts', 'clients/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'e2e/web/**'],
          // The API and browser tests' catalogues are imported once per run, not once per test file.
          globalSetup: ['e2e/test-catalogues.global-setup.ts'],
          // These files start servers and command-line processes of their own; the worker that runs them keeps its
          // loaded modules from file to file (node project alone: collect 48 -> 18 s, wall 7 min 23 s -> 6 min 49 s).
          isolate: false,
        },
      },
      // Browser tests: build the web app once, then drive Chromium against a real server.
      {
        extends: true,
        // A page polled for a state it reaches after a render or a request: a second is short on a loaded machine.
        test: { name: 'e2e-web', include: ['e2e/web/**/*.test.ts'], globalSetup: ['e2e/web/web-build.ts', 'e2e/test-catalogues.global-setup.ts'], expect: { poll: { timeout: 15_000 } } },
      },
      // Component tests of the web app in jsdom.
      'apps/web/vitest.config.ts',
    ],
  },
});
