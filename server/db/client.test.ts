import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, testDbKind, type TestDatabase } from '../../tests/server-helpers/test-db.ts';
import { MIGRATIONS_DIR, openDatabase } from './client.ts';
import { companies } from './schema/index.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase({ migrate: false }); });
afterAll(async () => { await t?.cleanup(); });

describe('openDatabase', () => {
  it('applies every generated migration and reports the newest', async () => {
    expect(await t.database.migrationInfo()).toEqual({ version: 0, tag: null });
    await t.database.migrate();
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
    expect(await t.database.migrationInfo()).toEqual({ version: files.length, tag: files.at(-1)!.replace(/\.sql$/, '') });
    // The typed query builder works the same on both drivers.
    const [row] = await t.database.db.insert(companies)
      .values({ name: 'X', settings: { announcement: { is_active: true, images: ['a.png'] } } })
      .returning();
    expect(row).toMatchObject({ name: 'X', maintenance: false, settings: { announcement: { images: ['a.png'] } } });
    expect(row!.created_at).toBeInstanceOf(Date);
  });

  // Pool connections exist only on PostgreSQL; PGlite runs in-process, so the test is registered there only.
  if (testDbKind() === 'postgres') it('survives a dropped pool connection (logged, not thrown)', async () => {
    const onError = vi.fn();
    const url = new URL(t.url!);
    url.searchParams.set('application_name', 'epot_pool_test');
    const other = await openDatabase({ databaseUrl: url.toString(), onError });
    try {
      await other.migrationInfo(); // leaves an idle client in the pool
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'epot_pool_test'",
      );
      await admin.end();
      await vi.waitFor(() => expect(onError).toHaveBeenCalled());
      // The pool replaces the dead client.
      expect((await other.migrationInfo()).version).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
