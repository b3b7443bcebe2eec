// Each test file gets its own database, so files never see each other's rows:
// EPOT_TEST_DB=pglite  -> PGlite in memory;
// EPOT_TEST_DB=postgres -> a fresh `epot_t_<random>` database on TEST_DATABASE_URL's server, dropped afterwards.
//
// A migrated database is made once per set of migrations and then copied for every test file: running
// every migration (and, on PGlite, initdb) per file cost most of a server test file's time. The copy
// holds exactly what migrate() made; migrate() itself still runs on a blank database in
// server/db/client.test.ts (`createTestDatabase({ migrate: false })`), in the chaos drills and in e2e.
// - PostgreSQL: `create database … template epot_tpl_<hash>`; the template is built under an advisory
//   lock by the first process that needs it.
// - PGlite: the migrated data folder, dumped once with dumpDataDir() to `<tmpdir>/epot-test-pglite-<hash>.tar`,
//   is loaded by each file's PGlite (no initdb).
// <hash> covers the migration files and the PGlite version, so a changed migration gets a new copy.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, type Database, type DatabaseKind } from '../../server/db/client.ts';

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

const dbUrl = (name: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** An empty PostgreSQL database of its own (the e2e cluster, benchmarks): its name, URL and drop. */
export async function createScratchPostgres(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  return {
    name, url: dbUrl(name),
    drop: () => withAdmin(async (c) => { await c.query(`drop database if exists ${name} with (force)`); }).catch(() => {}),
  };
}

let migrationsHash: string | undefined;
/** Names the migrated copy: the migration files (SQL and journal) and the PGlite version. */
function schemaHash(): string {
  if (migrationsHash) return migrationsHash;
  const h = createHash('sha256');
  const pglitePackage = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  const pgliteVersion = (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version;
  h.update(`pglite ${pgliteVersion}\n`);
  const files = [
    ...readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort(),
    join('meta', '_journal.json'),
  ];
  for (const f of files) h.update(`${f}\n`).update(readFileSync(join(MIGRATIONS_DIR, f)));
  return (migrationsHash = h.digest('hex').slice(0, 16));
}

// Any fixed 64-bit number (not the app's migration lock): serialises template builds between processes.
const TEMPLATE_LOCK_ID = 7_305_931_513;

/** The migrated template database's name, building it first when this set of migrations has none. */
async function postgresTemplate(): Promise<string> {
  const template = `epot_tpl_${schemaHash()}`;
  await withAdmin(async (c) => {
    const exists = async () => ((await c.query('select 1 from pg_database where datname = $1', [template])).rowCount ?? 0) > 0;
    if (await exists()) return;
    await c.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      if (await exists()) return; // another process built it while this one waited
      // Built under another name and renamed when complete, so a half-built template is never cloned.
      const building = `${template}_b${randomBytes(3).toString('hex')}`;
      await c.query(`create database ${building}`);
      try {
        const database = await openDatabase({ databaseUrl: dbUrl(building) });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await c.query(`alter database ${building} rename to ${template}`);
      } catch (err) {
        await c.query(`drop database if exists ${building} with (force)`);
        throw err;
      }
    } finally {
      await c.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
  return template;
}

async function createFromTemplate(c: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(`create database ${name} template ${template}`);
      return;
    } catch (err) {
      // 55006: someone is connected to the template (e.g. a developer's psql); wait for them briefly.
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The migrated PGlite data folder as a tarball, made (and kept in tmpdir) on first use. */
async function pgliteMigratedDataDir(): Promise<Blob> {
  const file = join(tmpdir(), `epot-test-pglite-${schemaHash()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ memory: true });
    let tarball: Blob;
    try {
      await database.migrate();
      tarball = await database.dumpDataDir!();
    } finally {
      await database.close();
    }
    // Written aside and renamed: a process racing on the same file reads a whole tarball or none.
    const part = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
    await writeFile(part, new Uint8Array(await tarball.arrayBuffer()));
    await rename(part, file).catch(async (err: unknown) => { await rm(part, { force: true }); throw err; });
  }
  return new Blob([await readFile(file)]);
}

/**
 * Opens a new PGlite data folder on disk (`dataDir` as the app's DATA_DIR) made from the migrated copy,
 * for tests of the folder itself (the admin CLI, the folder lock): an initdb on disk took 4 s on an idle
 * machine, before any migration. Later opens of the folder are plain `openDatabase({ dataDir })`.
 */
export async function createMigratedDataDir(dataDir: string): Promise<Database> {
  return openDatabase({ dataDir, loadDataDir: await pgliteMigratedDataDir() });
}

/** Opens (and by default migrates) a private database of the kind EPOT_TEST_DB names. */
export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrated = opts.migrate !== false;
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let url: string | undefined;
  if (testDbKind() === 'postgres') {
    const name = `epot_t_${randomBytes(6).toString('hex')}`;
    const template = migrated ? await postgresTemplate() : undefined;
    await withAdmin(async (c) => {
      if (template) await createFromTemplate(c, name, template);
      else await c.query(`create database ${name}`);
    });
    drop = () => withAdmin(async (c) => { await c.query(`drop database if exists ${name} with (force)`); });
    url = dbUrl(name);
    try {
      database = await openDatabase({ databaseUrl: url });
    } catch (err) {
      await drop();
      throw err;
    }
  } else {
    database = await openDatabase({ memory: true, ...(migrated ? { loadDataDir: await pgliteMigratedDataDir() } : {}) });
  }
  let done: Promise<void> | undefined;
  const cleanup = () => (done ??= (async () => {
    await database.close();
    await drop?.();
  })());
  return { database, url, cleanup };
}
