import { defineConfig } from 'vitest/config';

// One run covers the shared package's unit tests and the server's API tests (real database, through HTTP).
export default defineConfig({
  test: {
    include: ['packages/common/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
