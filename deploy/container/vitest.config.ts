import { defineConfig } from 'vitest/config';

// The container image test alone (npm run test:container): it builds for minutes, so it runs apart
// from the unit tests' workers, one file, in one worker; vitest.config.ts leaves it out.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['deploy/container/image.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    testTimeout: 5 * 60_000,
  },
});
