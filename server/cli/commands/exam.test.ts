import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/demo-seed.ts';
import { writeExamFixture } from '../../../tests/server-helpers/exam-fixture.ts';
import { createMigratedDataDir, createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { runAdmin } from '../admin.ts';
import { systemClock } from '../../services/platform/clock.ts';

// The CLI opens the database from env; DATA_DIR is always private, since the media go there.
let dir: string;
let pg: TestDatabase | undefined;
let env: Record<string, string>;
let file: string;
const open = () => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, env, (l) => out.push(l), (l) => err.push(l));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'epot-exam-cli-'));
  env = { NODE_ENV: 'test', DATA_DIR: join(dir, 'data') };
  if (testDbKind() === 'postgres') {
    pg = await createTestDatabase();
    env.DATABASE_URL = pg.url!;
  }
  // PGlite: the folder starts from the migrated copy (no initdb on disk); migrate() then finds nothing to do.
  const db = pg ? await open() : await createMigratedDataDir(env.DATA_DIR!);
  await db.migrate();
  await seedDemo(db.db, { clock: systemClock });
  await db.close();
  file = writeExamFixture(join(dir, 'content'));
});
afterAll(async () => {
  await pg?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('exam command', () => {
  it('imports versions and lists them', async () => {
    expect((await admin('exam', 'list')).out).toBe('(no exams)');
    const first = await admin('exam', 'import', file);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^imported exam \S+: "Fixture Exam" version 1\n {2}questions: listening 3, structure 2, reading 2; 4 media files; listening audio 0:08$/);
    const second = await admin('exam', 'import', file);
    expect(second.code).toBe(0);
    const firstId = /imported exam (\S+):/.exec(first.out)![1]!;
    expect(second.out).toContain('version 2');
    expect(second.out).toContain(`archived the previous version ${firstId}`);
    expect(readdirSync(join(dir, 'data', 'media'))).toHaveLength(8);

    const list = (await admin('exam', 'list')).out.split('\n');
    expect(list).toHaveLength(2);
    expect(list[0]).toMatch(/ v2 {2}active {4}\d{4}-\d\d-\d\d {2}Fixture Exam {2}\(listening 3, reading 2, structure 2\)$/);
    expect(list[1]).toMatch(new RegExp(`^${firstId} {2}v1 {2}archived`));
  });

  it('reports a bad file with its problems and exits 1', async () => {
    const bad = join(dir, 'content', 'bad.json');
    writeFileSync(bad, JSON.stringify({ title: 'Bad', sections: {} }));
    const res = await admin('exam', 'import', bad);
    expect(res.code).toBe(1);
    expect(res.err).toContain('exam failed:');
    expect(res.err).toContain('bad.json: 3 problems\n  - exam: sections.listening is required\n  - exam: sections.structure is required');
  });

  it('needs --company once there are several companies', async () => {
    const db = await open();
    const [other] = await db.db.insert(companies).values({ name: 'Other', settings: { announcement: { is_active: false, images: [] } } })
      .returning({ id: companies.id });
    await db.close();
    const res = await admin('exam', 'import', file);
    expect(res.code).toBe(2);
    expect(res.err).toContain('--company is required');
    const ok = await admin('exam', 'import', file, '--company', other!.id);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('version 1');
    expect((await admin('exam', 'list', '--company', other!.id)).out.split('\n')).toHaveLength(1);
  });

  it('prints usage for bad arguments', async () => {
    for (const argv of [['exam', 'frob'], ['exam', 'import', 'a.json', 'b.json'], ['exam', 'list', '--company', 'x']]) {
      const res = await admin(...argv);
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.err).toContain('usage: npm run admin -- exam import FILE.json');
    }
  });
});
