// The operator CLI on certificates and shipments, against its own database (a PGlite folder, or
// the private PostgreSQL database), as an operator would run it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import QRCode from 'qrcode';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { certificates, consents, licences, media, orders, shipments, users } from '../../db/schema/index.ts';
import { PREPARATION_MESSAGES, startTest } from '../../services/orders/preparation.ts';
import { seedDemo } from '../../seed/demo-seed.ts';
import { issueCertificate, publicCertificate } from '../../services/certificates/certificates.ts';
import { createDiskStore } from '../../services/media/disk-store.ts';
import { completedOrder } from '../../../tests/server-helpers/certificates.ts';
import { createMember } from '../../../tests/server-helpers/members.ts';
import { pdfQrText, pdfText } from '../../../tests/server-helpers/pdf.ts';
import { createMigratedDataDir, createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { runAdmin } from '../admin.ts';
import { readCredentialUnverified, verifyUrlFor } from '../../../contracts/credential.ts';
import { QR_SIZE_PT } from '../../services/certificates/certificate-pdf.ts';
import { openBadgeFor } from '../../services/certificates/open-badge.ts';
import { systemClock } from '../../services/platform/clock.ts';

let dir: string;
let pg: TestDatabase | undefined;
let env: Record<string, string>;
const open = () => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: dir });

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, env, (l) => out.push(l), (l) => err.push(l));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A member with a completed, certified individual order; the database is closed again (the CLI opens its own). */
async function certified(name: string) {
  const database = await open();
  try {
    const { user } = await createMember(database.db, { fullname: name });
    const o = await completedOrder(database.db, user.id, { completedAt: systemClock.now() });
    const cert = (await issueCertificate({ db: database.db, store: createDiskStore(dir), clock: systemClock }, o.orderId, 'https://epot.example.id'))!;
    return { userId: user.id, ...o, cert };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'epot-cli-cert-'));
  if (testDbKind() === 'postgres') {
    pg = await createTestDatabase();
    env = { NODE_ENV: 'test', DATABASE_URL: pg.url!, DATA_DIR: dir };
  } else {
    env = { NODE_ENV: 'test', DATA_DIR: dir };
  }
  // PGlite: the folder starts from the migrated copy (no initdb on disk); migrate() then finds nothing to do.
  const database = pg ? await open() : await createMigratedDataDir(dir);
  await database.migrate();
  await seedDemo(database.db, { clock: systemClock });
  await database.close();
});
afterAll(async () => {
  await pg?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('certificate CLI', () => {
  it('revokes by number (verification shows revoked), and a second revoke keeps the first reason', async () => {
    const { cert } = await certified('Agus Salim');
    const first = await admin('certificate', 'revoke', cert.number.toLowerCase(), '--reason', 'Identitas peserta tidak sesuai');
    expect(first).toMatchObject({ code: 0, out: `revoked ${cert.number}: Identitas peserta tidak sesuai` });
    const again = await admin('certificate', 'revoke', cert.number, '--reason', 'lain');
    expect(again.out).toMatch(/already revoked \(Identitas peserta tidak sesuai\)/);
    const database = await open();
    try {
      expect((await publicCertificate(database.db, cert.number, systemClock.now()))!.status).toBe('revoked');
    } finally {
      await database.close();
    }
    expect((await admin('certificate', 'revoke', 'EPOT-AAAAAAAAAAAA', '--reason', 'x')).code).toBe(1);
    expect((await admin('certificate', 'revoke', cert.number)).code).toBe(2);
  });

  it('reissues after a name correction: new number and PDF, old one superseded, the member renamed', async () => {
    const { userId, orderId, orderNo, cert } = await certified('Siti Nurhaliza Binti Ahmd');
    const res = await admin('certificate', 'reissue', orderNo, '--name', 'Siti Nurhaliza Binti Ahmad');
    expect(res.code, res.err).toBe(0);
    const fresh = /issued (EPOT-\S+)/.exec(res.out)![1]!;
    expect(fresh).not.toBe(cert.number);
    expect(res.out).toContain(`${cert.number} revoked as superseded`);
    const database = await open();
    try {
      const rows = await database.db.select().from(certificates).where(eq(certificates.order_id, orderId));
      const old = rows.find((r) => r.number === cert.number)!;
      const now = rows.find((r) => r.number === fresh)!;
      expect(old).toMatchObject({ status: 'revoked', superseded_by: now.id });
      expect(now).toMatchObject({ status: 'valid', superseded_by: null, name_on_certificate: 'Siti Nurhaliza Binti Ahmad' });
      // The old QR's origin (epot.example.id) is never reused: the configured one (no PUBLIC_URL here: the listen address).
      expect(now!.verify_url).toBe(`http://localhost:8080/verify/${fresh}`);
      expect((await publicCertificate(database.db, cert.number, systemClock.now()))!.status).toBe('revoked');
      expect(await publicCertificate(database.db, fresh, systemClock.now())).toMatchObject({ status: 'valid', name: 'Siti Nurhaliza Binti Ahmad' });
      const [user] = await database.db.select().from(users).where(eq(users.id, userId));
      expect(user!.fullname).toBe('Siti Nurhaliza Binti Ahmad');
      const [file] = await database.db.select().from(media).where(eq(media.id, now.media_id));
      const pdf = await createDiskStore(dir).get(file!.storage_key);
      expect(await pdfText(pdf)).toContain('Siti Nurhaliza Binti Ahmad');
      expect(await pdfQrText(pdf)).toBe(`${now.verify_url}#${now.credential}`);
    } finally {
      await database.close();
    }
    expect((await admin('certificate', 'reissue', 'EPOT-NOPE', '--name', 'X')).code).toBe(1);
    expect((await admin('certificate', 'reissue', orderNo)).code).toBe(2);
  });
});

describe('no e-mail address as the name (issue 28)', () => {
  it('a test cannot start without a full name; issuance refuses an e-mail-shaped name; check lists old ones, reissue fixes them', async () => {
    const database = await open();
    const deps = { db: database.db, store: createDiskStore(dir), clock: systemClock };
    let legacy: { orderNo: string; number: string };
    try {
      // The start gate: a member whose "full name" is their address cannot start.
      const { user } = await createMember(database.db, { fullname: 'budi.santoso@gmail.com' });
      const [lic] = await database.db.insert(licences).values({ code_hash: `${user.id}-h`, code_hint: 'NAME', product_id: (await database.db.select().from(licences).limit(1))[0]!.product_id }).returning();
      const [order] = await database.db.insert(orders).values({
        order_no: `EPOT-NAME-${user.id.slice(0, 8)}`, user_id: user.id, license_id: lic!.id, product_id: lic!.product_id,
        meta: { job: 'Pelajar', certificate_for: 'Kelulusan' }, status: 'not_started',
      }).returning();
      const checks = { face: true, voice: true, new_tab: true, camera: true, photos: true };
      await database.db.insert(consents).values([
        { order_id: order!.id, user_id: user.id, rules_version: 'v1', checks },
        { order_id: order!.id, user_id: user.id, kind: 'biometric', rules_version: 'v1', checks },
      ]);
      await expect(startTest(database.db, order!, systemClock.now())).rejects.toMatchObject({ message: PREPARATION_MESSAGES.profileFirst });
      await database.db.update(users).set({ fullname: '  ' }).where(eq(users.id, user.id));
      await expect(startTest(database.db, order!, systemClock.now())).rejects.toMatchObject({ message: PREPARATION_MESSAGES.profileFirst });
      await database.db.update(users).set({ fullname: 'Budi Santoso' }).where(eq(users.id, user.id));
      expect((await startTest(database.db, order!, systemClock.now())).status).toBe('in_progress');

      // Issuance refuses an e-mail-shaped name (no certificate rather than a public address).
      const { user: noName } = await createMember(database.db, { fullname: 'rina@example.id' });
      const done = await completedOrder(database.db, noName.id, { completedAt: systemClock.now() });
      expect(await issueCertificate(deps, done.orderId, 'https://epot.example.id')).toBeNull();
      expect(await database.db.select().from(certificates).where(eq(certificates.order_id, done.orderId))).toHaveLength(0);
      // A certificate issued before the rule, with the address on it.
      const { user: old } = await createMember(database.db, { fullname: 'Sementara' });
      const o = await completedOrder(database.db, old.id, { completedAt: systemClock.now() });
      const cert = (await issueCertificate(deps, o.orderId, 'https://epot.example.id'))!;
      await database.db.update(certificates).set({ name_on_certificate: 'dewi.lestari@yahoo.co.id' }).where(eq(certificates.id, cert.id));
      legacy = { orderNo: o.orderNo, number: cert.number };
    } finally {
      await database.close();
    }
    const check = await admin('certificate', 'check');
    expect(check.code, check.err).toBe(0);
    expect(check.out).toContain(`${legacy.number}\torder ${legacy.orderNo}\tname "dewi.lestari@yahoo.co.id"`);
    // Reissue refuses another address, accepts a name; then check no longer lists it.
    const refused = await admin('certificate', 'reissue', legacy.orderNo, '--name', 'dewi@yahoo.co.id');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('bukan alamat e-mail');
    expect((await admin('certificate', 'reissue', legacy.orderNo, '--name', 'Dewi Lestari')).code).toBe(0);
    expect((await admin('certificate', 'check')).out).not.toContain(legacy.number);
  });
});

describe('certificate sign-missing', () => {
  it('signs certificates issued before credentials existed, keeping their status bit', async () => {
    const { cert } = await certified('Rahmat Hidayat');
    let database = await open();
    try {
      await database.db.update(certificates).set({ credential: null }).where(eq(certificates.id, cert.id));
    } finally {
      await database.close();
    }
    const res = await admin('certificate', 'sign-missing');
    expect(res.code, res.err).toBe(0);
    expect(res.out).toMatch(/^signed \d+ certificate credential\(s\)$/);
    database = await open();
    try {
      const [row] = await database.db.select().from(certificates).where(eq(certificates.id, cert.id));
      expect(row).toMatchObject({ status_index: cert.status_index });
      expect(readCredentialUnverified(row!.credential!)).toMatchObject({ number: cert.number, name: 'Rahmat Hidayat', status_index: cert.status_index });
    } finally {
      await database.close();
    }
    expect((await admin('certificate', 'sign-missing')).out).toBe('every certificate already has its credential');
  });
});

describe('keys CLI', () => {
  it('rotates (the old key stays published, retired) and marks a key compromised', async () => {
    const first = await admin('keys', 'list');
    expect(first.code, first.err).toBe(0);
    const [oldKid] = first.out.split('\n')[0]!.split('\t');
    const rotated = await admin('keys', 'rotate');
    expect(rotated.code, rotated.err).toBe(0);
    expect(rotated.out).toContain(`${oldKid}\tretired`);
    expect(rotated.out).toMatch(/\tactive$/m);
    expect((await admin('keys', 'compromise', oldKid!)).out).toContain(`${oldKid}\tcompromised`);
    expect((await admin('keys', 'compromise', 'k-nope')).code).toBe(2);
  });
});

describe('shipment CLI', () => {
  it('updates status, waybill and courier, appending to the history', async () => {
    const { orderId, orderNo } = await certified('Rudi Hartono');
    const res = await admin('shipment', 'update', orderNo, '--status', 'picked_up', '--waybill', 'SCP-000123', '--courier-company', 'SiCepat', '--note', 'Diserahkan ke kurir');
    expect(res).toMatchObject({ code: 0, out: `shipment of ${orderNo}: picked_up, waybill SCP-000123 (2 history entries)` });
    expect((await admin('shipment', 'update', orderNo, '--status', 'delivered')).code).toBe(0);
    const database = await open();
    try {
      const [row] = await database.db.select().from(shipments).where(eq(shipments.order_id, orderId));
      expect(row).toMatchObject({ status: 'delivered', waybill_id: 'SCP-000123', courier: { company: 'SiCepat', type: 'reg' } });
      expect(row!.history.map((h) => h.status)).toEqual(['scheduled', 'picked_up', 'delivered']);
      expect(row!.history[1]!.note).toBe('Diserahkan ke kurir');
    } finally {
      await database.close();
    }
    expect((await admin('shipment', 'update', orderNo, '--status', 'lost')).code).toBe(2);
    expect((await admin('shipment', 'update', 'EPOT-NOPE', '--status', 'delivered')).code).toBe(1);
  });

  it('verify FILE: the PDF, a PNG of its QR at printed size, the compact credential and the Open Badges 3.0 JWT; tampered and revoked ones fail', async () => {
    const { cert, userId, orderId } = await certified('Dewi Sartika');
    const database = await open();
    let badge: string;
    let pdf: Uint8Array;
    try {
      const [file] = await database.db.select().from(media).where(eq(media.id, cert.media_id));
      pdf = await createDiskStore(dir).get(file!.storage_key);
      badge = (await openBadgeFor(database.db, userId, orderId, 'https://epot.example.id', systemClock.now())).jwt;
    } finally {
      await database.close();
    }
    const files = {
      pdf: join(dir, 'sertifikat.pdf'), png: join(dir, 'qr.png'), jws: join(dir, 'credential.txt'), badge: join(dir, 'badge.jwt'), forged: join(dir, 'forged.txt'),
    };
    writeFileSync(files.pdf, pdf);
    // The QR as printed: QR_SIZE_PT at 300 dpi.
    writeFileSync(files.png, await QRCode.toBuffer(verifyUrlFor('https://epot.example.id', cert.number, cert.credential), { errorCorrectionLevel: 'M', margin: 4, width: Math.round((QR_SIZE_PT / 72) * 300) }));
    writeFileSync(files.jws, `${cert.credential!}\n`);
    writeFileSync(files.badge, badge);
    const [h, p, sig] = cert.credential!.split('.');
    writeFileSync(files.forged, `${h}.${Buffer.from(Buffer.from(p!, 'base64url').toString('utf8').replace(/"t":\d+/, '"t":677')).toString('base64url')}.${sig}`);

    for (const [path, kind] of [[files.pdf, 'pdf'], [files.png, 'png'], [files.jws, 'credential'], [files.badge, 'open-badge']] as const) {
      const r = await admin('certificate', 'verify', path);
      expect(r.code, `${kind}: ${r.out} ${r.err}`).toBe(0);
      expect(r.out).toContain(`file: ${kind}`);
      expect(r.out).toMatch(/signature: valid, key k\S+ \(active\)/);
      expect(r.out).toContain('status: valid');
      if (kind !== 'open-badge') expect(r.out).toContain(`signed facts: ${cert.number} Dewi Sartika`);
    }
    const forged = await admin('certificate', 'verify', files.forged);
    expect(forged.code).toBe(1);
    expect(forged.out).toContain('claimed (NOT trustworthy)');
    expect(forged.err).toContain('NOT VALID: bad_signature');

    await admin('certificate', 'revoke', cert.number, '--reason', 'Uji pencabutan');
    const revoked = await admin('certificate', 'verify', files.jws);
    expect(revoked.code).toBe(1);
    expect(revoked.out).toContain('status: revoked');
    expect(revoked.err).toContain('NOT VALID: revoked');
  });
});
