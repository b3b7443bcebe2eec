// Starts the one production process: open + migrate the database, seed the demo on the first
// start, build the app, listen. Runnable directly (`tsx server/server.ts`) or via startServer().
import { pathToFileURL } from 'node:url';
import { buildApp, type App } from './app.ts';
import { loadConfig, requirePublicUrl, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { assertWritableDataDir } from './db/data-dir-check.ts';
import { formatDemoBlock, seedDemo, type SeedResult } from './seed/demo-seed.ts';
import { createBlobStore } from './services/media/blob-store.ts';
import { systemClock, type Clock } from './services/platform/clock.ts';

export interface StartOptions {
  /** Close cleanly on SIGINT/SIGTERM (default true; tests that start a server pass false). */
  handleSignals?: boolean;
  /** Where the one-time demo block goes (default console.log). */
  print?: (text: string) => void;
  /** Default: the system clock. */
  clock?: Clock;
}

export interface RunningServer {
  app: App;
  database: Database;
  /** The address to open in a browser. */
  url: string;
  /** Set on the first start only: the plain demo codes exist nowhere else. */
  seed: SeedResult | null;
  close(): Promise<void>;
}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  requirePublicUrl(config);
  const print = opts.print ?? ((text: string) => console.log(text));
  let app: App | undefined;
  // Pool errors are logged (never thrown): to the console until the app's logger exists.
  const onError = (err: Error) => {
    if (app) app.log.error({ err }, 'database pool error');
    else console.error('[epot] database pool error:', err);
  };
  // PGlite and the disk file store live there: a folder that cannot be written is said plainly.
  if (!config.databaseUrl || !config.s3) assertWritableDataDir(config.dataDir);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax, onError });
  try {
    await database.migrate();
    const clock = opts.clock ?? systemClock;
    const seed = await seedDemo(database.db, { store: createBlobStore(config), clock });
    app = await buildApp({ config, database, clock });
    const address = await app.listen({ port: config.port, host: config.host });
    const port = new URL(address).port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
    app.log.info({ database: database.kind, url }, 'EPOT listening');
    if (seed) print(formatDemoBlock(seed, url));

    let closing: Promise<void> | undefined;
    const close = () => (closing ??= (async () => {
      await app!.close();
      await database.close();
    })());
    if (opts.handleSignals !== false) {
      const onSignal = (signal: NodeJS.Signals) => {
        app!.log.info({ signal }, 'shutting down');
        close().then(
          () => { process.exitCode = 0; },
          (err: unknown) => { app!.log.error({ err }, 'shutdown failed'); process.exitCode = 1; },
        );
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
    }
    return { app, database, url, seed, close };
  } catch (err) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}

// `tsx server/server.ts`: start from the environment.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startServer(loadConfig(process.env)).catch((err: unknown) => {
    console.error('[epot] failed to start:', err);
    process.exitCode = 1;
  });
}
