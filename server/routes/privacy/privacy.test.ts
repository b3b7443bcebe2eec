// The candidate's data export (issue 19) on PGlite and PostgreSQL: the zip holds the member's own
// records and photos, never another member's, and never the password hash. The zip is read with
// Debian's unzip.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { appeals, certificates, consents, mailOutbox, media, orderBreaks, orders, orderSections, users, violations } from '../../db/schema/index.ts';
import { latestOutboxMail } from '../../services/platform/mailer.ts';
import { anonymisedEmail, ANONYMISED_NAME } from '../../services/privacy/deletion.ts';
import { TEST_PASSWORD } from '../../../tests/server-helpers/members.ts';
import { startedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { jpegBytes, upload } from '../../../tests/server-helpers/uploads.ts';
import type { ExportManifest } from '../../services/privacy/export.ts';
import { PRIVACY_LIMITS } from './index.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  dir = mkdtempSync(join(tmpdir(), 'epot-export-'));
});
afterAll(async () => {
  await t?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function unzip(zip: Buffer, entry: string): Buffer {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, zip);
  return execFileSync('unzip', ['-p', file, entry]);
}

describe('GET /users/v1/member/privacy/export', () => {
  it('streams a zip with the manifest and the member’s photos, and nothing of anyone else', async () => {
    const me = await startedOrder(t);
    const other = await startedOrder(t);
    const photo = jpegBytes(300);
    const mine = await upload(t, me.headers.authorization, { filename: 'x.jpg', contentType: 'image/jpeg', data: photo });
    expect(mine.code).toBe(200);
    await upload(t, other.headers.authorization, { filename: 'y.jpg', contentType: 'image/jpeg', data: jpegBytes(100) });
    await t.db.insert(violations).values({ order_id: me.orderId, section: 'reading', counter_type: 'speech', text_voice: 'Suara terdeteksi (±4 kata)', image_media_id: mine.body.data.id });
    const withdrawn = t.clock.now();
    const given = new Date(withdrawn.getTime() - 60_000);
    await t.db.insert(consents).values({ order_id: me.orderId, user_id: me.userId, rules_version: 'v1', checks: {} as never, created_at: given });
    await t.db.insert(consents).values({ order_id: me.orderId, user_id: me.userId, kind: 'biometric', rules_version: 'b1', checks: {} as never, created_at: new Date(given.getTime() + 1), withdrawn_at: withdrawn });
    await t.db.insert(orderBreaks).values({ order_id: me.orderId, after_section: 'listening', started_at: given, ends_at: withdrawn });

    const res = await t.app.inject({ method: 'GET', url: '/api/users/v1/member/privacy/export', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="epot-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const text = unzip(res.rawPayload, 'manifest.json').toString('utf8');
    const manifest = JSON.parse(text) as ExportManifest;
    expect(manifest.format).toBe('epot-personal-data/2');
    expect(manifest.profile).toMatchObject({ id: me.userId });
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain(other.orderId);
    expect(manifest.orders.map((o) => o.id)).toEqual([me.orderId]);
    expect(manifest.violations).toEqual([expect.objectContaining({ counter_type: 'speech', text_voice: 'Suara terdeteksi (±4 kata)' })]);
    // The consent ledger: each consent with its version, time and withdrawal.
    expect(manifest.consents).toEqual([
      expect.objectContaining({ order_id: me.orderId, kind: 'terms', version: 'v1', withdrawn_at: null }),
      expect.objectContaining({ order_id: me.orderId, kind: 'biometric', version: 'b1', withdrawn_at: withdrawn.toISOString() }),
    ]);
    expect(manifest.breaks).toEqual([expect.objectContaining({ order_id: me.orderId, after_section: 'listening', ended_at: null })]);
    expect(manifest.photos).toEqual([expect.objectContaining({ id: mine.body.data.id, file: `photos/${mine.body.data.id}.jpg`, mime: 'image/jpeg' })]);
    expect(unzip(res.rawPayload, manifest.photos[0]!.file!).equals(photo)).toBe(true);
  });

  it('needs a logged-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/v1/member/privacy/export' });
    expect(res.statusCode).toBe(401);
  });

  // Issue 29 item 10: each export builds a zip and writes a request row.
  it(`allows ${PRIVACY_LIMITS.export.limit} exports per member and hour, then 429 with Retry-After`, async () => {
    const me = await startedOrder(t);
    const exportOnce = () => t.app.inject({ method: 'GET', url: '/api/users/v1/member/privacy/export', headers: me.headers });
    for (let i = 0; i < PRIVACY_LIMITS.export.limit; i++) expect((await exportOnce()).statusCode).toBe(200);
    const refused = await exportOnce();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    const other = await startedOrder(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/v1/member/privacy/export', headers: other.headers })).statusCode).toBe(200);
  });
});

describe('POST /users/v1/member/privacy/deletion', () => {
  const del = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/users/v1/member/privacy/deletion', headers, payload });

  async function candidateWithData() {
    const me = await startedOrder(t);
    const [before] = await t.db.select().from(users).where(eq(users.id, me.userId));
    const photo = await upload(t, me.headers.authorization, { filename: 'x.jpg', contentType: 'image/jpeg', data: jpegBytes(200) });
    const [m] = await t.db.select().from(media).where(eq(media.id, photo.body.data.id));
    await t.db.insert(violations).values({ order_id: me.orderId, section: 'listening', counter_type: 'speech', text_voice: 'jawabannya B', image_media_id: m!.id });
    await t.db.insert(orderSections).values({
      order_id: me.orderId, section: 'listening', deadline_at: t.clock.now(), answer: [{ q: 1, a: 2 }], images: [m!.id], converted: 50,
    });
    await t.db.update(orders).set({ total_score: 500, level: 'B1' }).where(eq(orders.id, me.orderId));
    await t.db.insert(consents).values({ order_id: me.orderId, user_id: me.userId, rules_version: 'v1', checks: {} as never, ip: '10.0.0.9', user_agent: 'Chromium' });
    await t.db.insert(appeals).values({ order_id: me.orderId, user_id: me.userId, text: 'Adik saya, Budi, masuk ke kamar.' });
    await t.db.insert(mailOutbox).values({ to_address: before!.email, subject: 'Undangan EPOT', text: `Halo ${before!.fullname}` });
    return { me, before: before!, photo: m! };
  }

  it('needs the password, then anonymises: what is gone and what is kept, with a mailed signed receipt', async () => {
    const { me, before, photo } = await candidateWithData();
    expect((await del(me.headers, { confirm: true })).statusCode).toBe(400);
    expect((await del(me.headers, { confirm: true, password: 'salah-sekali-123' })).statusCode).toBe(400);
    const res = await del(me.headers, { confirm: true, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const { receipt, kept } = res.json().data as { receipt: string; kept: string[] };
    // Exactly what stays (issue 29 item 4): the scores, counts, consents and id-only audit entries.
    expect(kept).toEqual(['skor dan level', 'jumlah pelanggaran per jenis', 'versi dan waktu persetujuan', 'catatan audit staf (hanya nomor akun)']);
    expect(decodeJwt(receipt)).toMatchObject({ sub: me.userId, aud: 'epot-privacy-receipt', kind: 'deletion', photos_deleted: 1 });

    const [after] = await t.db.select().from(users).where(eq(users.id, me.userId));
    expect(after).toMatchObject({
      email: anonymisedEmail(me.userId), password_hash: null, fullname: ANONYMISED_NAME, date_of_birth: null,
      place_of_birth: null, phone_number: null, residential_address: null, token_version: before.token_version + 1,
    });
    expect(await t.db.select().from(media).where(eq(media.id, photo.id))).toEqual([]);
    expect(await t.app.blobs.size(photo.storage_key)).toBeNull();
    const [v] = await t.db.select().from(violations).where(eq(violations.order_id, me.orderId));
    expect(v).toMatchObject({ counter_type: 'speech', text_voice: null, image_media_id: null });
    const [sec] = await t.db.select().from(orderSections).where(eq(orderSections.order_id, me.orderId));
    expect(sec).toMatchObject({ answer: null, draft: null, images: [], converted: 50 });
    const [o] = await t.db.select().from(orders).where(eq(orders.id, me.orderId));
    expect(o).toMatchObject({ total_score: 500, level: 'B1' });
    const [c] = await t.db.select().from(consents).where(eq(consents.user_id, me.userId));
    expect(c).toMatchObject({ rules_version: 'v1', ip: null, user_agent: null });
    const [a] = await t.db.select().from(appeals).where(eq(appeals.order_id, me.orderId));
    expect(a).toMatchObject({ text: '', status: 'open' });
    // Logged out everywhere; the old address receives the confirmation with the receipt.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/v1/member/detail/', headers: me.headers })).statusCode).toBe(401);
    const mail = (await latestOutboxMail(t.db)).find((x) => x.to_address === before.email);
    expect(mail?.subject).toBe('Konfirmasi penghapusan data EPOT');
    expect(mail?.text).toContain(receipt);
    // Earlier mails to the member (address and name) are gone; only the confirmation is left (issue 29.4).
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, before.email))).map((m) => m.subject)).toEqual(['Konfirmasi penghapusan data EPOT']);
  });

  // Issue 29 item 10: a stolen token cannot guess the password at the deletion's re-check.
  it(`limits wrong passwords to ${PRIVACY_LIMITS.deletionPassword.limit} an hour; then even the right one waits`, async () => {
    const me = await startedOrder(t);
    for (let i = 0; i < PRIVACY_LIMITS.deletionPassword.limit; i++) {
      expect((await del(me.headers, { confirm: true, password: `salah-sekali-${i}` })).statusCode).toBe(400);
    }
    const refused = await del(me.headers, { confirm: true, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    const [still] = await t.db.select().from(users).where(eq(users.id, me.userId));
    expect(still!.password_hash).not.toBeNull();
  });

  it('keeps the name when a certificate was issued', async () => {
    const { me, before } = await candidateWithData();
    const [pdf] = await t.db.insert(media).values({
      title: 'Sertifikat', source: 'certificate', type: 'pdf', mime: 'application/pdf', storage_key: `${crypto.randomUUID()}.pdf`, byte_size: 10, owner_user_id: me.userId,
    }).returning();
    await t.db.insert(certificates).values({
      order_id: me.orderId, user_id: me.userId, number: `EPOT-${Date.now()}`, valid_until: t.clock.now(), media_id: pdf!.id,
      name_on_certificate: before.fullname, verify_url: 'https://example.invalid/v',
    });
    const res = await del(me.headers, { confirm: true, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.kept).toEqual([
      'nama pada sertifikat', 'skor dan level', 'nomor sertifikat', 'jumlah pelanggaran per jenis', 'versi dan waktu persetujuan', 'catatan audit staf (hanya nomor akun)',
    ]);
    const [after] = await t.db.select().from(users).where(eq(users.id, me.userId));
    expect(after).toMatchObject({ fullname: before.fullname, email: anonymisedEmail(me.userId), phone_number: null });
    expect(await t.db.select().from(certificates).where(eq(certificates.user_id, me.userId))).toHaveLength(1);
    expect(await t.db.select().from(media).where(eq(media.id, pdf!.id))).toHaveLength(1);
  });
});
