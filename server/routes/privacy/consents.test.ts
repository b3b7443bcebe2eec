// The consent ledger and cloud speech's two yeses (issue 19) on PGlite and PostgreSQL: each consent
// is stored with its version, time and withdrawal; a withdrawn biometric consent stops the start of
// a camera test and refuses photos until it is given again; cloud speech is allowed only with the
// institution's flag (set in the console, audited) AND the member's live consent.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '../../../contracts/facts/index.ts';
import { consents, licences, orders } from '../../db/schema/index.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { auditOf, proctorToken, RULES, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { jpegBytes, upload } from '../../../tests/server-helpers/uploads.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' }); }, 120_000);
afterAll(async () => { await t?.cleanup(); });

interface Member { userId: string; headers: { authorization: string } }

async function institutionMember(): Promise<Member> {
  const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
  return { userId: user.id, headers: { authorization: await bearer(t.app, user) } };
}

/** A new order of the demo institution for the member, not started. */
async function newOrder(m: Member): Promise<string> {
  const [lic] = await t.db.insert(licences).values({ code_hash: randomBytes(16).toString('hex'), code_hint: 'CONS', product_id: t.seed!.productId, institution_id: t.seed!.institutionId }).returning();
  const [row] = await t.db.insert(orders).values({
    order_no: `EPOT-CONS-${randomBytes(4).toString('hex')}`, user_id: m.userId, license_id: lic!.id, product_id: t.seed!.productId,
    institution_id: t.seed!.institutionId, meta: { job: 'Pelajar', certificate_for: 'Beasiswa' },
  }).returning();
  return row!.id;
}

const api = (m: Member, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: m.headers, ...(payload ? { payload } : {}) });
const consent = (m: Member, orderId: string, extra: object = {}) => api(m, 'POST', `/users/v1/member/order/consent/${orderId}`, { rules_version: 'r-1', accepted: true, ...extra });
const start = (m: Member, orderId: string) => api(m, 'PUT', `/users/v1/member/order/update-start-test/${orderId}`);
const ledger = async (m: Member) => (await api(m, 'GET', '/users/v1/member/privacy/consents')).json().data as {
  consents: { kind: string; version: string; order_id: string; order_no: string; given_at: string; withdrawn_at: string | null }[];
  active: { biometric: boolean; cloud_speech: boolean };
};
const withdraw = (m: Member, kind: string) => api(m, 'POST', '/users/v1/member/privacy/consents/withdraw', { kind });
const cloudAllowed = async (m: Member, orderId: string) => (await api(m, 'GET', `/users/v1/member/order/violations/${orderId}`)).json().data.cloud_speech as boolean;
const setCloud = async (token: string, cloud_speech: boolean) =>
  staffCall(t, { method: 'PUT', url: `/institutions/${t.seed!.institutionId}/settings`, token, payload: { active_camera: true, setting: RULES, cloud_speech } });

describe('the consent ledger', () => {
  it('stores each consent with its version and time; a withdrawn biometric consent stops the start and the photos until given again', async () => {
    const m = await institutionMember();
    const first = await newOrder(m);
    expect((await api(m, 'GET', `/users/v1/member/order/consent/${first}`)).json().data).toMatchObject({ biometric_required: true, biometric: false });
    // The rules alone: no camera test.
    expect((await consent(m, first)).statusCode).toBe(200);
    expect((await start(m, first)).json().message).toBe(PRIVACY_MESSAGES.biometricRequired);
    t.clock.advance(60_000);
    expect((await consent(m, first, { biometric_version: 'b-7' })).json().data).toMatchObject({ biometric: true });
    expect((await start(m, first)).statusCode).toBe(200);
    expect((await upload(t, m.headers.authorization, { filename: 'a.jpg', data: jpegBytes(200) })).code).toBe(200);

    const before = await ledger(m);
    expect(before.active).toEqual({ biometric: true, cloud_speech: false });
    expect(before.consents.map((c) => `${c.kind}:${c.version}:${c.withdrawn_at === null}`)).toEqual(['terms:r-1:true', 'biometric:b-7:true', 'terms:r-1:true']);
    expect(before.consents[1]).toMatchObject({ order_id: first, order_no: expect.stringMatching(/^EPOT-CONS-/), given_at: expect.any(String) });

    t.clock.advance(60_000);
    const withdrawnAt = t.clock.now();
    const res = await withdraw(m, 'biometric');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PRIVACY_MESSAGES.consentWithdrawn);
    const after = res.json().data as Awaited<ReturnType<typeof ledger>>;
    expect(after.active.biometric).toBe(false);
    expect(Date.parse(after.consents[1]!.withdrawn_at!)).toBeGreaterThanOrEqual(withdrawnAt.getTime());
    expect(after.consents.filter((c) => c.kind === 'terms').every((c) => c.withdrawn_at === null)).toBe(true);
    // Nothing live to withdraw any more; terms cannot be withdrawn at all.
    expect((await withdraw(m, 'biometric')).statusCode).toBe(400);
    expect((await withdraw(m, 'terms')).statusCode).toBe(400);

    // Processing stops: no photo is accepted, no camera test starts.
    const refused = await upload(t, m.headers.authorization, { filename: 'b.jpg', data: jpegBytes(200) });
    expect(refused.code).toBe(403);
    expect(refused.body.message).toBe(PRIVACY_MESSAGES.biometricWithdrawn);
    const second = await newOrder(m);
    await consent(m, second);
    expect((await start(m, second)).json().message).toBe(PRIVACY_MESSAGES.biometricRequired);
    // Given again on the preparation page: both work again.
    await consent(m, second, { biometric_version: 'b-8' });
    expect((await start(m, second)).statusCode).toBe(200);
    expect((await upload(t, m.headers.authorization, { filename: 'c.jpg', data: jpegBytes(200) })).code).toBe(200);
    const rows = await t.db.select().from(consents).where(eq(consents.user_id, m.userId));
    expect(rows.filter((r) => r.kind === 'biometric').map((r) => [r.rules_version, r.withdrawn_at !== null])).toEqual(expect.arrayContaining([['b-7', true], ['b-8', false]]));
  });

  it('does not ask for a biometric consent when the institution has no camera', async () => {
    const admin = await staffToken(t, 'admin.lembaga@epot.local');
    const off = { identification: { face: false, voice: true, new_tab: true }, failed: { face: false, voice: false, new_tab: true } };
    expect((await staffCall(t, { method: 'PUT', url: `/institutions/${t.seed!.institutionId}/settings`, token: admin, payload: { active_camera: false, setting: off } })).code).toBe(200);
    try {
      const m = await institutionMember();
      const id = await newOrder(m);
      expect((await api(m, 'GET', `/users/v1/member/order/consent/${id}`)).json().data).toMatchObject({ biometric_required: false });
      await consent(m, id);
      expect((await start(m, id)).statusCode).toBe(200);
    } finally {
      await setCloud(admin, false);
    }
  });
});

describe('cloud speech needs two yeses', () => {
  it("is allowed only with the institution's flag and the member's live consent", async () => {
    const admin = await staffToken(t, 'admin.lembaga@epot.local');
    const m = await institutionMember();
    const id = await newOrder(m);
    // Off by default: not offered, and a consent sent anyway is not recorded.
    expect((await consent(m, id, { biometric_version: 'b-1', cloud_speech_version: 'c-1' })).json().data).toMatchObject({ cloud_speech_offered: false, cloud_speech: false });
    expect((await ledger(m)).consents.some((c) => c.kind === 'cloud_speech')).toBe(false);
    expect((await start(m, id)).statusCode).toBe(200);
    expect(await cloudAllowed(m, id)).toBe(false);

    // Proctors read the settings but cannot turn it on; the admin can, and it is audited.
    expect((await setCloud(await proctorToken(t, t.seed!.institutionId), true)).code).toBe(403);
    const on = await setCloud(admin, true);
    expect(on.code).toBe(200);
    expect(on.body.data).toMatchObject({ cloud_speech: true });
    const [entry] = await auditOf(t, 'institution.settings');
    expect(entry).toMatchObject({ before: { cloud_speech: false }, after: { cloud_speech: true } });
    // One yes (the institution's) is not enough.
    expect(await cloudAllowed(m, id)).toBe(false);
    expect((await api(m, 'GET', `/users/v1/member/order/consent/${id}`)).json().data).toMatchObject({ cloud_speech_offered: true, cloud_speech: false });

    const next = await newOrder(m);
    expect((await consent(m, next, { biometric_version: 'b-1', cloud_speech_version: 'c-1' })).json().data).toMatchObject({ cloud_speech_offered: true, cloud_speech: true });
    expect(await cloudAllowed(m, id)).toBe(true);
    // Withdrawn: back to the device at the next section start.
    await withdraw(m, 'cloud_speech');
    expect(await cloudAllowed(m, id)).toBe(false);
    // Consent again, then the institution turns it off: off again.
    await consent(m, next, { biometric_version: 'b-1', cloud_speech_version: 'c-1' });
    expect(await cloudAllowed(m, id)).toBe(true);
    expect((await setCloud(admin, false)).code).toBe(200);
    expect(await cloudAllowed(m, id)).toBe(false);
    // A PUT without the field keeps the flag as it is (the console before issue 19 sends none).
    await setCloud(admin, true);
    expect((await staffCall(t, { method: 'PUT', url: `/institutions/${t.seed!.institutionId}/settings`, token: admin, payload: { active_camera: true, setting: RULES } })).body.data).toMatchObject({ cloud_speech: true });
    await setCloud(admin, false);
  });
});
