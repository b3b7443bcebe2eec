// Demo data for a first start, so a fresh clone can log in and redeem a code at once. Runs only
// when the `demo_seed` marker is absent; everything is one transaction that starts by claiming the
// marker, so a re-run (or a second process racing on PostgreSQL) creates nothing twice.
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { appMeta, companies, institutions, licences, products, staff, users, type InstitutionSettings } from '../db/schema/index.ts';
import { insertExam, prepareExamImport, storeExamMedia, type ImportResult } from '../services/exam/exam-import.ts';
import { issueLicenceCode } from '../services/orders/licence-codes.ts';
import type { Clock } from '../services/platform/clock.ts';
import type { BlobStore } from '../services/media/blob-store.ts';
import { hashPassword } from '../services/accounts/passwords.ts';

export const DEMO_PASSWORD = 'EpotDemo2026!';
export const DEMO_SEED_KEY = 'demo_seed';
export const DEMO_EXAM_SEED_KEY = 'demo_exam_seed';
export const DEMO_COMPANY_NAME = 'EPOT Demo';
export const DEMO_EXAM_FILE = fileURLToPath(new URL('../../content/demo-exam/exam.json', import.meta.url));
const CODES_PER_GROUP = 5;

export interface DemoLogin { email: string; password: string; kind: 'individual' | 'institution' }

export interface SeedResult {
  companyId: string;
  institutionId: string;
  productId: string;
  logins: DemoLogin[];
  /** Plain codes: they exist only here, the database keeps hashes. */
  individualCodes: string[];
  institutionCodes: string[];
  /** Staff console accounts (no two-factor login on the demo accounts). */
  staffLogins: { email: string; role: 'operator' | 'institution-admin' }[];
}

const demoInstitutionSettings: InstitutionSettings = {
  identification: { face: true, voice: true, new_tab: true },
  failed: { face: true, voice: false, new_tab: true },
};

const profile = (fullname: string, i: number) => ({
  fullname,
  date_of_birth: `199${i}-0${i + 1}-1${i}`,
  place_of_birth: 'Jakarta',
  phone_number: `08120000000${i}`,
  residential_address: `Jl. Demo No. ${i + 1}, Jakarta`,
  is_updated_profile: true,
});

export interface SeedOptions {
  /** Stamps the seed markers. */
  clock: Clock;
  /** The blob store the demo exam's audio goes to. Without it the demo exam is skipped. */
  store?: BlobStore;
}

/**
 * Creates the demo data unless it already exists; null when it did (nothing was changed). With a
 * store it then imports the demo exam once (its own marker, so an older install gets it too).
 */
export async function seedDemo(db: AppDb, opts: SeedOptions): Promise<SeedResult | null> {
  const seed = await seedDemoAccounts(db, opts.clock.now());
  if (opts.store) await seedDemoExam(db, opts.store, opts.clock.now());
  return seed;
}

async function seedDemoAccounts(db: AppDb, now: Date): Promise<SeedResult | null> {
  if (await isDemoSeeded(db)) return null; // the usual case: skip the argon2 work
  // Hash outside the transaction: argon2 takes a while and needs no lock.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(appMeta)
      .values({ key: DEMO_SEED_KEY, value: { seeded_at: now.toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return null;

    const [company] = await tx.insert(companies).values({
      name: DEMO_COMPANY_NAME,
      settings: { announcement: { is_active: false, images: [] } },
      maintenance: false,
    }).returning({ id: companies.id });
    const [institution] = await tx.insert(institutions).values({
      company_id: company!.id,
      name: 'Lembaga Demo',
      active_camera: true,
      settings: demoInstitutionSettings,
    }).returning({ id: institutions.id });
    const [product] = await tx.insert(products).values({
      company_id: company!.id,
      name: 'EPOT – English Proficiency Online Test',
      description: 'Tes kemampuan bahasa Inggris daring (individu)',
      audience: 'individual',
    }).returning({ id: products.id });

    const logins: DemoLogin[] = [
      { email: 'demo@epot.local', password: DEMO_PASSWORD, kind: 'individual' },
      { email: 'anggota1@epot.local', password: DEMO_PASSWORD, kind: 'institution' },
      { email: 'anggota2@epot.local', password: DEMO_PASSWORD, kind: 'institution' },
    ];
    const names = ['Demo Peserta', 'Anggota Satu', 'Anggota Dua'];
    await tx.insert(users).values(logins.map((l, i) => ({
      email: l.email,
      password_hash: passwordHash,
      ...profile(names[i]!, i),
      is_b2b: l.kind === 'institution',
      institution_id: l.kind === 'institution' ? institution!.id : null,
      company_id: company!.id,
    })));

    const staffLogins = [
      { email: 'operator@epot.local', role: 'operator' as const },
      { email: 'admin.lembaga@epot.local', role: 'institution-admin' as const },
    ];
    await tx.insert(staff).values(staffLogins.map((l) => ({
      email: l.email, role: l.role, password_hash: passwordHash, created_at: now,
      // Demo accounts sign in without TOTP (issue 14); other operators must enrol it first.
      totp_exempt: true,
      name: l.role === 'operator' ? 'Operator Demo' : 'Admin Lembaga Demo',
      institution_id: l.role === 'operator' ? null : institution!.id,
    })));

    const individual = Array.from({ length: CODES_PER_GROUP }, issueLicenceCode);
    const forInstitution = Array.from({ length: CODES_PER_GROUP }, issueLicenceCode);
    await tx.insert(licences).values([
      ...individual.map((c) => ({ code_hash: c.code_hash, code_hint: c.code_hint, product_id: product!.id })),
      ...forInstitution.map((c) => ({
        code_hash: c.code_hash, code_hint: c.code_hint, product_id: product!.id, institution_id: institution!.id,
      })),
    ]);

    return {
      companyId: company!.id,
      institutionId: institution!.id,
      productId: product!.id,
      logins,
      individualCodes: individual.map((c) => c.code),
      institutionCodes: forInstitution.map((c) => c.code),
      staffLogins,
    };
  });
}

/**
 * Imports content/demo-exam/exam.json for the demo company, once; null when it was already there
 * (or there is no demo company). The audio is checked and copied before the transaction, which
 * starts by claiming the marker; a process that loses the claim removes its copies again.
 */
export async function seedDemoExam(db: AppDb, store: BlobStore, now: Date): Promise<ImportResult | null> {
  const done = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_EXAM_SEED_KEY));
  if (done.length > 0) return null;
  const [company] = await db.select({ id: companies.id }).from(companies)
    .where(eq(companies.name, DEMO_COMPANY_NAME)).orderBy(asc(companies.created_at)).limit(1);
  if (!company) return null;
  const prepared = await prepareExamImport(DEMO_EXAM_FILE);
  const stored = await storeExamMedia(prepared, store);
  try {
    const result = await db.transaction(async (tx) => {
      const claimed = await tx.insert(appMeta)
        .values({ key: DEMO_EXAM_SEED_KEY, value: { seeded_at: now.toISOString() } })
        .onConflictDoNothing()
        .returning({ key: appMeta.key });
      return claimed.length === 0 ? null : insertExam(tx, prepared, stored, company.id);
    });
    if (!result) await stored.discard();
    return result;
  } catch (err) {
    await stored.discard();
    throw err;
  }
}

/** Whether the demo seed ran on this database. */
export async function isDemoSeeded(db: AppDb): Promise<boolean> {
  const rows = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  return rows.length > 0;
}

/** The block the starter prints once, after the first start. */
export function formatDemoBlock(seed: SeedResult, url: string): string {
  const line = '─'.repeat(64);
  return [
    line,
    ' EPOT siap. Buka: ' + url,
    '',
    ' Login demo (kata sandi untuk semua: ' + DEMO_PASSWORD + ')',
    ...seed.logins.map((l) => `   ${l.email.padEnd(24)} ${l.kind === 'individual' ? 'peserta individu' : 'anggota Lembaga Demo'}`),
    ...seed.staffLogins.map((l) => `   ${l.email.padEnd(24)} ${l.role === 'operator' ? 'operator (konsol staf)' : 'admin Lembaga Demo (konsol staf)'}`),
    '',
    ' Kode lisensi individu (hanya ditampilkan sekali):',
    ...seed.individualCodes.map((c) => '   ' + c),
    ' Kode lisensi Lembaga Demo (hanya ditampilkan sekali):',
    ...seed.institutionCodes.map((c) => '   ' + c),
    line,
  ].join('\n');
}
