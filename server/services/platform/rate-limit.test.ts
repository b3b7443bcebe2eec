import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { consume, refund } from './rate-limit.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.cleanup(); });

describe('rate limit (database fixed window)', () => {
  it('allows `limit` attempts per window, then tells how long to wait, then starts a new window', async () => {
    const db = t.database.db;
    const start = new Date('2030-01-01T00:00:00Z');
    for (let i = 1; i <= 3; i++) expect((await consume(db, 'k1', 3, 60_000, start)).allowed).toBe(true);
    const blocked = await consume(db, 'k1', 3, 60_000, new Date(start.getTime() + 15_000));
    expect(blocked).toEqual({ allowed: false, count: 4, retryAfterSeconds: 45 });
    const next = await consume(db, 'k1', 3, 60_000, new Date(start.getTime() + 60_000));
    expect(next).toMatchObject({ allowed: true, count: 1, retryAfterSeconds: 60 });
  });

  const now = new Date('2026-11-28T16:30:00Z');

  it('counts concurrent attempts atomically', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => consume(t.database.db, 'k2', 10, 60_000, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('refund gives an attempt back', async () => {
    await consume(t.database.db, 'k3', 1, 60_000, now);
    expect((await consume(t.database.db, 'k3', 1, 60_000, now)).allowed).toBe(false);
    await refund(t.database.db, 'k3');
    await refund(t.database.db, 'k3');
    expect((await consume(t.database.db, 'k3', 1, 60_000, now)).allowed).toBe(true);
  });

  it('counts and refunds without waiting for the flush, and only in their own statement', async () => {
    const db = t.database.db;
    await consume(db, 'k4', 5, 60_000, now);
    await refund(db, 'k4');
    expect((await consume(db, 'k4', 1, 60_000, now))).toMatchObject({ allowed: true, count: 1 });
    // PGlite has one connection (the very session the counts ran on); on PostgreSQL every pooled
    // connection must still show the server's default.
    const settings = await Promise.all(Array.from({ length: 5 }, async () =>
      (await db.select({ v: sql<string>`current_setting('synchronous_commit')` }).from(sql`(select 1) as one`))[0]!.v));
    expect(settings).toEqual(['on', 'on', 'on', 'on', 'on']);
  });
});
