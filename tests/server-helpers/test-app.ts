// buildTestApp(): the real app on a private test database, for inject()-based tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp, type App } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { AppDb, Database } from '../../server/db/client.ts';
import { seedDemo, type SeedResult } from '../../server/seed/demo-seed.ts';
import { createBlobStore } from '../../server/services/media/blob-store.ts';
import { createTestClock, type TestClock } from './clock.ts';
import { createTestDatabase } from './test-db.ts';

export interface TestAppOptions {
  /** Env overrides on top of NODE_ENV=test (e.g. { API_BASE: '/v2' }). */
  env?: Record<string, string>;
  /** Serve this folder as the SPA (default: a folder that does not exist, i.e. API only). */
  staticDir?: string;
  /** Run the demo seed first. */
  seed?: boolean;
  /** With `seed`, also import the demo exam (media into the configured blob store; durations read in-process). */
  seedExam?: boolean;
  /** Capture log lines (the level becomes LOG_LEVEL or 'info'). */
  logStream?: NodeJS.WritableStream;
  /** Start the app's clock at this instant (default: real time); `t.clock` moves it later. */
  now?: Date | string;
}

export interface TestApp {
  app: App;
  database: Database;
  db: AppDb;
  config: Config;
  /** The private database's URL on PostgreSQL (another process, e.g. the CLI, can open it); undefined on PGlite. */
  databaseUrl: string | undefined;
  seed: SeedResult | null;
  /** The app's clock: stamp test rows with `t.clock.now()`, pin dates with `t.clock.set()`. */
  clock: TestClock;
  cleanup(): Promise<void>;
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  // A private DATA_DIR (media, photos) unless the test names one; removed by cleanup().
  const dataDir = opts.env?.DATA_DIR ? undefined : await mkdtemp(join(tmpdir(), 'epot-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    STATIC_DIR: opts.staticDir ?? join(tmpdir(), 'epot-no-spa-here'),
    ...(opts.logStream ? { LOG_LEVEL: 'info' } : {}),
    ...opts.env,
  });
  const { database, url: databaseUrl, cleanup: dropDb } = await createTestDatabase().catch(async (err: unknown) => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  let app: App | undefined;
  const cleanup = async () => {
    await app?.close();
    await dropDb();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const clock = createTestClock(opts.now);
    const seed = opts.seed ? await seedDemo(database.db, { clock, ...(opts.seedExam ? { store: createBlobStore(config) } : {}) }) : null;
    app = await buildApp({ config, database, logStream: opts.logStream, clock });
    return { app, database, db: database.db, config, databaseUrl, seed, clock, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
