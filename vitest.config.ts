import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Server tests run twice: once on embedded PGlite, once on real PostgreSQL. Every test file has its
// own database (tests/server-helpers/test-db.ts), its own data folder and its own free ports, so
// files of every project run side by side.
//
// Server files share their worker's modules (isolate: false): loading fastify, PGlite, the AWS SDK
// and the app's modules afresh for every file was most of a small file's time (12 route files: 49 s
// isolated, 18 s shared; issue 26). Files keep no state in modules that another file could see: each
// builds its own app, database and clock. A file that replaces a module with vi.mock needs a module
// graph of its own and runs in the `-isolated` project instead.
const ISOLATED_SERVER_FILES = ['server/routes/auth/session.test.ts'];
const serverProject = (db: 'pglite' | 'postgres', isolated = false) => ({
  test: {
    name: isolated ? `server-${db}-isolated` : `server-${db}`,
    include: isolated ? ISOLATED_SERVER_FILES : ['server/**/*.test.ts'],
    exclude: isolated ? configDefaults.exclude : [...configDefaults.exclude, ...ISOLATED_SERVER_FILES],
    isolate: isolated,
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
      serverProject('pglite', true),
      serverProject('postgres'),
      serverProject('postgres', true),
    ],
  },
});
