import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashLicenceCode, licenceCodeHint } from '../services/orders/licence-codes.ts';
import { verifyPassword } from '../services/accounts/passwords.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../tests/server-helpers/test-db.ts';
import { appMeta, companies, institutions, licences, users } from '../db/schema/index.ts';
import { DEMO_PASSWORD, formatDemoBlock, isDemoSeeded, seedDemo, type SeedResult } from './demo-seed.ts';
import { systemClock } from '../services/platform/clock.ts';

let t: TestDatabase;
let first: SeedResult | null;
beforeAll(async () => {
  t = await createTestDatabase();
  first = await seedDemo(t.database.db, { clock: systemClock });
});
afterAll(async () => { await t?.cleanup(); });

describe('database', () => {
  it('opens the kind under test with the migrations applied once', async () => {
    expect(t.database.kind).toBe(testDbKind());
    const before = await t.database.migrationInfo();
    expect(before.version).toBeGreaterThan(0);
    await t.database.migrate(); // already applied: a no-op
    expect(await t.database.migrationInfo()).toEqual(before);
  });
});

describe('demo seed', () => {
  it('creates the demo data once and nothing on a second run', async () => {
    expect(first).not.toBeNull();
    expect(await isDemoSeeded(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db, { clock: systemClock })).toBeNull();
    const db = t.database.db;
    expect(await db.select().from(companies)).toHaveLength(1);
    expect(await db.select().from(users)).toHaveLength(3);
    expect(await db.select().from(licences)).toHaveLength(10);
    expect(await db.select().from(appMeta)).toHaveLength(1);
  });

  it('makes complete profiles that log in with the demo password', async () => {
    const rows = await t.database.db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual(['anggota1@epot.local', 'anggota2@epot.local', 'demo@epot.local']);
    for (const u of rows) {
      expect(u.is_updated_profile).toBe(true);
      expect(u.fullname && u.date_of_birth && u.place_of_birth && u.phone_number && u.residential_address).toBeTruthy();
      expect(u.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(u.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(u.password_hash, 'wrong')).toBe(false);
      expect(u.is_b2b).toBe(u.email !== 'demo@epot.local');
      expect(u.institution_id).toBe(u.is_b2b ? first!.institutionId : null);
    }
  });

  it('sets up the institution and company settings', async () => {
    const [inst] = await t.database.db.select().from(institutions).where(eq(institutions.id, first!.institutionId));
    expect(inst).toMatchObject({
      name: 'Lembaga Demo',
      active_camera: true,
      settings: { identification: { face: true, voice: true, new_tab: true }, failed: { face: true, voice: false, new_tab: true } },
    });
    const [company] = await t.database.db.select().from(companies);
    expect(company).toMatchObject({ maintenance: false, settings: { announcement: { is_active: false, images: [] } } });
  });

  it('stores only hashes of the codes it returns', async () => {
    const rows = await t.database.db.select().from(licences);
    const byHash = new Map(rows.map((r) => [r.code_hash, r]));
    const check = (codes: string[], institutionId: string | null) => {
      expect(codes).toHaveLength(5);
      for (const code of codes) {
        expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
        const row = byHash.get(hashLicenceCode(code));
        expect(row).toBeDefined();
        expect(row!.code_hint).toBe(licenceCodeHint(code));
        expect(row!.institution_id).toBe(institutionId);
        expect(row!.redeemed_by).toBeNull();
      }
    };
    check(first!.individualCodes, null);
    check(first!.institutionCodes, first!.institutionId);
    expect(JSON.stringify(rows)).not.toContain(first!.individualCodes[0]!.replaceAll('-', ''));
    expect(await t.database.db.select().from(licences).where(isNull(licences.redeemed_at))).toHaveLength(10);
  });

  it('prints the codes and logins in the start-up block', () => {
    const text = formatDemoBlock(first!, 'http://localhost:8080/');
    expect(text).toContain('http://localhost:8080/');
    expect(text).toContain('demo@epot.local');
    for (const s of first!.staffLogins) expect(text).toContain(s.email);
    for (const c of [...first!.individualCodes, ...first!.institutionCodes]) expect(text).toContain(c);
  });

  it('refuses an e-mail that is not lowercased', async () => {
    await expect(t.database.db.insert(users).values({ email: 'Mixed@Epot.local', company_id: first!.companyId }))
      .rejects.toThrow();
  });
});
