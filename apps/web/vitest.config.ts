import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** Component tests: jsdom, Testing Library matchers, files `*.test.tsx` beside the components. */
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      root: import.meta.dirname,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: { modules: { classNameStrategy: 'non-scoped' } },
    },
  }),
);
