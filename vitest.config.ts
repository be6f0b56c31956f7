import { defineConfig } from 'vitest/config';
import { buildDefines } from './scripts/build-env.ts';

// The reactRouter() plugin stays out of here: component tests render components directly.
export default defineConfig({
  define: buildDefines(),
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['app/test/setup.ts'],
        },
      },
    ],
  },
});
