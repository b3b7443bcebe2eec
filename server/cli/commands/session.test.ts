// `npm run admin -- session …` (issue 30): the operator schedules a session from a CSV of e-mails (WIB
// times), lists and shows it, and ends it with a reason; an unknown e-mail is refused by name, and
// bad arguments print the usage (exit 2). Same service and audit as the console.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '../../../contracts/facts/index.ts';
import { openDatabase } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { seedDemo, type SeedResult } from '../../seed/demo-seed.ts';
import type { Clock } from '../../services/platform/clock.ts';
import { createMember } from '../../../tests/server-helpers/members.ts';
import { createMigratedDataDir, createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { runAdmin } from '../admin.ts';

const clock: Clock = { now: () => new Date('2026-12-01T03:00:00Z') };
let dir: string;
let pg: TestDatabase | undefined;
let env: Record<string, string>;
let seed: SeedResult;
const emails: string[] = [];
const open = () => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, env, (l) => out.push(l), (l) => err.push(l), undefined, clock);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'epot-session-cli-'));
  env = { NODE_ENV: 'test', DATA_DIR: join(dir, 'data') };
  if (testDbKind() === 'postgres') {
    pg = await createTestDatabase();
    env.DATABASE_URL = pg.url!;
  }
  // PGlite: the folder starts from the migrated copy (no initdb on disk); migrate() then finds nothing to do.
  const db = pg ? await open() : await createMigratedDataDir(env.DATA_DIR!);
  await db.migrate();
  seed = (await seedDemo(db.db, { clock }))!;
  for (let i = 0; i < 3; i++) emails.push((await createMember(db.db, { is_b2b: true, institution_id: seed.institutionId, company_id: seed.companyId })).user.email);
  await db.close();
});
afterAll(async () => {
  await pg?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('session command', () => {
  it('creates from a CSV of e-mails, lists, shows and ends with a reason (audited)', async () => {
    const csv = join(dir, 'cohort.csv');
    writeFileSync(csv, `fullname,email\nA,${emails[0]}\nB,${emails[1]!.toUpperCase()}\n`);
    const created = await admin('session', 'create', '--institution', seed.institutionId, '--name', 'Sabtu Lab 3', '--opens', '2026-12-05 09:00',
      '--last-start', '2026-12-05 10:00', '--closes', '2026-12-05 13:00', '--members-csv', csv, '--email', emails[2]!);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toContain('Sabtu Lab 3: 3 member(s), opens Sabtu, 5 Desember 2026 pukul 09.00 WIB');
    const id = created.out.split(' ')[0]!;
    expect((await admin('session', 'list', '--institution', seed.institutionId)).out).toMatch(/Terjadwal .*3 member\(s\) {2}Sabtu Lab 3\n1 session\(s\)/);
    const shown = await admin('session', 'show', id);
    for (const e of emails) expect(shown.out).toContain(e);
    const ended = await admin('session', 'end', id, '--reason', 'Listrik padam di gedung');
    expect(ended.out).toBe('Sabtu Lab 3: Diakhiri');
    const db = await open();
    try {
      const actions = (await db.db.select().from(auditLog)).map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['session.create', 'session.end']));
    } finally {
      await db.close();
    }
  });

  it('refuses an e-mail outside the institution by name, and bad arguments with the usage', async () => {
    const bad = await admin('session', 'create', '--institution', seed.institutionId, '--name', 'X', '--opens', '2026-12-05 09:00',
      '--last-start', '2026-12-05 10:00', '--closes', '2026-12-05 13:00', '--email', 'bukan.peserta@contoh.id');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(SESSION_MESSAGES.unknownEmails(['bukan.peserta@contoh.id']));
    const usage = await admin('session', 'create', '--institution', seed.institutionId, '--name', 'X', '--opens', 'besok');
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('usage: npm run admin -- session create');
  });
});
