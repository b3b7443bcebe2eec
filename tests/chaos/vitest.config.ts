// `npm run test:chaos`: the fault drills (kill -9 during a submit, a PostgreSQL restart under
// autosave). Each starts real server processes, so they run one file at a time, outside `vitest run`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'chaos',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/chaos/**/*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
