// Staff console licence batches: generate (codes answered once, stored hashed), list with
// redeemed/unused counts, revoke the unused ones (redeem then refuses with its message), expiry,
// validation, audit entries, proctors read only, another institution's admin gets 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceBatchCsv } from '../../../contracts/admin-licences.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { licences } from '../../db/schema/index.ts';
import { hashLicenceCode } from '../../services/orders/licence-codes.ts';
import { LICENCE_MESSAGES } from '../../services/orders/orders.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { auditOf, otherInstitutionAdmin, proctorToken, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
});
afterAll(async () => { await t?.cleanup(); });

const generate = (token: string, body: Record<string, unknown>, query = '') =>
  staffCall(t, { method: 'POST', url: `/licence-batches${query}`, token, payload: { product_id: t.seed!.productId, count: 50, expires_at: '2026-06-30T23:59:59+07:00', ...body } });

async function redeem(code: string) {
  const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
  return t.app.inject({
    method: 'POST', url: '/api/users/v1/member/order/create/', headers: { authorization: await bearer(t.app, user) },
    payload: { license: code, meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' } },
  });
}

describe('licence batches', () => {
  it('generates 50 codes once (hashed in the database), counts a redeem, revokes the rest', async () => {
    const products = await staffCall(t, { url: '/products', token: admin });
    expect(products.body.data).toMatchObject({ list: [{ id: t.seed!.productId }] });
    const made = await generate(admin, { note: 'Kelas 12' });
    expect(made.body).toMatchObject({ status: 200, message: STAFF_MESSAGES.licencesGenerated, data: { batch: { count: 50, unused: 50, redeemed: 0, note: 'Kelas 12' } } });
    const { batch, codes } = made.body.data as { batch: { id: string; product_name: string; expires_at: string }; codes: string[] };
    expect(new Set(codes).size).toBe(50);
    expect(codes[0]).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const stored = await t.db.select().from(licences).where(eq(licences.batch_id, batch.id));
    expect(stored).toHaveLength(50);
    expect(stored.map((s) => s.code_hash)).toContain(hashLicenceCode(codes[0]!));
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    expect(licenceBatchCsv(batch, codes).split('\r\n')).toHaveLength(52);

    expect((await redeem(codes[0]!)).statusCode).toBe(200);
    const list = await staffCall(t, { url: '/licence-batches', token: admin });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id: batch.id, redeemed: 1, unused: 49, revoked: 0 }] });
    expect(JSON.stringify(list.body)).not.toContain(codes[1]);

    const revoke = await staffCall(t, { method: 'POST', url: `/licence-batches/${batch.id}/revoke`, token: admin });
    expect(revoke.body).toMatchObject({ message: STAFF_MESSAGES.licencesRevoked, data: { revoked: 49, batch: { redeemed: 1, unused: 0, revoked: 49 } } });
    const refused = await redeem(codes[1]!);
    expect([refused.statusCode, refused.json().message]).toEqual([400, LICENCE_MESSAGES.revoked]);
    expect((await auditOf(t, 'licence.generate'))[0]).toMatchObject({ target_id: batch.id, institution_id: t.seed!.institutionId, after: { count: 50 } });
    expect((await auditOf(t, 'licence.revoke'))[0]).toMatchObject({ target_id: batch.id, after: { revoked: 49 } });
  });
  it('refuses codes after their expiry with their own message', async () => {
    const made = await generate(admin, { count: 2, expires_at: '2026-03-08T00:00:00Z' });
    t.clock.advance(2 * 24 * 3600_000);
    const refused = await redeem((made.body.data as { codes: string[] }).codes[0]!);
    expect([refused.statusCode, refused.json().message]).toEqual([400, LICENCE_MESSAGES.expired]);
    admin = await staffToken(t, 'admin.lembaga@epot.local');
  });
  it('validates count, expiry and product', async () => {
    expect((await generate(admin, { count: 1001 })).code).toBe(400);
    expect((await generate(admin, { count: 0 })).code).toBe(400);
    expect((await generate(admin, { expires_at: '2026-01-01T00:00:00Z' })).body.message).toBe(STAFF_MESSAGES.expiryInPast);
    expect((await generate(admin, { product_id: '00000000-0000-4000-8000-000000000000' })).body.message).toBe(STAFF_MESSAGES.productNotFound);
  });
  it('lets a proctor list but not generate or revoke; an operator needs ?institution', async () => {
    const proctor = await proctorToken(t, t.seed!.institutionId);
    expect((await staffCall(t, { url: '/licence-batches', token: proctor })).code).toBe(200);
    expect((await generate(proctor, {})).code).toBe(403);
    const operator = await staffToken(t, 'operator@epot.local');
    expect((await generate(operator, { count: 1 })).body.message).toBe(STAFF_MESSAGES.institutionRequired);
    expect((await generate(operator, { count: 1 }, `?institution=${t.seed!.institutionId}`)).code).toBe(200);
  });
  it("answers 404 to another institution's admin for every licence route", async () => {
    const other = await otherInstitutionAdmin(t);
    const listed = (await staffCall(t, { url: '/licence-batches', token: admin })).body.data as { list: { id: string }[] };
    const id = listed.list[0]!.id;
    const own = `?institution=${t.seed!.institutionId}`;
    for (const c of [
      { url: `/licence-batches${own}` }, { url: `/products${own}` }, { url: `/licence-batches/${id}` },
      { method: 'POST' as const, url: `/licence-batches/${id}/revoke` },
    ]) expect((await staffCall(t, { ...c, token: other.token })).code, c.url).toBe(404);
    expect((await generate(other.token, {}, own)).code).toBe(404);
    expect((await staffCall(t, { url: '/licence-batches', token: other.token })).body.data).toMatchObject({ total: 0 });
  });
});
