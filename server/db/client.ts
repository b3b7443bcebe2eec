// Opens the database: embedded PGlite (a folder under DATA_DIR, or memory for tests) when no
// DATABASE_URL is set, else PostgreSQL through a node-postgres Pool. Route code only sees `AppDb`,
// drizzle's common PgDatabase type, so it runs unchanged on both.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`: services that run in a caller's transaction take it. */
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface MigrationInfo {
  /** Number of applied migrations (0 before the first migrate()). */
  version: number;
  /** drizzle-kit tag of the newest applied migration, e.g. "0000_init". */
  tag: string | null;
}

export interface Database {
  db: AppDb;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  migrationInfo(): Promise<MigrationInfo>;
  /** PGlite only: the data folder as a tarball, for `loadDataDir` (tests copy a migrated database). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * LISTEN on `channel`: PostgreSQL on a connection of its own (reconnected with a back-off after a
   * loss, `onResubscribed` then says that notifications may have been missed), PGlite in-process.
   * NOTIFY goes through `db` (select pg_notify), so it is sent when its transaction commits.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite keeps its files in `<dataDir>/pglite`. Ignored when databaseUrl or memory is set. */
  dataDir?: string;
  /** postgres://… : use PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** PGlite in memory (tests). */
  memory?: boolean;
  /** PGlite: start from this data folder tarball (`dumpDataDir()`) instead of a fresh initdb (tests). */
  loadDataDir?: Blob;
  /** PostgreSQL: the most connections the pool opens (default 10). */
  poolMax?: number;
  /** Where pool errors go (they must never crash the process). */
  onError?: (err: Error) => void;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed 64-bit number: serialises migrations when several processes start on one database.
const MIGRATION_LOCK_ID = 7_305_931_512;

interface JournalEntry { when: number; tag: string }
let journal: JournalEntry[] | undefined;
function readJournal(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

type RawQuery = (text: string) => Promise<unknown[]>;

async function readMigrationInfo(query: RawQuery): Promise<MigrationInfo> {
  // Before the first migrate() the drizzle schema does not exist.
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations')::text as t`) as [{ t: string | null }?];
  if (!exists?.t) return { version: 0, tag: null };
  const [row] = await query(
    'select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
  ) as [{ n: number; last: string | null }?];
  const last = row?.last == null ? null : Number(row.last);
  return {
    version: Number(row?.n ?? 0),
    tag: readJournal().find((e) => e.when === last)?.tag ?? null,
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A dedicated LISTEN connection (a pooled one would be handed to queries); kept alive across losses. */
async function listenPg(url: string, channel: string, onMessage: (payload: string) => void, onResubscribed: (() => void) | undefined,
  onError: (err: Error) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 250;
  const connect = async (first: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    c.on('notification', (n) => { if (n.channel === channel && n.payload !== undefined) onMessage(n.payload); });
    c.on('error', (err) => { onError(err); lost(c); });
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`listen ${quoteIdent(channel)}`);
    if (stopped) { await c.end().catch(() => {}); return; }
    client = c;
    delay = 250;
    if (!first) onResubscribed?.();
  };
  const lost = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = null;
    c.removeAllListeners('end');
    void c.end().catch(() => {});
    schedule();
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect(false).catch((err: Error) => { onError(err); delay = Math.min(delay * 2, 10_000); schedule(); });
    }, delay);
    retry.unref();
  };
  await connect(true);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  const onError = opts.onError ?? ((err: Error) => console.error('[db] pool error:', err));

  if (opts.databaseUrl) {
    // A connection that cannot be made within 10 s fails the request (a 503) instead of hanging it.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10, connectionTimeoutMillis: 10_000 });
    // An idle client losing its connection (server restart, network) emits 'error' on the pool;
    // unhandled it would crash the process. The pool replaces the client on the next query.
    pool.on('error', onError);
    const db = drizzlePg({ client: pool, schema });
    const listeners = new Set<() => Promise<void>>();
    // Fail fast on a bad URL instead of at the first request.
    try {
      await pool.query('select 1');
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          lock.release();
        }
      },
      migrationInfo: () => readMigrationInfo(async (text) => (await pool.query(text)).rows),
      async listen(channel, onMessage, onResubscribed) {
        const stop = await listenPg(opts.databaseUrl!, channel, onMessage, onResubscribed, onError);
        listeners.add(stop);
        return async () => { listeners.delete(stop); await stop(); };
      },
      // Listeners end with the database: a LISTEN connection left behind would keep reconnecting.
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        listeners.clear();
        await pool.end();
      },
    };
  }

  let dataDir: string | undefined;
  if (!opts.memory) {
    if (!opts.dataDir) throw new Error('openDatabase: dataDir, databaseUrl or memory is required');
    dataDir = join(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // One process per folder: a second opener (server or admin CLI) is refused, naming the holder.
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  } catch (e) {
    unlock();
    throw e;
  }
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    migrationInfo: () => readMigrationInfo(async (text) => (await client.query(text)).rows),
    dumpDataDir: () => client.dumpDataDir('none'),
    async listen(channel, onMessage) {
      const stop = await client.listen(channel, onMessage);
      return async () => { if (!closed) await stop(); };
    },
    async close() {
      // An open PGlite keeps Node alive; closing twice throws, so guard.
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
