import { join } from 'node:path';
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Ketcher pulls React 18 into the workspace root while the app uses React 19 from its own node_modules.
// Tests must render with one React: pin react and react-dom to the app's copy, and let Vite (not Node's
// require) load the React libraries so the pin reaches their imports too.
const appModules = join(import.meta.dirname, 'node_modules');

/** Component tests: jsdom, Testing Library matchers, files `*.test.tsx` beside the components. */
export default mergeConfig(
  viteConfig,
  defineProject({
    resolve: {
      mainFields: ['module', 'jsnext:main', 'jsnext'],
      conditions: ['module', 'browser', 'development|production'],
      alias: [
        { find: /^react$/, replacement: join(appModules, 'react/index.js') },
        { find: /^react\/(.*)$/, replacement: join(appModules, 'react/$1') },
        { find: /^react-dom$/, replacement: join(appModules, 'react-dom/index.js') },
        { find: /^react-dom\/(.*)$/, replacement: join(appModules, 'react-dom/$1') },
      ],
    },
    test: {
      name: 'web',
      root: import.meta.dirname,
      environment: 'jsdom',
      // A user-event test takes a few hundred milliseconds alone and several seconds on a loaded machine.
      testTimeout: 30_000,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      server: {
        deps: {
          inline: [/@testing-library\/react/, /radix-ui/, /@radix-ui/, /@floating-ui/, /react-remove-scroll/, /react-style-singleton/, /use-callback-ref/, /use-sidecar/, /@tanstack/, /react-router/, /sonner/, /recharts/],
        },
      },
    },
  }),
);
