// Certificates over HTTP: issuance when the demo exam completes (PDF text and QR code read back),
// idempotent issuance, the list's paging and sorting, institution members, public verification
// (valid / expired / revoked / unknown, rate limit), update-sertificate, shipping tracking and
// the courier webhook's signature and idempotency.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificateListResponse, PublicCertificate, ShippingTracking,
} from '../../../contracts/certificates.ts';
import type { OrderDetailFull } from '../../../contracts/exam-delivery.ts';
import { certificates, institutions, media, shipments } from '../../db/schema/index.ts';
import {
  issueCertificate, issueMissing, newCertificateNumber, normalizeCertificateNumber, revokeCertificate, validUntilFor,
} from '../../services/certificates/certificates.ts';
import { sweepOverdueSections } from '../../services/exam/attempts.ts';
import { createDiskStore } from '../../services/media/disk-store.ts';
import { completedOrder } from '../../../tests/server-helpers/certificates.ts';
import { answerPattern, call, getSection, keysFor, orderFor, sectionPhotos, startedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { pdfInfo, pdfQrText, pdfText } from '../../../tests/server-helpers/pdf.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { signCourierBody } from '../../services/certificates/courier-signature.ts';
import { VERIFY_PER_MINUTE } from './index.ts';
import { wibCalendarDate } from '../../services/certificates/certificate-pdf.ts';
import { SECTION_NAMES } from '../../../contracts/facts/index.ts';
import { JWKS_PATH, verifyCredential, verifyUrlFor, type Jwks } from '../../../contracts/credential.ts';

const SECRET = 'kurir-rahasia-0123456789';
const LIST = '/users/v1/member/order/list-sertificate';
const VERIFY = (n: string) => `/public/v1/certificate/${n}`;
const WEBHOOK = '/api/webhooks/v1/courier';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ seed: true, seedExam: true, env: { COURIER_WEBHOOK_SECRET: SECRET } }); });
afterAll(async () => { await t?.cleanup(); });

const deps = () => ({ db: t.db, store: createDiskStore(t.config.dataDir), clock: t.clock });

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const { user } = await createMember(t.db, { company_id: t.seed!.companyId, ...overrides });
  return { user, headers: { authorization: await bearer(t.app, user) } };
}

/** A fresh IP per test for the per-IP limiter (the app trusts X-Forwarded-For from loopback). */
let ipCounter = 0;
const ip = () => ({ 'x-forwarded-for': `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

async function download(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

describe('issuer keys (issue 28)', () => {
  it('publishes the public signing keys at /.well-known/jwks.json, never a private part', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ keys: { kid: string; kty: string; crv: string; alg: string; status: string; d?: string }[] }>();
    expect(body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', status: 'active' });
    expect(body.keys.every((k) => k.d === undefined)).toBe(true);
    // Stable across requests (generated once, stored).
    expect((await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json()).toEqual(body);
  });
});

describe('issuance on completion', () => {
  it('issues a certificate when the last section is submitted: PDF with name, scores and level, QR to the verification page', async () => {
    const o = await startedOrder(t);
    const raw = { listening: 30, structure: 28, reading: 43 };
    for (const section of SECTION_NAMES) {
      const detail = (await getSection(t, o, section)).body.data;
      const answer = answerPattern(detail, await keysFor(t, detail), raw[section]);
      const images = await sectionPhotos(t, o);
      // A forged Host and X-Forwarded-Host (the app trusts forwarding headers from loopback) choose nothing.
      const headers = { ...o.headers, host: 'epot-verify.example', 'x-forwarded-host': 'epot-verify.example', 'x-forwarded-proto': 'https' };
      const sent = await call(t, { method: 'POST', url: '/users/v1/member/order/answer/', headers, payload: { id: o.orderId, section, images, answer } });
      expect(sent.code).toBe(200);
    }
    // Issued by the submission itself, before anyone asks for it.
    const [cert] = await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId));
    expect(cert).toMatchObject({ status: 'valid', name_on_certificate: 'Peserta Uji', superseded_by: null });
    expect(cert!.number).toMatch(/^EPOT-[2-9A-HJ-NP-Z]{12}$/);
    // No PUBLIC_URL in tests: the server's own (configured) listen address, never the request's Host.
    expect(cert!.verify_url).toBe(`http://localhost:${t.config.port}/verify/${cert!.number}`);

    const list = await call<CertificateListResponse['data']>(t, { method: 'GET', url: LIST, headers: o.headers });
    expect(list.code).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 10 });
    const item = list.body.data.list[0]!;
    expect(item).toMatchObject({ order_id: o.orderId, score: 537, level: 'Advanced', sertificate: { id: cert!.id, number: cert!.number, status: 'valid' } });
    expect(item.shipping).toMatchObject({ order_id: o.orderId, waybill_id: null, status: 'scheduled' });

    // The spec's way to the PDF: media detail -> public_url.
    const detail = await call<{ public_url: string; source: string; type: string }>(t, { method: 'GET', url: `/storage/v1/media/user/detail/${cert!.media_id}`, headers: o.headers });
    expect(detail.body.data).toMatchObject({ source: 'certificate', type: 'pdf' });
    const pdf = await download(detail.body.data.public_url);
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: 841.89, height: 595.28 });
    const text = await pdfText(pdf);
    for (const s of ['Peserta Uji', '12 April 1995', cert!.number, '30 / 51', '28 / 52', '43 / 58', '101 of 140', '537', 'Advanced', 'B1']) {
      expect(text).toContain(s);
    }
    expect(text).toMatch(/Valid until: \d{1,2} \w+ \d{4}/);
    // Issue 28: the QR code carries the signed credential in the fragment; it verifies against our JWKS.
    expect(cert!.credential).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await pdfQrText(pdf)).toBe(verifyUrlFor(`http://localhost:${t.config.port}`, cert!.number, cert!.credential));
    const jwks = (await t.app.inject({ method: 'GET', url: JWKS_PATH })).json<Jwks>();
    const check = await verifyCredential(cert!.credential!, jwks);
    expect(check).toMatchObject({ valid: true, key_status: 'active', facts: {
      number: cert!.number, name: 'Peserta Uji', scores: { listening: 51, structure: 52, reading: 58 }, total: 537, level: 'Advanced', cefr: 'B1',
      valid_until: wibCalendarDate(cert!.valid_until), status_index: cert!.status_index,
    } });
    expect(item.sertificate?.credential).toBe(cert!.credential);

    const verified = await call<PublicCertificate>(t, { method: 'GET', url: VERIFY(cert!.number), headers: ip() });
    expect(verified.code).toBe(200);
    expect(verified.body.data).toEqual({
      number: cert!.number, name: 'Peserta Uji', test_date: expect.any(String) as string,
      scores: { listening: 51, structure: 52, reading: 58 }, total: 537, level: 'Advanced', cefr: 'B1',
      valid_until: cert!.valid_until.toISOString(), status: 'valid', revoked_reason: null, credential: cert!.credential,
    });
    // Nothing more personal than the name.
    expect(JSON.stringify(verified.body)).not.toMatch(/@|1995|Bandung|0812/);

    const full = await call<OrderDetailFull>(t, { method: 'GET', url: `/users/v1/member/order/detail-full/${o.orderId}`, headers: o.headers });
    expect(full.body.data.sertificate).toMatchObject({ id: cert!.id, number: cert!.number, status: 'valid' });
  });

  it('issues once however often and concurrently it is asked', async () => {
    const m = await member();
    const { orderId } = await completedOrder(t.db, m.user.id, { completedAt: t.clock.now() });
    const before = (await readdir(join(t.config.dataDir, 'media')).catch(() => [])).filter((f) => f.endsWith('.pdf')).length;
    const rows = await Promise.all([1, 2, 3, 4].map(() => issueCertificate(deps(), orderId, 'https://epot.example.id')));
    expect(new Set(rows.map((r) => r!.id)).size).toBe(1);
    expect(await t.db.select().from(certificates).where(eq(certificates.order_id, orderId))).toHaveLength(1);
    expect(await t.db.select().from(shipments).where(eq(shipments.order_id, orderId))).toHaveLength(1);
    const pdfs = await t.db.select().from(media).where(and(eq(media.owner_user_id, m.user.id), eq(media.source, 'certificate')));
    expect(pdfs).toHaveLength(1);
    // The losers removed their files again.
    expect((await readdir(join(t.config.dataDir, 'media'))).filter((f) => f.endsWith('.pdf')).length).toBe(before + 1);
    expect(rows[0]!.verify_url).toBe(`https://epot.example.id/verify/${rows[0]!.number}`);
  });

  it('issues for orders the sweeper completed (the catch-up job, with PUBLIC_URL as origin)', async () => {
    // An institution that proctors nothing (issue 27: where photos or monitoring are required, a
    // swept attempt without them waits for a reviewer instead; routes/proctoring/evidence.test.ts).
    const [inst] = await t.db.insert(institutions).values({
      company_id: t.seed!.companyId, name: 'Lembaga Tanpa Pengawasan', active_camera: false,
      settings: { identification: { face: false, voice: false, new_tab: false }, failed: { face: false, voice: false, new_tab: false } },
    }).returning();
    const { user } = await createMember(t.db, { company_id: t.seed!.companyId, is_b2b: true, institution_id: inst!.id });
    const o = await orderFor(t, user, 'in_progress', inst!.id);
    for (const [i, section] of SECTION_NAMES.entries()) {
      expect((await getSection(t, o, section)).code).toBe(200);
      expect(await sweepOverdueSections(t.db, new Date(t.clock.now().getTime() + (i + 1) * 86_400_000))).toBeGreaterThanOrEqual(1);
    }
    expect(await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId))).toHaveLength(0);
    expect(await issueMissing(deps(), 'https://epot.example.id')).toBeGreaterThanOrEqual(1);
    const [cert] = await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId));
    expect(cert!.verify_url).toBe(`https://epot.example.id/verify/${cert!.number}`);
    // An institution's member gets no printed certificate.
    expect(await t.db.select().from(shipments).where(eq(shipments.order_id, o.orderId))).toHaveLength(0);
  });

  it('issues nothing for an order that is not completed', async () => {
    const o = await startedOrder(t);
    expect(await issueCertificate(deps(), o.orderId, 'https://epot.example.id')).toBeNull();
  });
});

describe('certificate numbers', () => {
  it('are unique, well formed and not sequential', async () => {
    const numbers = Array.from({ length: 4000 }, newCertificateNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^EPOT-[2-9A-HJ-NP-Z]{12}$/);
    // Every character of the alphabet about equally often (CSPRNG, unbiased): 48,000 draws, ~1,500 each.
    const counts = new Map<string, number>();
    for (const n of numbers) for (const c of n.slice(5)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    for (const c of counts.values()) expect(c).toBeGreaterThan(1_250);
    // Issued one after another: no two neighbours are close as base-32 numbers.
    const m = await member();
    const issued: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { orderId } = await completedOrder(t.db, m.user.id, { completedAt: t.clock.now() });
      issued.push((await issueCertificate(deps(), orderId, 'https://epot.example.id'))!.number);
    }
    const value = (n: string) => [...n.slice(5)].reduce((v, c) => v * 32n + BigInt('23456789ABCDEFGHJKLMNPQRSTUVWXYZ'.indexOf(c)), 0n);
    for (let i = 1; i < issued.length; i++) {
      const d = value(issued[i]!) - value(issued[i - 1]!);
      expect(d < 0n ? -d : d).toBeGreaterThan(1_000_000n);
    }
  });

  it('are read forgivingly (case, spaces, missing dash) and anything else is not a number', () => {
    expect(normalizeCertificateNumber(' epot-abcd efgh jkmn ')).toBe('EPOT-ABCDEFGHJKMN');
    expect(normalizeCertificateNumber('EPOTABCDEFGHJKMN')).toBe('EPOT-ABCDEFGHJKMN');
    expect(normalizeCertificateNumber('EPOT-ABCDEFGHJKM0')).toBeNull();
    expect(normalizeCertificateNumber("' or 1=1 --")).toBeNull();
  });

  it('are valid one year from the test date', () => {
    expect(validUntilFor(new Date('2026-11-21T03:00:00Z')).toISOString()).toBe('2027-11-21T03:00:00.000Z');
  });
});

describe('list-sertificate', () => {
  it('pages 10 at a time, newest end of test first, or oldest first on request', async () => {
    const m = await member();
    // Within the last year of the app's clock, so every certificate is still valid.
    const base = t.clock.now().getTime() - 30 * 86_400_000;
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await completedOrder(t.db, m.user.id, { completedAt: new Date(base + i * 86_400_000) }));
    // A test that is not finished is not listed.
    await startedOrder(t);
    const byNewest = [...made].reverse().map((o) => o.orderNo);

    const first = await call<CertificateListResponse['data']>(t, { method: 'GET', url: LIST, headers: m.headers });
    expect(first.body.data).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(first.body.data.list.map((i) => i.order_no)).toEqual(byNewest.slice(0, 10));
    // Issued lazily for orders that had none (these were written straight into the database).
    expect(first.body.data.list.every((i) => i.sertificate?.status === 'valid' && i.shipping?.status === 'scheduled')).toBe(true);

    const second = await call<CertificateListResponse['data']>(t, { method: 'GET', url: `${LIST}?limit=10&page=2&sort_by=end_test&sort_type=desc`, headers: m.headers });
    expect(second.body.data.list.map((i) => i.order_no)).toEqual(byNewest.slice(10));

    const asc = await call<CertificateListResponse['data']>(t, { method: 'GET', url: `${LIST}?limit=5&page=3&sort_type=asc`, headers: m.headers });
    expect(asc.body.data).toMatchObject({ total: 12, page: 3, limit: 5 });
    expect(asc.body.data.list.map((i) => i.order_no)).toEqual(made.slice(10).map((o) => o.orderNo));

    const bad = await call(t, { method: 'GET', url: `${LIST}?sort_by=score`, headers: m.headers });
    expect(bad.code).toBe(400);
  });

  it('gives institution members nothing (403), and no shipment exists for their orders', async () => {
    const m = await member({ is_b2b: true, institution_id: t.seed!.institutionId });
    const { orderId } = await completedOrder(t.db, m.user.id, { institutionId: t.seed!.institutionId, completedAt: t.clock.now() });
    const res = await call(t, { method: 'GET', url: LIST, headers: m.headers });
    expect(res.code).toBe(403);
    expect(res.body.message).toBe('Menu Sertifikat tidak tersedia untuk peserta lembaga');
    // Their certificate still exists (detail-full), but nothing is printed and shipped.
    await issueCertificate(deps(), orderId, 'https://epot.example.id');
    expect(await t.db.select().from(shipments).where(eq(shipments.order_id, orderId))).toHaveLength(0);
    expect((await call(t, { method: 'GET', url: `/users/v1/member/order/shipping/tracking/${orderId}`, headers: m.headers })).code).toBe(404);
  });

  it('needs a login', async () => {
    expect((await call(t, { method: 'GET', url: LIST })).code).toBe(401);
  });
});

describe('public verification', () => {
  it('answers valid, expired and revoked, and a clear 404 for unknown numbers', async () => {
    const m = await member({ fullname: 'Dewi Lestari' });
    const { orderId } = await completedOrder(t.db, m.user.id, { completedAt: t.clock.now() });
    const cert = (await issueCertificate(deps(), orderId, 'https://epot.example.id'))!;
    const status = async (n: string) => (await call<PublicCertificate>(t, { method: 'GET', url: VERIFY(n), headers: ip() })).body.data.status;
    expect(await status(cert.number)).toBe('valid');
    expect(await status(cert.number.toLowerCase())).toBe('valid');

    await t.db.update(certificates).set({ valid_until: new Date(t.clock.now().getTime() - 1000) }).where(eq(certificates.id, cert.id));
    expect(await status(cert.number)).toBe('expired');

    await revokeCertificate(t.db, cert.number, 'Kecurangan terbukti', t.clock.now());
    expect(await status(cert.number)).toBe('revoked');

    for (const unknown of [newCertificateNumber(), 'not-a-number']) {
      const res = await call(t, { method: 'GET', url: VERIFY(unknown), headers: ip() });
      expect(res.code).toBe(404);
      expect(res.body.message).toBe('Sertifikat tidak ditemukan');
    }
  });

  it('is rate-limited per IP', async () => {
    const headers = ip();
    const number = newCertificateNumber();
    for (let i = 0; i < VERIFY_PER_MINUTE; i++) expect((await call(t, { method: 'GET', url: VERIFY(number), headers })).code).toBe(404);
    const limited = await call(t, { method: 'GET', url: VERIFY(number), headers });
    expect(limited.code).toBe(429);
    expect(limited.res.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await call(t, { method: 'GET', url: VERIFY(number), headers: ip() })).code).toBe(404);
  });
});

describe('update-sertificate', () => {
  it('confirms the own order and certificate (by id or media id), idempotently; anything else is 404', async () => {
    const m = await member();
    const other = await member();
    const { orderId } = await completedOrder(t.db, m.user.id, { completedAt: t.clock.now() });
    const otherOrder = await completedOrder(t.db, other.user.id, { completedAt: t.clock.now() });
    const cert = (await issueCertificate(deps(), orderId, 'https://epot.example.id'))!;
    const otherCert = (await issueCertificate(deps(), otherOrder.orderId, 'https://epot.example.id'))!;
    const put = (headers: { authorization: string }, order_id: string, sertificate_id: string) =>
      call<{ order_id: string; sertificate: { id: string } }>(t, { method: 'PUT', url: '/users/v1/member/order/update-sertificate', headers, payload: { order_id, sertificate_id } });
    for (const id of [cert.id, cert.media_id, cert.id]) {
      const res = await put(m.headers, orderId, id);
      expect(res.code).toBe(200);
      expect(res.body.data).toMatchObject({ order_id: orderId, sertificate: { id: cert.id } });
    }
    expect((await put(m.headers, orderId, otherCert.id)).code).toBe(404);
    expect((await put(m.headers, otherOrder.orderId, otherCert.id)).code).toBe(404);
    expect((await put(other.headers, orderId, cert.id)).code).toBe(404);
    expect((await put(m.headers, 'x', 'y')).code).toBe(404);
  });
});

describe('shipping and the courier webhook', () => {
  async function shippedOrder() {
    const m = await member({ fullname: 'Rina Marlina', residential_address: 'Jl. Cempaka 3, Malang', phone_number: '0813999' });
    const o = await completedOrder(t.db, m.user.id, { completedAt: new Date('2026-11-20T10:00:00Z') }); // Friday 17.00 WIB
    await issueCertificate(deps(), o.orderId, 'https://epot.example.id');
    return { m, ...o };
  }
  const track = async (headers: { authorization: string }, orderId: string) =>
    call<ShippingTracking>(t, { method: 'GET', url: `/users/v1/member/order/shipping/tracking/${orderId}`, headers });
  const send = (body: unknown, signature?: string) => {
    const payload = JSON.stringify(body);
    return t.app.inject({
      method: 'POST', url: WEBHOOK, payload,
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-signature': signature }) },
    });
  };
  const signed = (body: unknown) => send(body, signCourierBody(SECRET, JSON.stringify(body)));

  it('creates the shipment on completion for the next working day at 08.00 WIB, visible to its owner only', async () => {
    const { m, orderId, orderNo } = await shippedOrder();
    const res = await track(m.headers, orderId);
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({
      order_id: orderId, order_no: orderNo, waybill_id: null, status: 'scheduled', courier: { type: 'reg' },
      destination: { contact_name: 'Rina Marlina', address: 'Jl. Cempaka 3, Malang', contact_phone: '0813999' },
      planned_ship_at: '2026-11-23T01:00:00.000Z', // Monday 08.00 WIB
    });
    expect(res.body.data.history).toHaveLength(1);
    expect(res.body.data.history[0]!.note).toMatch(/^Sertifikat cetak dijadwalkan dikirim Senin, 23 November 2026/);
    // Dated at the completion it follows from, not when the server got round to it.
    expect(res.body.data.history[0]!.updated_at).toBe('2026-11-20T10:00:00.000Z');
    const stranger = await member();
    expect((await track(stranger.headers, orderId)).code).toBe(404);
  });

  it('refuses unsigned and badly signed calls (401) before reading them', async () => {
    const { orderNo } = await shippedOrder();
    const body = { event_id: 'evt-unsigned', order_no: orderNo, status: 'picked_up' };
    expect((await send(body)).statusCode).toBe(401);
    expect((await send(body, signCourierBody('another-secret-0000000', JSON.stringify(body)))).statusCode).toBe(401);
    expect((await send(body, 'sha256=zz')).statusCode).toBe(401);
    // The signature covers the exact bytes: re-serialised JSON does not match.
    const other = await t.app.inject({ method: 'POST', url: WEBHOOK, payload: JSON.stringify(body, null, 2),
      headers: { 'content-type': 'application/json', 'x-signature': signCourierBody(SECRET, JSON.stringify(body)) } });
    expect(other.statusCode).toBe(401);
    expect((await send('not json', signCourierBody(SECRET, '"not json"'))).statusCode).toBe(400);
    const nul = { event_id: 'evt-\u0000', order_no: orderNo, status: 'picked_up' };
    expect((await signed(nul)).statusCode).toBe(400);
  });

  it('appends history once per event id, keeps it in time order and sets status and waybill', async () => {
    const { m, orderId, orderNo } = await shippedOrder();
    const picked = { event_id: 'evt-1', order_no: orderNo, waybill_id: 'JNE123456789', status: 'picked_up', note: 'Paket dijemput kurir',
      updated_at: '2026-11-23T02:00:00Z', courier: { company: 'JNE', name: 'Budi', phone: '0811', tracking_id: 'T-1', link: 'https://kurir.example/T-1' } };
    const first = await signed(picked);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { applied: true, status: 'picked_up' } });
    const again = await signed(picked);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ data: { applied: false } });
    // Matched by waybill now; an older event arriving late goes into its place in the history.
    expect((await signed({ event_id: 'evt-3', waybill_id: 'JNE123456789', status: 'delivered', note: 'Diterima oleh Rina', updated_at: '2026-11-24T06:00:00Z' })).statusCode).toBe(200);
    expect((await signed({ event_id: 'evt-2', waybill_id: 'JNE123456789', status: 'in_transit', note: 'Di gudang Malang', updated_at: '2026-11-24T01:00:00Z' })).statusCode).toBe(200);
    const res = await track(m.headers, orderId);
    expect(res.body.data).toMatchObject({ status: 'delivered', waybill_id: 'JNE123456789', courier: { company: 'JNE', type: 'reg', tracking_id: 'T-1' } });
    expect(res.body.data.history.map((h) => h.note)).toEqual([
      expect.stringMatching(/^Sertifikat cetak dijadwalkan/) as string, 'Paket dijemput kurir', 'Di gudang Malang', 'Diterima oleh Rina',
    ]);
    const list = await call<CertificateListResponse['data']>(t, { method: 'GET', url: LIST, headers: m.headers });
    expect(list.body.data.list[0]!.shipping).toEqual({ order_id: orderId, waybill_id: 'JNE123456789', status: 'delivered' });
    expect((await signed({ event_id: 'evt-x', waybill_id: 'NOPE', status: 'delivered' })).statusCode).toBe(404);
    expect((await signed({ event_id: 'evt-y', status: 'delivered' })).statusCode).toBe(400);
  });

  it('is off (503) without COURIER_WEBHOOK_SECRET', async () => {
    const off = await buildTestApp();
    try {
      const body = JSON.stringify({ event_id: 'e', order_no: 'x', status: 'delivered' });
      const res = await off.app.inject({ method: 'POST', url: WEBHOOK, payload: body, headers: { 'content-type': 'application/json', 'x-signature': signCourierBody(SECRET, body) } });
      expect(res.statusCode).toBe(503);
    } finally {
      await off.cleanup();
    }
  });
});

describe('media store', () => {
  it('keeps certificate PDFs under DATA_DIR/media', async () => {
    const [row] = await t.db.select().from(media).where(eq(media.source, 'certificate')).limit(1);
    expect(row).toBeDefined();
    expect((await readdir(join(t.config.dataDir, 'media'))).includes(row!.storage_key)).toBe(true);
  });
});
