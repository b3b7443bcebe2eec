// The operator's console API: only operators (institution admins and proctors get 403), validation,
// and an audit entry (before → after) for every kind of change: companies, institutions, the
// announcement and its uploaded images, maintenance, certificates and shipments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, OPERATOR_MESSAGES } from '../../../../contracts/facts/index.ts';
import { certificates } from '../../../db/schema/index.ts';
import { issueCertificate } from '../../../services/certificates/certificates.ts';
import { ensureShipment } from '../../../services/certificates/shipments.ts';
import { SHELL_ACTOR } from '../../../services/staff/audit.ts';
import { createStaff } from '../../../services/staff/staff-accounts.ts';
import { completedOrder } from '../../../../tests/server-helpers/certificates.ts';
import { bearer, createMember } from '../../../../tests/server-helpers/members.ts';
import { auditAs, staffJson, staffToken } from '../../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../../tests/server-helpers/test-app.ts';
import { jpegBytes, multipartBody, pngBytes } from '../../../../tests/server-helpers/uploads.ts';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T15:00:00Z' });
  op = await staffToken(t, 'operator@epot.local');
});
afterAll(async () => { await t?.cleanup(); });

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token = op) => staffJson(t, token, method, path, payload);

async function uploadImage(companyId: string, data: Buffer, token = op, kind: 'announcement' | 'maintenance' = 'announcement') {
  const { payload, contentType } = multipartBody({}, [{ filename: 'promo.png', data, contentType: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST', url: `/api/admin/v1/companies/${companyId}/${kind}/images`, payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  return { code: res.statusCode, body: res.json() };
}

describe('roles', () => {
  it('answers 403 to the institution admin and to a proctor on every operator route', async () => {
    await createStaff(t.db, { email: 'pengawas.op@epot.local', role: 'proctor', institutionId: null, password: 'Pengawas-Rahasia-1' }, SHELL_ACTOR, t.clock.now());
    const tokens = [await staffToken(t, 'admin.lembaga@epot.local'), await staffToken(t, 'pengawas.op@epot.local', 'Pengawas-Rahasia-1')];
    const c = t.seed!.companyId;
    const probes: [ 'GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/companies'], ['POST', '/companies', { name: 'X' }], ['PUT', `/companies/${c}`, { name: 'X' }],
      ['PUT', `/companies/${c}/maintenance`, { maintenance: true }], ['PUT', `/companies/${c}/announcement`, { is_active: false, images: [] }],
      ['GET', '/institutions'], ['POST', '/institutions', { company_id: c, name: 'X' }], ['PUT', `/institutions/${t.seed!.institutionId}`, { name: 'X' }],
      ['GET', '/exams'], ['PUT', `/exams/${c}/status`, { status: 'archived' }],
      ['GET', '/certificates?q=EPOT'], ['POST', '/certificates/EPOT-X/revoke', { reason: 'x' }], ['POST', '/certificates/reissue', { order_no: 'X', name: 'X' }],
      ['GET', '/shipments/X'], ['PUT', '/shipments/X', { status: 'delivered' }],
    ];
    for (const token of tokens) {
      for (const [method, path, body] of probes) {
        const r = await call(method, path, body, token);
        expect([method, path, r.code, r.body.message]).toEqual([method, path, 403, STAFF_MESSAGES.forbidden]);
      }
      expect((await uploadImage(c, pngBytes(), token)).code).toBe(403);
      expect((await uploadImage(c, pngBytes(), token, 'maintenance')).code).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/v1/companies' })).statusCode).toBe(401);
  });
});

describe('companies and institutions', () => {
  it('creates and renames a company, audited, and refuses an empty name', async () => {
    expect((await call('POST', '/companies', { name: '   ' })).code).toBe(400);
    const created = await call('POST', '/companies', { name: 'PT Contoh Baru' });
    expect(created).toMatchObject({ code: 200, body: { message: OPERATOR_MESSAGES.companyCreated, data: { name: 'PT Contoh Baru', maintenance: false, institution_count: 0 } } });
    const id = created.body.data.id as string;
    const renamed = await call('PUT', `/companies/${id}`, { name: 'PT Contoh Lama' });
    expect(renamed.body.data.name).toBe('PT Contoh Lama');
    expect((await call('PUT', `/companies/${crypto.randomUUID()}`, { name: 'X' })).code).toBe(404);
    const list = (await call('GET', '/companies')).body.data.list as { id: string; name: string }[];
    expect(list.map((c) => c.name)).toContain('PT Contoh Lama');
    const [create] = await auditAs(t, op, 'company.create');
    expect(create).toMatchObject({ role: 'operator', target_id: id, after: { name: 'PT Contoh Baru' } });
    const [rename] = await auditAs(t, op, 'company.rename');
    expect(rename).toMatchObject({ target_id: id, before: { name: 'PT Contoh Baru' }, after: { name: 'PT Contoh Lama' } });
    expect(rename!.ip).toBeTruthy();
  });

  it('creates an institution with default rules, renames it, and its settings route works for the operator', async () => {
    const c = t.seed!.companyId;
    expect((await call('POST', '/institutions', { company_id: crypto.randomUUID(), name: 'Nowhere' })).code).toBe(404);
    expect((await call('POST', '/institutions', { company_id: 'not-a-uuid', name: 'X' })).code).toBe(400);
    const created = await call('POST', '/institutions', { company_id: c, name: 'Universitas Operator', active_camera: false });
    expect(created.body.data).toMatchObject({ company_id: c, active_camera: false, setting: { failed: { new_tab: true, face: false } } });
    const id = created.body.data.id as string;
    expect((await call('PUT', `/institutions/${id}`, { name: 'Universitas Operator Baru' })).body.data.name).toBe('Universitas Operator Baru');
    const listed = (await call('GET', `/institutions?company_id=${c}`)).body.data.list as { id: string }[];
    expect(listed.map((i) => i.id)).toContain(id);
    const settings = await call('PUT', `/institutions/${id}/settings`, { active_camera: true, setting: created.body.data.setting });
    expect(settings.code).toBe(200);
    expect((await auditAs(t, op, 'institution.create'))[0]).toMatchObject({ target_id: id, after: { name: 'Universitas Operator', active_camera: false } });
    expect((await auditAs(t, op, 'institution.rename'))[0]).toMatchObject({ target_id: id, before: { name: 'Universitas Operator' }, after: { name: 'Universitas Operator Baru' } });
  });
});

describe('announcement and maintenance', () => {
  it('uploads an image, serves it publicly, puts it in the announcement the member sees', async () => {
    const c = t.seed!.companyId;
    const png = pngBytes(300);
    const up = await uploadImage(c, png);
    expect(up).toMatchObject({ code: 200, body: { message: OPERATOR_MESSAGES.imageUploaded } });
    const url = up.body.data.url as string;
    expect(url).toBe(`/api/public/v1/announcement-image/${up.body.data.id}`);
    const file = await t.app.inject({ method: 'GET', url });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/v1/announcement-image/${crypto.randomUUID()}` })).statusCode).toBe(404);

    const saved = await call('PUT', `/companies/${c}/announcement`, { is_active: true, images: [url, '/images/promo.png'] });
    expect(saved.body.data.announcement).toEqual({ is_active: true, images: [url, '/images/promo.png'] });
    const { user } = await createMember(t.db, { company_id: c });
    const detail = await t.app.inject({ method: 'GET', url: `/api/company/v1/get/company/${c}`, headers: { authorization: await bearer(t.app, user) } });
    expect(detail.json().data.settings.announcement).toEqual({ is_active: true, images: [{ url }, { url: '/images/promo.png' }] });
    const [entry] = await auditAs(t, op, 'company.announcement');
    expect(entry).toMatchObject({ before: { is_active: false, images: [] }, after: { announcement: { is_active: true } } });
    expect((await auditAs(t, op, 'company.announcement_image'))[0]).toMatchObject({ target_id: c, after: { mime: 'image/png', byte_size: 300 } });
  });

  it('refuses other files, oversized images and URLs that are not site-relative', async () => {
    const c = t.seed!.companyId;
    const gif = Buffer.from('GIF89a' + 'x'.repeat(40));
    expect(await uploadImage(c, gif)).toMatchObject({ code: 400, body: { message: OPERATOR_MESSAGES.imageType } });
    expect((await uploadImage(c, jpegBytes(3 * 1024 * 1024))).code).toBe(413);
    // Issue 29 item 15: two files answer 400 (one file expected), not 413.
    const two = multipartBody({}, [{ filename: 'a.png', data: pngBytes(), contentType: 'image/png' }, { filename: 'b.png', data: pngBytes(), contentType: 'image/png' }]);
    const twoRes = await t.app.inject({ method: 'POST', url: `/api/admin/v1/companies/${c}/announcement/images`, payload: two.payload, headers: { 'content-type': two.contentType, authorization: `Bearer ${op}` } });
    expect([twoRes.statusCode, twoRes.json<{ message: string }>().message]).toEqual([400, OPERATOR_MESSAGES.oneFile]);
    expect((await uploadImage(crypto.randomUUID(), pngBytes())).code).toBe(404);
    for (const bad of ['https://cdn.example.com/a.png', '//cdn.example.com/a.png', 'javascript:alert(1)', '/a b.png']) {
      expect((await call('PUT', `/companies/${c}/announcement`, { is_active: true, images: [bad] })).code).toBe(400);
    }
  });

  it('turns maintenance on and off, audited', async () => {
    const c = t.seed!.companyId;
    expect((await call('PUT', `/companies/${c}/maintenance`, { maintenance: true })).body).toMatchObject({ message: OPERATOR_MESSAGES.maintenanceOn, data: { maintenance: true } });
    expect((await call('PUT', `/companies/${c}/maintenance`, { maintenance: 'yes' })).code).toBe(400);
    expect((await call('PUT', `/companies/${c}/maintenance`, { maintenance: false })).body.data.maintenance).toBe(false);
    const [off, on] = await auditAs(t, op, 'company.maintenance');
    expect(on).toMatchObject({ before: { maintenance: false }, after: { maintenance: true } });
    expect(off).toMatchObject({ before: { maintenance: true }, after: { maintenance: false } });
  });

  it('uploads maintenance images (served publicly, only as such) that the member sees while maintenance is on', async () => {
    const c = t.seed!.companyId;
    const jpeg = jpegBytes(500);
    const up = await uploadImage(c, jpeg, op, 'maintenance');
    expect(up).toMatchObject({ code: 200, body: { message: OPERATOR_MESSAGES.imageUploaded } });
    const url = up.body.data.url as string;
    expect(url).toBe(`/api/public/v1/maintenance-image/${up.body.data.id}`);
    const file = await t.app.inject({ method: 'GET', url });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(file.rawPayload.equals(jpeg)).toBe(true);
    // Each public route serves its own kind only.
    expect((await t.app.inject({ method: 'GET', url: `/api/public/v1/announcement-image/${up.body.data.id}` })).statusCode).toBe(404);
    expect((await uploadImage(c, Buffer.from('GIF89a' + 'x'.repeat(40)), op, 'maintenance')).code).toBe(400);
    expect((await uploadImage(c, jpegBytes(3 * 1024 * 1024), op, 'maintenance')).code).toBe(413);
    expect((await call('PUT', `/companies/${c}/maintenance`, { maintenance: true, images: ['https://cdn.example.com/a.png'] })).code).toBe(400);

    const on = await call('PUT', `/companies/${c}/maintenance`, { maintenance: true, images: [url] });
    expect(on.body.data).toMatchObject({ maintenance: true, maintenance_images: [url] });
    const { user } = await createMember(t.db, { company_id: c });
    const detail = async () => (await t.app.inject({ method: 'GET', url: `/api/company/v1/get/company/${c}`, headers: { authorization: await bearer(t.app, user) } })).json().data;
    expect(await detail()).toMatchObject({ maintenance: true, settings: { maintenance: { images: [{ url }] } } });
    // Turning it off without `images` keeps the pictures for the next time.
    expect((await call('PUT', `/companies/${c}/maintenance`, { maintenance: false })).body.data).toMatchObject({ maintenance: false, maintenance_images: [url] });
    expect(await detail()).toMatchObject({ maintenance: false, settings: { maintenance: { images: [{ url }] } } });
    const [, entry] = await auditAs(t, op, 'company.maintenance');
    expect(entry).toMatchObject({ before: { maintenance: false, images: [] }, after: { maintenance: true, images: [url] } });
    expect((await auditAs(t, op, 'company.maintenance_image'))[0]).toMatchObject({ target_id: c, after: { mime: 'image/jpeg', byte_size: 500 } });
  });
});

describe('certificates and shipments', () => {
  async function certified() {
    const { user } = await createMember(t.db, { company_id: t.seed!.companyId, fullname: 'Budi Santosa' });
    const o = await completedOrder(t.db, user.id, { completedAt: t.clock.now() });
    const cert = await issueCertificate({ db: t.db, store: t.app.blobs, clock: t.clock }, o.orderId, 'https://epot.example');
    await ensureShipment(t.db, o.orderId, t.clock.now());
    return { ...o, number: cert!.number };
  }

  it('finds, revokes (once) and reissues a certificate, audited', async () => {
    const o = await certified();
    const found = await call('GET', `/certificates?q=${o.orderNo}`);
    expect(found.body.data.list).toMatchObject([{ number: o.number, order_no: o.orderNo, status: 'valid' }]);
    expect((await call('POST', `/certificates/${o.number}/revoke`, { reason: '' })).code).toBe(400);
    const revoked = await call('POST', `/certificates/${o.number}/revoke`, { reason: 'Kecurangan terbukti' });
    expect(revoked.body).toMatchObject({ message: OPERATOR_MESSAGES.certificateRevoked, data: { changed: true, certificate: { status: 'revoked', revoked_reason: 'Kecurangan terbukti' } } });
    expect((await call('POST', `/certificates/${o.number}/revoke`, { reason: 'lagi' })).body.data.changed).toBe(false);
    expect((await call('POST', '/certificates/EPOT-TIDAKADA0000/revoke', { reason: 'x' })).code).toBe(404);
    expect((await auditAs(t, op, 'certificate.revoke'))[0]).toMatchObject({ target_id: o.number, before: { status: 'valid' }, after: { status: 'revoked' } });

    const reissued = await call('POST', '/certificates/reissue', { order_no: o.orderNo, name: 'Budi Santoso' });
    expect(reissued.body).toMatchObject({ message: OPERATOR_MESSAGES.certificateReissued, data: { replaced_number: o.number, certificate: { name: 'Budi Santoso', status: 'valid' } } });
    expect((await t.db.select().from(certificates)).filter((c) => c.order_id === o.orderId)).toHaveLength(2);
    expect((await auditAs(t, op, 'certificate.reissue'))[0]).toMatchObject({ before: { number: o.number, name: 'Budi Santosa' }, after: { name: 'Budi Santoso' } });
    expect((await call('POST', '/certificates/reissue', { order_no: 'EPOT-NOPE', name: 'X' })).code).toBe(404);
  });

  it('updates a shipment (history appended), audited, and validates the status', async () => {
    const o = await certified();
    const before = await call('GET', `/shipments/${o.orderNo}`);
    expect(before.body.data).toMatchObject({ order_no: o.orderNo, status: 'scheduled' });
    expect((await call('PUT', `/shipments/${o.orderNo}`, { status: 'lost' })).code).toBe(400);
    const r = await call('PUT', `/shipments/${o.orderNo}`, { status: 'in_transit', waybill: 'JNE123', courier_company: 'JNE', note: 'Dikirim' });
    expect(r.body).toMatchObject({ message: OPERATOR_MESSAGES.shipmentSaved, data: { status: 'in_transit', waybill_id: 'JNE123', courier_company: 'JNE' } });
    expect(r.body.data.history.at(-1)).toMatchObject({ status: 'in_transit', note: 'Dikirim' });
    expect((await call('PUT', '/shipments/EPOT-NOPE', { status: 'delivered' })).code).toBe(404);
    expect((await auditAs(t, op, 'shipment.update'))[0]).toMatchObject({
      target_id: o.orderNo, before: { status: 'scheduled', waybill_id: null }, after: { status: 'in_transit', waybill_id: 'JNE123', courier_company: 'JNE' },
    });
  });
});
