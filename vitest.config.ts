import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Server tests run twice: once on embedded PGlite, once on real PostgreSQL. Every test file has its
// own database (tests/server-helpers/test-db.ts), its own data folder and its own free ports, so
// files of every project run side by side.
const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    // Cheap argon2 hashes (server/services/accounts/passwords.ts honours this only under NODE_ENV=test).
    env: { EPOT_TEST_DB: db, EPOT_TEST_ARGON2_CHEAP: '1' },
    // Only catches a hang (no test asserts a timing). In `npm test` this lane runs at nice 10 beside
    // the browser and the production server and gets a fraction of a core: a 4 s test went past 30 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) is one file at a time on a 2-core machine, with the second core idle
    // but for transforms: two files at once there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', include: ['contracts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'workers', include: ['workers/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        esbuild: { jsx: 'automatic' },
        // The timeout only catches a hang (no test here asserts a timing): the survey form's first jsdom
        // render took 2.5 s with one worker on a busy machine and 5.3 s with two, past vitest's 5 s
        // default; in `npm test` this lane also runs at low CPU priority beside e2e (tests/run-all.ts).
        test: { name: 'src', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 30_000 },
      },
      serverProject('pglite'),
      serverProject('postgres'),
    ],
  },
});
