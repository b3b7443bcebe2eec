import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { companies, institutions, users } from '../db/schema/index.ts';
import { seedDemo } from '../seed/demo-seed.ts';
import { redeemLicence } from '../services/orders/orders.ts';
import { createMigratedDataDir, createTestDatabase, testDbKind, type TestDatabase } from '../../tests/server-helpers/test-db.ts';
import { runAdmin } from './admin.ts';
import { systemClock } from '../services/platform/clock.ts';

// The CLI opens the database itself, from env: a PGlite folder or the private PostgreSQL database.
let dir: string;
let pg: TestDatabase | undefined;
let env: Record<string, string>;
const open = () => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, env, (l) => out.push(l), (l) => err.push(l));
  return { code, out, err: err.join('\n') };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'epot-admin-'));
  if (testDbKind() === 'postgres') {
    pg = await createTestDatabase();
    env = { NODE_ENV: 'test', DATABASE_URL: pg.url! };
  } else {
    env = { NODE_ENV: 'test', DATA_DIR: dir };
  }
  // PGlite: the folder starts from the migrated copy (no initdb on disk); migrate() then finds nothing to do.
  const db = pg ? await open() : await createMigratedDataDir(env.DATA_DIR!);
  await db.migrate();
  await seedDemo(db.db, { clock: systemClock });
  await db.close();
});
afterAll(async () => {
  await pg?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('operator CLI', () => {
  it('issues institution codes, imports members from CSV, and one of them redeems a code', async () => {
    const created = await admin('institution', 'create', '--name', 'Universitas Contoh', '--failed', 'new_tab,face', '--camera', 'off');
    expect(created.code).toBe(0);
    const institutionId = /created institution (\S+)/.exec(created.out.join('\n'))![1]!;

    const csvOut = join(dir, 'codes.csv');
    const issued = await admin('licence', 'issue', '--count', '3', '--institution', institutionId, '--csv', csvOut);
    expect(issued.code).toBe(0);
    const codes = readFileSync(csvOut, 'utf8').trim().split(/\r?\n/).slice(1).map((l) => l.split(',')[0]!);
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

    const members = join(dir, 'members.csv');
    writeFileSync(members, 'email,fullname,phone\nsiti@contoh.ac.id,"Siti Aminah",0811\nBudi@Contoh.ac.id,Budi Santoso,\n');
    const imported = await admin('member', 'import', members, '--institution', institutionId);
    expect(imported.code).toBe(0);
    expect(imported.out.join('\n')).toMatch(/added 2 member/);

    const db = await open();
    try {
      const [budi] = await db.db.select().from(users).where(eq(users.email, 'budi@contoh.ac.id'));
      expect(budi).toMatchObject({ is_b2b: true, institution_id: institutionId, fullname: 'Budi Santoso' });
      expect(budi!.password_hash).toMatch(/^\$argon2id\$/);
      const { order } = await redeemLicence(db.db, { userId: budi!.id, code: codes[0]!, meta: { job: 'PNS', certificate_for: 'Melamar CPNS' }, now: systemClock.now() });
      expect(order.institution_id).toBe(institutionId);
      const [inst] = await db.db.select().from(institutions).where(eq(institutions.id, institutionId));
      expect(inst).toMatchObject({ active_camera: false, settings: { failed: { new_tab: true, face: true, voice: false } } });
    } finally {
      await db.close();
    }
  });

  it('folds and rebuilds the kept item analysis counts', async () => {
    expect(await admin('insights', 'fold')).toMatchObject({ code: 0, out: [expect.stringMatching(/^folded \d+ queued change\(s\)$/)] });
    expect(await admin('insights', 'rebuild')).toMatchObject({ code: 0, out: ['rebuilt: 0 order(s) counted again'] });
    expect((await admin('insights', 'recount')).code).toBe(2);
  });

  it('refuses bad arguments with usage and exit 2, and a bad CSV adds nobody', async () => {
    const bad = await admin('licence', 'issue', '--count', 'lots');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/usage: npm run admin -- licence issue/);
    expect((await admin('nope')).code).toBe(2);
    expect((await admin('institution', 'create')).code).toBe(2);

    const members = join(dir, 'dupe.csv');
    writeFileSync(members, 'email,fullname\nnew1@contoh.ac.id,Satu\nnew1@contoh.ac.id,Dua\n');
    expect((await admin('member', 'import', members)).code).toBe(2);
    writeFileSync(members, 'email,fullname\nnew2@contoh.ac.id,Dua\ndemo@epot.local,Sudah Ada\n');
    expect((await admin('member', 'import', members)).code).toBe(1);
    const db = await open();
    try {
      expect(await db.db.select().from(users).where(eq(users.email, 'new2@contoh.ac.id'))).toHaveLength(0);
    } finally {
      await db.close();
    }
  });

  it('edits settings, accepting the legacy violation.voice reading, and sets announcement and maintenance', async () => {
    const created = await admin('institution', 'create', '--name', 'Lembaga Lama');
    const id = /created institution (\S+)/.exec(created.out.join('\n'))![1]!;
    const set = await admin('institution', 'set', id, '--settings-json', '{"setting":{"identification":{"voice":false},"violation":{"voice":true}}}');
    expect(set.code).toBe(0);
    expect((await admin('company', 'announcement', '--images', '/img/promo.png'))).toMatchObject({ code: 0 });
    expect((await admin('company', 'maintenance', 'on'))).toMatchObject({ code: 0 });
    expect((await admin('company', 'announcement', '--images', 'javascript:alert(1)')).code).toBe(2);
    expect((await admin('company', 'announcement', '--images', 'https://cdn.example.com/a.png')).code).toBe(2);
    expect((await admin('company', 'announcement', '--images', '//cdn.example.com/a.png')).code).toBe(2);
    const db = await open();
    try {
      const [inst] = await db.db.select().from(institutions).where(eq(institutions.id, id));
      expect(inst!.settings).toEqual({ identification: { face: true, voice: false, new_tab: true }, failed: { face: false, voice: true, new_tab: true } });
      const [company] = await db.db.select().from(companies);
      expect(company).toMatchObject({ maintenance: true, settings: { announcement: { is_active: true, images: ['/img/promo.png'] } } });
    } finally {
      await db.close();
    }
  });
});
