import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../db/client.ts';
import { answerKeys, companies, examParts, exams, media, questionGroups, questions } from '../../db/schema/index.ts';
import { DEMO_EXAM_FILE } from '../../seed/demo-seed.ts';
import { FIXTURE_PNG, fixtureExamDoc, writeExamFixture } from '../../../tests/server-helpers/exam-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { installZodMessages } from '../../plugins/zod-messages.ts';
import {
  ExamImportError, importExam, insertExam, prepareExamImport, storeExamMedia, type PreparedExam,
} from './exam-import.ts';
import type { BlobStore } from '../media/blob-store.ts';
import { createDiskStore } from '../media/disk-store.ts';

let root: string;
let t: TestDatabase;
let db: AppDb;
let companyId: string;
let store: BlobStore;
let fixtureDir: string;
let n = 0;

/** Writes `doc` as exam.json next to the fixture media; returns the file. */
function writeDoc(doc: unknown): string {
  const file = join(fixtureDir, `exam-${++n}.json`);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return file;
}

async function problemsOf(doc: unknown): Promise<string[]> {
  const err = await prepareExamImport(writeDoc(doc)).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ExamImportError);
  return (err as ExamImportError).problems;
}

const storedFiles = () => (existsSync(join(root, 'data', 'media')) ? readdirSync(join(root, 'data', 'media')) : []);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'epot-exam-import-'));
  fixtureDir = join(root, 'content');
  writeExamFixture(fixtureDir);
  store = createDiskStore(join(root, 'data'));
  t = await createTestDatabase();
  db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Import Co', settings: { announcement: { is_active: false, images: [] } } })
    .returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(async () => {
  await t?.cleanup();
  rmSync(root, { recursive: true, force: true });
});

describe('prepareExamImport', () => {
  it('accepts the fixture, measures its audio and stores a file used twice once', async () => {
    const prepared = await prepareExamImport(writeDoc(fixtureExamDoc()));
    expect(prepared.counts).toEqual({ listening: 3, structure: 2, reading: 2 });
    const files = [...prepared.media.values()];
    expect(files.map((m) => m.title).sort()).toEqual(['one.webm', 'pic.png', 'say.webm', 'two.webm']);
    const byTitle = Object.fromEntries(files.map((m) => [m.title, m]));
    expect(byTitle['one.webm']).toMatchObject({ type: 'audio', mime: 'audio/webm' });
    expect(byTitle['one.webm']!.duration_ms).toBeGreaterThan(1900);
    expect(byTitle['one.webm']!.duration_ms).toBeLessThan(2100);
    expect(byTitle['pic.png']).toMatchObject({ type: 'image', mime: 'image/png', duration_ms: null, byte_size: FIXTURE_PNG.length });
  });

  it('names the item for each problem', async () => {
    const doc = fixtureExamDoc();
    const reading = doc.sections.reading.parts[0]!.groups[0]!;
    reading.questions[1]!.answer = 5;
    reading.questions[0]!.options = ['one', 'two', 'one', 'four'];
    doc.sections.listening.parts[0]!.groups[1]!.questions[0]!.options.pop();
    doc.sections.structure.parts[0]!.groups[0]!.questions[0]!.options[2] = ' ';
    expect(await problemsOf(doc)).toEqual(expect.arrayContaining([
      'reading part A group 1 question 2: answer must be 0-3',
      'listening part A group 2 question 1: options must have exactly 4 items',
      'structure part A group 1 question 1: option 3 must not be empty',
    ]));
    // Content rules run once the shape is right.
    const shapeOk = fixtureExamDoc();
    shapeOk.sections.reading.parts[0]!.groups[0]!.questions[0]!.options = ['one', 'two', 'one', 'four'];
    expect(await problemsOf(shapeOk)).toEqual([
      'reading part A group 1 question 1: option 1 and option 3 are the same ("one"); answers are matched by text',
    ]);
  });

  it('checks counts, groups, parts and the written-expression markup', async () => {
    const doc = fixtureExamDoc();
    doc.sections.listening.question_count = 50;
    doc.sections.listening.parts[0]!.groups[0]!.questions.push({ text: 'Again?', options: ['a', 'b', 'c', 'd'], answer: 0 });
    doc.sections.structure.parts[1]!.part = 'A';
    const we = doc.sections.structure.parts[1]!.groups[0]!.questions[0]!;
    we.options = ['go', 'school', 'every', 'night'];
    doc.sections.reading.parts[0]!.groups[0]!.text = '';
    doc.sections.reading.parts[0]!.groups[0]!.transcript = 'W: no audio here';
    expect((await problemsOf(doc)).sort()).toEqual([
      'listening part A group 1: is_group is false, so it must hold exactly one question (it holds 2)',
      'listening: question_count is 50 but the section holds 4 questions',
      'reading part A group 1: a group needs a text or an audio',
      'reading part A group 1: transcript given without audio',
      'structure part A group 1 question 1: option 4 must be the text underlined as [D] ("day")',
      'structure: each part letter may appear once (got A, A)',
    ]);
  });

  it('refuses sections longer than the score chart', async () => {
    const doc = fixtureExamDoc();
    const group = doc.sections.structure.parts[0]!.groups[0]!;
    doc.sections.structure.parts[0]!.groups = Array.from({ length: 41 }, () => group);
    doc.sections.structure.question_count = 42;
    expect(await problemsOf(doc)).toEqual(['structure: 42 questions; the score conversion covers at most 40']);
  });

  it('checks media: present, of the right kind, readable audio, inside the folder', async () => {
    const doc = fixtureExamDoc();
    const groups = doc.sections.listening.parts[0]!.groups;
    groups[0]!.audio = 'audio/missing.webm';
    groups[1]!.audio = 'audio/fake.webm';
    doc.sections.listening.parts[0]!.direction.audio = 'img/pic.png';
    doc.sections.reading.parts[0]!.groups[0]!.questions[1]!.image = 'audio/one.webm';
    expect((await problemsOf(doc)).sort()).toEqual([
      'listening part A direction: audio img/pic.png must be one of .webm, .ogg, .opus, .mp3, .m4a, .wav',
      'listening part A group 1: audio file audio/missing.webm not found',
      'listening part A group 2: audio audio/fake.webm: not a readable audio file',
      'reading part A group 1 question 2: image audio/one.webm must be one of .png, .jpg, .jpeg, .webp, .gif',
    ]);
  });

  it('refuses media paths outside the exam folder', async () => {
    const doc = fixtureExamDoc();
    doc.sections.listening.parts[0]!.close!.audio = '../outside.webm';
    doc.sections.listening.parts[0]!.groups[0]!.audio = '/etc/passwd.webm';
    expect((await problemsOf(doc)).sort()).toEqual([
      'listening part A close: audio must be a relative path inside the exam folder',
      'listening part A group 1: audio must be a relative path inside the exam folder',
    ]);
  });

  it('stays in English after the server installed its Indonesian zod texts', async () => {
    installZodMessages();
    const doc = fixtureExamDoc();
    doc.sections.reading.parts[0]!.groups[0]!.questions[0]!.options.pop();
    (doc.sections.reading.parts[0]!.groups[0]! as { is_group: unknown }).is_group = 'yes';
    expect(await problemsOf(doc)).toEqual([
      'reading part A group 1: is_group must be a boolean',
      'reading part A group 1 question 1: options must have exactly 4 items',
    ]);
  });

  it('reports bad JSON, a missing file and unknown fields', async () => {
    expect(await problemsOf('{"title": ')).toEqual([expect.stringMatching(/^not valid JSON/)]);
    await expect(prepareExamImport(join(fixtureDir, 'nope.json'))).rejects.toMatchObject({ problems: ['file not found'] });
    const doc = { ...fixtureExamDoc(), quesitons: [] } as unknown;
    expect(await problemsOf(doc)).toEqual(['exam: has unknown field quesitons']);
    const noTitle = { sections: fixtureExamDoc().sections };
    expect(await problemsOf(noTitle)).toEqual(['exam: title is required']);
  });
});

describe('importExam', () => {
  let first: Awaited<ReturnType<typeof importExam>>;
  beforeAll(async () => {
    first = await importExam(db, store, { file: writeDoc(fixtureExamDoc()), companyId });
  });

  it('inserts the exam as version 1 with its parts, groups, questions, keys and media', async () => {
    expect(first).toMatchObject({ title: 'Fixture Exam', version: 1, archivedExamIds: [], mediaCount: 4 });
    expect(first.questionCounts).toEqual({ listening: 3, structure: 2, reading: 2 });
    // direction + close (the same 1.5 s file, counted at each place it plays) + 2 s + 3 s
    expect(first.listeningAudioMs).toBeGreaterThan(7800);
    expect(first.listeningAudioMs).toBeLessThan(8200);

    const parts = await db.select().from(examParts).where(eq(examParts.exam_id, first.examId)).orderBy(asc(examParts.section), asc(examParts.position));
    expect(parts.map((p) => `${p.section} ${p.part}`)).toEqual(['listening A', 'reading A', 'structure A', 'structure B']);
    const listening = parts[0]!;
    expect(listening.direction_media_id).toBe(listening.close_media_id);
    expect(listening.close_text).toBe('End of part A.');

    const groups = await db.select().from(questionGroups).where(eq(questionGroups.part_id, listening.id)).orderBy(asc(questionGroups.position));
    expect(groups.map((g) => [g.is_group, g.transcript, g.text])).toEqual([[false, 'M: Hi.\nW: Hello.', ''], [true, 'W: A talk.', '']]);
    const rows = await db.select({ q: questions, key: answerKeys.correct_index }).from(questions)
      .innerJoin(answerKeys, eq(answerKeys.question_id, questions.id))
      .where(inArray(questions.group_id, groups.map((g) => g.id)))
      .orderBy(asc(questions.number));
    expect(rows.map((r) => [r.q.number, r.q.text, r.key])).toEqual([[1, 'What does the woman say?', 1], [2, 'Who speaks?', 0], [3, 'Why?', 3]]);
    expect(rows[0]!.q.options).toEqual([{ text: 'one' }, { text: 'two' }, { text: 'three' }, { text: 'four' }]);
    expect(rows[0]!.q.type).toBe('single_choice');

    const files = await db.select().from(media);
    expect(files).toHaveLength(4);
    for (const f of files) {
      expect(f.source).toBe('import');
      expect(await store.size(f.storage_key)).toBe(f.byte_size);
    }
    const [image] = files.filter((f) => f.type === 'image');
    const [withImage] = await db.select().from(questions).where(eq(questions.image_media_id, image!.id));
    expect(withImage!.text).toBe('What is shown?');
  });

  it('makes a re-import a new version and archives the old one without touching its rows', async () => {
    const before = await db.select().from(questions);
    const doc = fixtureExamDoc();
    doc.sections.structure.parts[0]!.groups[0]!.questions[0]!.answer = 1;
    doc.sections.structure.parts[0]!.groups[0]!.questions[0]!.options = ['live', 'lives', 'living', 'to live'];
    const second = await importExam(db, store, { file: writeDoc(doc), companyId });
    expect(second).toMatchObject({ version: 2, archivedExamIds: [first.examId] });
    const all = await db.select().from(exams).orderBy(asc(exams.version));
    expect(all.map((e) => [e.version, e.status])).toEqual([[1, 'archived'], [2, 'active']]);
    const after = await db.select().from(questions);
    expect(after).toHaveLength(before.length * 2);
    expect(after.filter((q) => before.some((b) => b.id === q.id))).toEqual(before);
    expect(storedFiles()).toHaveLength(8);
  });

  it('leaves nothing behind when the company does not exist', async () => {
    const files = storedFiles();
    const examCount = (await db.select().from(exams)).length;
    await expect(importExam(db, store, { file: writeDoc(fixtureExamDoc()), companyId: '00000000-0000-4000-8000-000000000000' }))
      .rejects.toThrow(/company 00000000-0000-4000-8000-000000000000 does not exist/);
    expect(storedFiles()).toEqual(files);
    expect(await db.select().from(exams)).toHaveLength(examCount);
  });

  it('rolls every row back when an insert fails part-way', async () => {
    const counts = async () => Promise.all([exams, examParts, questionGroups, questions, answerKeys, media]
      .map(async (table) => (await db.select().from(table)).length));
    const before = await counts();
    const prepared: PreparedExam = await prepareExamImport(writeDoc({ ...fixtureExamDoc(), title: 'Broken Exam' }));
    // An answer the database refuses: it is in the last insert, after all the others.
    prepared.doc.sections.reading.parts[0]!.groups[0]!.questions[1]!.answer = 7;
    const stored = await storeExamMedia(prepared, store);
    await expect(db.transaction((tx) => insertExam(tx, prepared, stored, companyId))).rejects.toThrow();
    await stored.discard();
    expect(await counts()).toEqual(before);
    expect(await db.select().from(exams).where(and(eq(exams.company_id, companyId), eq(exams.title, 'Broken Exam')))).toEqual([]);
  });

  it('imports the demo exam with its answers, transcripts and markup', async () => {
    const result = await importExam(db, store, { file: DEMO_EXAM_FILE, companyId });
    expect(result).toMatchObject({ title: 'EPOT Demo Exam', version: 1, mediaCount: 41, questionCounts: { listening: 50, structure: 40, reading: 50 } });
    // Listening runs about 20-30 minutes (the spec's clock adds 300 s).
    expect(result.listeningAudioMs).toBeGreaterThan(20 * 60_000);
    expect(result.listeningAudioMs).toBeLessThan(30 * 60_000);
    const audio = await db.select().from(media).where(inArray(media.id, db.select({ id: questionGroups.media_id }).from(questionGroups)
      .innerJoin(examParts, eq(examParts.id, questionGroups.part_id)).where(eq(examParts.exam_id, result.examId))));
    expect(audio).toHaveLength(35); // 30 + 2 + 3 listening groups; the rest are directions and close statements
    for (const m of audio) expect(m.duration_ms, m.title).toBeGreaterThan(5000);
    const rows = await db.select({ section: examParts.section, part: examParts.part, group: questionGroups, q: questions, key: answerKeys.correct_index })
      .from(questions)
      .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
      .innerJoin(examParts, eq(examParts.id, questionGroups.part_id))
      .innerJoin(answerKeys, eq(answerKeys.question_id, questions.id))
      .where(eq(examParts.exam_id, result.examId));
    expect(rows).toHaveLength(140);
    for (const section of ['listening', 'structure', 'reading']) {
      const numbers = rows.filter((r) => r.section === section).map((r) => r.q.number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    }
    for (const r of rows.filter((x) => x.section === 'listening')) {
      expect(r.group.media_id).not.toBeNull();
      expect(r.group.transcript).toMatch(/^(M|W|Narrator): /);
    }
    const we = rows.find((r) => r.section === 'structure' && r.part === 'B' && r.q.number === 16)!;
    expect(we.q.text).toContain('[A]participants[/A]');
    expect(we.q.options.map((o) => o.text)).toEqual(['participants', 'were', 'at the end', 'the workshop']);
    expect(we.key).toBe(1);
    const spread = [0, 0, 0, 0];
    for (const r of rows) spread[r.key]!++;
    for (const count of spread) expect(count).toBeGreaterThanOrEqual(30);
  });
});
