import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index.ts';
import { seedDemo, type SeedResult } from '../../seed/demo-seed.ts';
import { systemClock } from '../platform/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { getOwnOrder, LICENCE_MESSAGES, listOrders, newOrderNo, redeemLicence } from './orders.ts';

let t: TestDatabase;
let seed: SeedResult;
const meta = { job: 'Mahasiswa', certificate_for: 'Melamar CPNS' };
const now = new Date('2026-11-21T03:00:00Z');
async function userId(email: string) {
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  seed = (await seedDemo(t.database.db, { clock: systemClock }))!;
});
afterAll(async () => { await t?.cleanup(); });

describe('redeemLicence', () => {
  it('redeems one code into exactly one order under 50 concurrent requests', async () => {
    const uid = await userId('demo@epot.local');
    const code = seed.individualCodes[0]!;
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => redeemLicence(t.database.db, { userId: uid, code, meta, now })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(49);
    expect(new Set(rejected.map((r) => (r.reason as Error).message))).toEqual(new Set([LICENCE_MESSAGES.used]));
    const rows = await t.database.db.select().from(orders).where(eq(orders.user_id, uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ meta, status: 'not_started' });
  });

  it('accepts codes in any case and with spaces, refuses unknown and malformed ones', async () => {
    const uid = await userId('demo@epot.local');
    const code = seed.individualCodes[1]!.toLowerCase().replaceAll('-', ' ');
    await expect(redeemLicence(t.database.db, { userId: uid, code, meta, now })).resolves.toBeTruthy();
    await expect(redeemLicence(t.database.db, { userId: uid, code: 'ZZZZ-ZZZZ-ZZZZ', meta, now })).rejects.toThrow(LICENCE_MESSAGES.invalid);
    await expect(redeemLicence(t.database.db, { userId: uid, code: 'hello', meta, now })).rejects.toThrow(LICENCE_MESSAGES.invalid);
  });

  it('keeps institution codes for members of that institution', async () => {
    const individual = await userId('demo@epot.local');
    const member = await userId('anggota1@epot.local');
    const code = seed.institutionCodes[0]!;
    await expect(redeemLicence(t.database.db, { userId: individual, code, meta, now })).rejects.toThrow(LICENCE_MESSAGES.otherInstitution);
    const { order } = await redeemLicence(t.database.db, { userId: member, code, meta, now });
    expect(order.institution_id).toBe(seed.institutionId);
  });

  it('lists only the member own orders and hides others by 404', async () => {
    const uid = await userId('demo@epot.local');
    const other = await userId('anggota2@epot.local');
    const { rows, total } = await listOrders(t.database.db, uid, 20);
    expect(total).toBe(2);
    expect(rows.map((r) => r.licenceHint)).toHaveLength(2);
    await expect(getOwnOrder(t.database.db, other, rows[0]!.order.id)).rejects.toMatchObject({ status: 404 });
    await expect(getOwnOrder(t.database.db, uid, rows[0]!.order.id)).resolves.toMatchObject({ id: rows[0]!.order.id });
  });

  it('makes readable, distinct order numbers', () => {
    const nos = new Set(Array.from({ length: 200 }, () => newOrderNo(new Date('2026-11-21T00:00:00Z'))));
    expect(nos.size).toBe(200);
    for (const n of nos) expect(n).toMatch(/^EPOT-20261121-[2-9A-HJ-NP-Z]{6}$/);
  });
});
