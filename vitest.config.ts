import { defineConfig } from 'vitest/config';

// Server tests run twice: once on embedded PGlite, once on real PostgreSQL.
const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    env: { EPOT_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['contracts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'workers', include: ['workers/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        esbuild: { jsx: 'automatic' },
        test: { name: 'src', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      serverProject('pglite'),
      serverProject('postgres'),
    ],
  },
});
