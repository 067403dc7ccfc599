import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One run covers the shared package's and the web app's unit tests and the server's API tests
// (real database, through HTTP). `@/` is the web app's source alias.
export default defineConfig({
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }] },
  test: {
    include: ['packages/common/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
