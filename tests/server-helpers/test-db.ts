// Each test file gets its own database, so files never see each other's rows:
// EPOT_TEST_DB=pglite  -> PGlite in memory;
// EPOT_TEST_DB=postgres -> a fresh `epot_t_<random>` database on TEST_DATABASE_URL's server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseKind } from '../../server/db/client.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testDbKind(): DatabaseKind {
  return process.env.EPOT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  database: Database;
  /** The private database's URL (postgres only), to open further handles on it. */
  url?: string;
  /** Closes the handle and, on PostgreSQL, drops the database. Safe to call twice. */
  cleanup(): Promise<void>;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Opens (and by default migrates) a private database of the kind EPOT_TEST_DB names. */
export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let dbUrl: string | undefined;
  if (testDbKind() === 'postgres') {
    const name = `epot_t_${randomBytes(6).toString('hex')}`;
    await withAdmin((c) => c.query(`create database ${name}`));
    drop = () => withAdmin(async (c) => { await c.query(`drop database if exists ${name} with (force)`); });
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    try {
      database = await openDatabase({ databaseUrl: dbUrl });
    } catch (err) {
      await drop();
      throw err;
    }
  } else {
    database = await openDatabase({ memory: true });
  }
  let done: Promise<void> | undefined;
  const cleanup = () => (done ??= (async () => {
    await database.close();
    await drop?.();
  })());
  if (opts.migrate !== false) {
    try {
      await database.migrate();
    } catch (err) {
      await cleanup();
      throw err;
    }
  }
  return { database, url: dbUrl, cleanup };
}
