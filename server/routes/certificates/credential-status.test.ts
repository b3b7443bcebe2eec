// The certificate credential end to end (issue 28): key rotation keeps older certificates verifying,
// a compromised key shows as such, the signed status list sets the bit of every revoked certificate
// (revoke and reissue), older certificates get signed by the catch-up, and the printed QR code scans
// at its printed size.
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  isStatusBitSet, JWKS_PATH, verifyCredential, verifyStatusList, verifyUrlFor, type Jwks,
} from '../../../contracts/credential.ts';
import { certificates, media, orders } from '../../db/schema/index.ts';
import { QR_ECC, QR_SIZE_PT } from '../../services/certificates/certificate-pdf.ts';
import {
  issueCertificate, reissueCertificate, revokeCertificate, signMissing, type CertificateRow,
} from '../../services/certificates/certificates.ts';
import { markCompromised, rotateKey } from '../../services/certificates/credential-keys.ts';
import { createDiskStore } from '../../services/media/disk-store.ts';
import { completedOrder } from '../../../tests/server-helpers/certificates.ts';
import { createMember } from '../../../tests/server-helpers/members.ts';
import { pdfQrText, pdfText } from '../../../tests/server-helpers/pdf.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

const BASE = 'https://epot.example.id';
let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ seed: true }); });
afterAll(async () => { await t?.cleanup(); });

const deps = () => ({ db: t.db, store: createDiskStore(t.config.dataDir), clock: t.clock });

async function issue(): Promise<CertificateRow> {
  const { user } = await createMember(t.db, { company_id: t.seed!.companyId });
  const o = await completedOrder(t.db, user.id, { completedAt: t.clock.now() });
  return (await issueCertificate(deps(), o.orderId, BASE))!;
}

async function jwks(): Promise<Jwks> {
  const res = await t.app.inject({ method: 'GET', url: JWKS_PATH });
  expect(res.statusCode).toBe(200);
  return res.json<Jwks>();
}

async function statusList(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `${t.config.apiBase}${apiPaths.public.certificateStatusList}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  const encoded = await verifyStatusList(res.body, await jwks());
  expect(encoded).not.toBeNull();
  return encoded!;
}

async function pdfOf(cert: CertificateRow): Promise<Buffer> {
  const [file] = await t.db.select().from(media).where(eq(media.id, cert.media_id));
  return createDiskStore(t.config.dataDir).get(file!.storage_key);
}

describe('certificate credential (issue 28)', () => {
  it('keeps verifying certificates signed before a key rotation, and marks those of a compromised key', async () => {
    const before = await issue();
    await rotateKey(t.db, t.clock.now());
    const after = await issue();
    const keys = await jwks();
    const a = await verifyCredential(before.credential!, keys);
    const b = await verifyCredential(after.credential!, keys);
    expect(a).toMatchObject({ valid: true, key_status: 'retired', facts: { number: before.number, status_index: before.status_index } });
    expect(b).toMatchObject({ valid: true, key_status: 'active', facts: { number: after.number, status_index: after.status_index } });
    expect(a.valid && b.valid && a.kid !== b.kid).toBe(true);

    await markCompromised(t.db, (a as { kid: string }).kid, t.clock.now());
    expect(await verifyCredential(before.credential!, await jwks())).toMatchObject({ valid: true, key_status: 'compromised' });
    // A tampered credential shows what it claims, but is not valid.
    const [h, p, s] = after.credential!.split('.');
    const forged = [h, Buffer.from(Buffer.from(p!, 'base64url').toString().replace('"t":', '"t":6')).toString('base64url'), s].join('.');
    expect(await verifyCredential(forged, keys)).toMatchObject({ valid: false, reason: 'bad_signature', facts: { number: after.number } });
  });

  it('sets the status bit of revoked and reissued certificates in the signed status list', async () => {
    const kept = await issue();
    const revoked = await issue();
    const replaced = await issue();
    expect(new Set([kept.status_index, revoked.status_index, replaced.status_index]).size).toBe(3);
    await revokeCertificate(t.db, revoked.number, 'Kecurangan terbukti', t.clock.now());
    const { fresh } = await reissueCertificate(deps(), await orderNoOf(replaced), 'Nama Yang Benar', BASE);

    const list = await statusList();
    expect(await isStatusBitSet(list, kept.status_index!)).toBe(false);
    expect(await isStatusBitSet(list, revoked.status_index!)).toBe(true);
    expect(await isStatusBitSet(list, replaced.status_index!)).toBe(true);
    expect(await isStatusBitSet(list, fresh.status_index!)).toBe(false);
    expect(await verifyCredential(fresh.credential!, await jwks())).toMatchObject({ valid: true, facts: { name: 'Nama Yang Benar' } });
  });

  it('signs certificates issued before credentials existed (catch-up), keeping their status bit', async () => {
    const cert = await issue();
    await t.db.update(certificates).set({ credential: null }).where(eq(certificates.id, cert.id));
    expect(await signMissing(deps())).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, cert.id));
    expect(row!.status_index).toBe(cert.status_index);
    expect(await verifyCredential(row!.credential!, await jwks())).toMatchObject({ valid: true, facts: { number: cert.number, status_index: cert.status_index } });
    expect(await signMissing(deps())).toBe(0);
  });

  it('signs the calendar days the PDF prints (WIB), also for a test that ended after 17.00 UTC', async () => {
    const { user } = await createMember(t.db, { company_id: t.seed!.companyId });
    // 20 Nov 2026, 20.00 UTC = 21 Nov 2026, 03.00 WIB.
    const o = await completedOrder(t.db, user.id, { completedAt: new Date('2026-11-20T20:00:00Z') });
    const cert = (await issueCertificate(deps(), o.orderId, BASE))!;
    const facts = (await verifyCredential(cert.credential!, await jwks()) as { facts: { test_date: string; valid_until: string } }).facts;
    expect(facts).toMatchObject({ test_date: '2026-11-21', valid_until: '2027-11-21' });
    const text = await pdfText(await pdfOf(cert));
    expect(text).toContain('21 November 2026');
    expect(text).toMatch(/Valid until: 21 November 2027/);
  });

  it('prints a QR code that scans at its printed size and carries a verifiable credential', async () => {
    const cert = await issue();
    const url = verifyUrlFor(BASE, cert.number, cert.credential);
    // The page as printed at 300 dpi decodes. (Coarser renderings decode only sometimes with jsQR —
    // 110 dpi 6 of 12 random credentials, 200 dpi 9 of 12, 300 dpi 12 of 12 — so no test relies on them.)
    expect(await pdfQrText(await pdfOf(cert), 300)).toBe(url);
    // Size as documented (docs/certificates.md): version and module size on paper.
    const qr = QRCode.create(url, { errorCorrectionLevel: QR_ECC });
    const moduleMm = (QR_SIZE_PT / 72 * 25.4) / (qr.modules.size + 8);
    expect(qr.version).toBeLessThanOrEqual(18);
    expect(moduleMm).toBeGreaterThanOrEqual(0.5);
    expect(await verifyCredential(cert.credential!, await jwks())).toMatchObject({ valid: true });
  });
});

async function orderNoOf(cert: CertificateRow): Promise<string> {
  const [o] = await t.db.select({ order_no: orders.order_no }).from(orders).where(eq(orders.id, cert.order_id));
  return o!.order_no;
}
