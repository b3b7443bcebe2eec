import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createDiskStore } from '../services/media/disk-store.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/server-helpers/test-db.ts';
import { appMeta, companies, exams, media, questions } from '../db/schema/index.ts';
import { DEMO_COMPANY_NAME, DEMO_EXAM_SEED_KEY, seedDemo, seedDemoExam } from './demo-seed.ts';
import { systemClock } from '../services/platform/clock.ts';

let t: TestDatabase;
let dataDir: string;
const mediaFiles = () => readdirSync(join(dataDir, 'media'));

beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'epot-seed-exam-'));
});
afterAll(async () => {
  await t?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo exam seed', () => {
  it('is skipped without a data folder, then added to an already seeded database', async () => {
    const db = t.database.db;
    expect(await seedDemo(db, { clock: systemClock })).not.toBeNull();
    expect(await db.select().from(exams)).toEqual([]);
    expect(await seedDemo(db, { store: createDiskStore(dataDir), clock: systemClock })).toBeNull(); // the accounts exist: only the exam is new
    const [exam] = await db.select().from(exams);
    const [company] = await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY_NAME));
    expect(exam).toMatchObject({ title: 'EPOT Demo Exam', version: 1, status: 'active', company_id: company!.id });
    expect(await db.select().from(questions)).toHaveLength(140);
    expect(await db.select().from(appMeta).where(eq(appMeta.key, DEMO_EXAM_SEED_KEY))).toHaveLength(1);
    const rows = await db.select().from(media);
    expect(rows).toHaveLength(41);
    expect(mediaFiles().sort()).toEqual(rows.map((m) => m.storage_key).sort());
  });

  it('runs once, also when two processes race', async () => {
    const db = t.database.db;
    expect(await seedDemo(db, { store: createDiskStore(dataDir), clock: systemClock })).toBeNull();
    expect(await db.transaction(async (tx) => tx.delete(appMeta).where(eq(appMeta.key, DEMO_EXAM_SEED_KEY)).returning()))
      .toHaveLength(1);
    // Both prepare and copy the audio; one claims the marker, the other removes its copies.
    const results = await Promise.all([seedDemoExam(db, createDiskStore(dataDir), systemClock.now()), seedDemoExam(db, createDiskStore(dataDir), systemClock.now())]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await db.select().from(exams)).toHaveLength(2); // version 2 of the same title
    expect(mediaFiles()).toHaveLength(82);
    expect(await seedDemoExam(db, createDiskStore(dataDir), systemClock.now())).toBeNull();
  });
});
