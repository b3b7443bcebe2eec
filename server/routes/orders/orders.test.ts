import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, consents, institutions, users } from '../../db/schema/index.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { PRIVACY_MESSAGES } from '../../../contracts/facts/index.ts';

let t: TestApp;
const meta = { job: 'Lainnya: Wiraswasta', certificate_for: 'Melamar CPNS' };
const json = (res: { json: () => unknown }) => res.json() as { status: number; message: string; data: Record<string, unknown> };

async function memberHeaders(email: string) {
  const [u] = await t.db.select().from(users).where(eq(users.email, email));
  return { authorization: await bearer(t.app, u!) };
}

beforeAll(async () => { t = await buildTestApp({ seed: true }); });
afterAll(async () => { await t?.cleanup(); });

describe('licence redemption over HTTP', () => {
  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/v1/member/order/list' });
    expect(res.statusCode).toBe(401);
  });

  it('redeems with the survey and lists the order', async () => {
    const headers = await memberHeaders('demo@epot.local');
    const res = await t.app.inject({ method: 'POST', url: '/api/users/v1/member/order/create/', headers,
      payload: { license: t.seed!.individualCodes[0], meta } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 200, message: 'Kode Lisensi berhasil di redeem', data: { status: 'not_started', meta } });
    const list = json(await t.app.inject({ method: 'GET', url: '/api/users/v1/member/order/list', headers }));
    expect(list.data).toMatchObject({ limit: 20, page: 1, total: 1 });
    const [item] = list.data.list as { order_no: string; license_hint: string; license: string }[];
    expect(item!.order_no).toMatch(/^EPOT-\d{8}-/);
    expect(item!.license_hint).toBe(t.seed!.individualCodes[0]!.slice(-4));
    // The plain code never comes back.
    expect(JSON.stringify(list)).not.toContain(t.seed!.individualCodes[0]);
  });

  it('names the missing field', async () => {
    const headers = await memberHeaders('demo@epot.local');
    const res = await t.app.inject({ method: 'POST', url: '/api/users/v1/member/order/create/', headers,
      payload: { license: '', meta: { job: '', certificate_for: 'x' } } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/Kode lisensi tidak boleh kosong|Pekerjaan Tidak Boleh Kosong/);
  });

  it('stores exactly one order for 50 concurrent redeems of one code', async () => {
    const headers = await memberHeaders('demo@epot.local');
    const code = t.seed!.individualCodes[1];
    const results = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({
      method: 'POST', url: '/api/users/v1/member/order/create/', headers, payload: { license: code, meta },
    })));
    const codes = results.map((r) => r.statusCode);
    // One wins; the rest are told the code is used, or are throttled (each attempt counts).
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200 && c !== 400 && c !== 429)).toEqual([]);
    expect(json(results.find((r) => r.statusCode === 400)!).message).toBe('Kode lisensi sudah digunakan');
    const list = json(await t.app.inject({ method: 'GET', url: '/api/users/v1/member/order/list', headers }));
    expect(list.data.total).toBe(2);
  });

  it('throttles guessing per member with 429 and Retry-After', async () => {
    const { user } = await createMember(t.db, { company_id: t.seed!.companyId });
    const headers = { authorization: await bearer(t.app, user) };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/v1/member/order/create/', headers,
        payload: { license: 'ZZZZ-ZZZZ-ZZZZ', meta } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('ownership', () => {
  it("hides another member's order, institution and company", async () => {
    const owner = await memberHeaders('anggota1@epot.local');
    const other = await memberHeaders('anggota2@epot.local');
    const created = json(await t.app.inject({ method: 'POST', url: '/api/users/v1/member/order/create/', headers: owner,
      payload: { license: t.seed!.institutionCodes[0], meta } }));
    const orderId = created.data.id as string;
    for (const req of [
      { method: 'POST' as const, url: `/api/users/v1/member/order/consent/${orderId}`, payload: { rules_version: '2026-11-01', accepted: true } },
      { method: 'PUT' as const, url: `/api/users/v1/member/order/update/setting/${created.data.license as string}`, payload: { use_face_detection: true, use_speech_detection: true } },
      { method: 'PUT' as const, url: `/api/users/v1/member/order/update-start-test/${orderId}`, payload: {} },
    ]) {
      expect((await t.app.inject({ ...req, headers: other })).statusCode).toBe(404);
    }
    const [otherCompany] = await t.db.insert(companies).values({ name: 'Lain', settings: { announcement: { is_active: false, images: [] } } }).returning();
    const [otherInst] = await t.db.insert(institutions).values({ company_id: otherCompany!.id, name: 'Lain',
      settings: { identification: { face: true, voice: true, new_tab: true }, failed: { face: true, voice: true, new_tab: true } } }).returning();
    expect((await t.app.inject({ method: 'GET', url: `/api/institusion/v1/get/institusion/detail/${otherInst!.id}`, headers: owner })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/company/v1/get/company/${otherCompany!.id}`, headers: owner })).statusCode).toBe(404);
    const individual = await memberHeaders('demo@epot.local');
    expect((await t.app.inject({ method: 'GET', url: `/api/institusion/v1/get/institusion/detail/${t.seed!.institutionId}`, headers: individual })).statusCode).toBe(404);
  });

  it('serves the own institution rules and company announcement in the spec shape', async () => {
    const headers = await memberHeaders('anggota1@epot.local');
    const inst = json(await t.app.inject({ method: 'GET', url: `/api/institusion/v1/get/institusion/detail/${t.seed!.institutionId}`, headers }));
    expect(inst.data).toMatchObject({ active_camera: true, setting: { identification: { face: true, voice: true, new_tab: true }, failed: { new_tab: true } } });
    await t.db.update(companies).set({ settings: { announcement: { is_active: true, images: ['/img/a.png'] } } });
    const company = json(await t.app.inject({ method: 'GET', url: `/api/company/v1/get/company/${t.seed!.companyId}`, headers }));
    expect(company.data).toMatchObject({ maintenance: false, settings: { announcement: { is_active: true, images: [{ url: '/img/a.png' }] } } });
  });
});

describe('preparation and start', () => {
  it('records consent with the checks in force before the start, and settings', async () => {
    const headers = await memberHeaders('demo@epot.local');
    const list = json(await t.app.inject({ method: 'GET', url: '/api/users/v1/member/order/list', headers }));
    const order = (list.data.list as { id: string; license: string }[])[0]!;
    const early = await t.app.inject({ method: 'PUT', url: `/api/users/v1/member/order/update-start-test/${order.id}`, headers, payload: {} });
    expect(early.statusCode).toBe(400);
    const consent = json(await t.app.inject({ method: 'POST', url: `/api/users/v1/member/order/consent/${order.id}`, headers,
      payload: { rules_version: '2026-11-01', accepted: true } }));
    expect(consent.data).toMatchObject({ rules_version: '2026-11-01', checks: { face: true, voice: true, new_tab: true, camera: true, photos: true } });
    const [row] = await t.db.select().from(consents).where(eq(consents.order_id, order.id));
    expect(row!.user_agent).toBeTruthy();
    const settings = json(await t.app.inject({ method: 'PUT', url: `/api/users/v1/member/order/update/setting/${order.license}`, headers,
      payload: { use_face_detection: true, use_speech_detection: false } }));
    expect(settings.data).toEqual({ settings: { use_face_detection: true, use_speech_detection: false } });
    const report = json(await t.app.inject({ method: 'POST', url: `/api/users/v1/member/order/device-report/${order.id}`, headers,
      payload: { device: 'microphone', problem: 'Tidak ada suara terdeteksi' } }));
    expect(report.data.reports).toHaveLength(1);
    // The camera needs its own consent (issue 19): the rules alone do not start the test.
    const noBiometric = await t.app.inject({ method: 'PUT', url: `/api/users/v1/member/order/update-start-test/${order.id}`, headers, payload: {} });
    expect(noBiometric.statusCode).toBe(400);
    expect(noBiometric.json().message).toBe(PRIVACY_MESSAGES.biometricRequired);
    const state = json(await t.app.inject({ method: 'GET', url: `/api/users/v1/member/order/consent/${order.id}`, headers }));
    expect(state.data).toEqual({ biometric_required: true, biometric: false, cloud_speech_offered: false, cloud_speech: false });
    const both = json(await t.app.inject({ method: 'POST', url: `/api/users/v1/member/order/consent/${order.id}`, headers,
      payload: { rules_version: '2026-11-01', accepted: true, biometric_version: 'b-1', cloud_speech_version: 'c-1' } }));
    // Individuals have no institution to allow cloud speech: that consent is not even recorded.
    expect(both.data).toMatchObject({ biometric_required: true, biometric: true, cloud_speech_offered: false, cloud_speech: false });
    const kinds = (await t.db.select().from(consents).where(eq(consents.order_id, order.id))).map((c) => `${c.kind}:${c.rules_version}`).sort();
    expect(kinds).toEqual(['biometric:b-1', 'terms:2026-11-01', 'terms:2026-11-01']);
    const started = json(await t.app.inject({ method: 'PUT', url: `/api/users/v1/member/order/update-start-test/${order.id}`, headers, payload: {} }));
    expect(started.data).toMatchObject({ status: 'in_progress' });
  });
});
