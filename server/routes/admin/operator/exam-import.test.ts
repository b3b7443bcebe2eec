// Exam import from the browser: a zip of exam.json and its media runs the CLI's importer (a new
// version archives the old one), its problems answer 422 exactly as the CLI lists them, unsafe
// archives (zip-slip, too big, too many files) are refused before anything is written; versions
// are listed, archived and activated, each change audited.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_MESSAGES } from '../../../../contracts/facts/index.ts';
import { exams } from '../../../db/schema/index.ts';
import { ExamImportError, prepareExamImport } from '../../../services/exam/exam-import.ts';
import { safeUnzip, UnzipError } from '../../../services/operator/safe-unzip.ts';
import { fixtureExamDoc, writeExamFixture } from '../../../../tests/server-helpers/exam-fixture.ts';
import { auditAs, staffJson, staffToken } from '../../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../../tests/server-helpers/test-app.ts';
import { multipartBody } from '../../../../tests/server-helpers/uploads.ts';
import { filesOf, swapName, zipOf } from '../../../../tests/server-helpers/zip.ts';

let t: TestApp;
let op: string;
let dir: string;
let media: Record<string, Buffer>;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T15:00:00Z' });
  op = await staffToken(t, 'operator@epot.local');
  dir = mkdtempSync(join(tmpdir(), 'epot-zip-fixture-'));
  writeExamFixture(dir);
  media = filesOf(dir);
});
afterAll(async () => {
  await t?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function importZip(zip: Buffer, companyId: string | null = t.seed!.companyId, token = op) {
  const { payload, contentType } = multipartBody(companyId ? { company_id: companyId } : {}, [{ filename: 'exam.zip', data: zip, contentType: 'application/zip' }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/v1/exams/import', payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
}
const countExams = async () => (await t.db.select().from(exams)).length;

describe('exam import from a zip', () => {
  it('imports a good zip (exam.json in a top folder), then a second version archives the first', async () => {
    const zip = await zipOf(Object.fromEntries(Object.entries(media).map(([k, v]) => [`paket/${k}`, v])));
    const first = await importZip(zip);
    expect(first).toMatchObject({ code: 200, body: { message: OPERATOR_MESSAGES.examImported, data: {
      title: 'Fixture Exam', version: 1, archived_exam_ids: [], question_counts: { listening: 3, structure: 2, reading: 2 }, media_count: 4,
    } } });
    expect(first.body.data.listening_audio_ms).toBeGreaterThan(5000);
    const second = await importZip(await zipOf(media));
    expect(second.body.data).toMatchObject({ version: 2, archived_exam_ids: [first.body.data.exam_id] });
    const list = (await staffJson(t, op, 'GET', `/exams?company_id=${t.seed!.companyId}`)).body.data.list as { id: string; status: string; version: number; question_counts: object }[];
    expect(list.map((e) => [e.version, e.status])).toEqual([[2, 'active'], [1, 'archived']]);
    expect(list[0]!.question_counts).toEqual({ listening: 3, structure: 2, reading: 2 });
    const [audit] = await auditAs(t, op, 'exam.import');
    expect(audit).toMatchObject({ target_id: second.body.data.exam_id, before: { active_exam_ids: [first.body.data.exam_id] }, after: { title: 'Fixture Exam', version: 2 } });
  }, 60_000);

  it('answers the importer problems as the CLI lists them, and stores nothing', async () => {
    const doc = fixtureExamDoc();
    doc.sections.reading.parts[0]!.groups[0]!.questions[1]!.answer = 7;
    doc.sections.listening.parts[0]!.groups[0]!.audio = 'audio/missing.webm';
    const before = await countExams();
    const r = await importZip(await zipOf({ ...media, 'exam.json': JSON.stringify(doc) }));
    expect(r.code).toBe(422);
    expect(r.body).toMatchObject({ status: 422, message: OPERATOR_MESSAGES.examProblems, data: { file: 'exam.json' } });
    // The same list the CLI prints for the same file on disk.
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = await prepareExamImport(file).then(() => null, (e: unknown) => e as ExamImportError);
    expect(cli).toBeInstanceOf(ExamImportError);
    expect(r.body.data.problems).toEqual(cli!.problems);
    expect(r.body.data.problems.length).toBeGreaterThanOrEqual(1);
    expect(await countExams()).toBe(before);
  });

  it('refuses a zip-slip entry, a zip without exam.json, a file that is not a zip, and a missing company', async () => {
    const slip = swapName(await zipOf({ ...media, 'aa/evil.txt': 'pwned' }), 'aa/evil.txt', '../evil.txt');
    expect(await importZip(slip)).toMatchObject({ code: 400, body: { message: OPERATOR_MESSAGES.zipUnsafe('../evil.txt') } });
    expect(existsSync(join(tmpdir(), 'evil.txt'))).toBe(false);
    const absolute = swapName(await zipOf({ ...media, 'xtmp/evil.txt': 'pwned' }), 'xtmp/evil.txt', '/tmp/evil.txt');
    expect((await importZip(absolute)).code).toBe(400);
    expect(await importZip(await zipOf({ 'readme.txt': 'hi' }))).toMatchObject({ code: 400, body: { message: OPERATOR_MESSAGES.zipNoExam } });
    expect(await importZip(Buffer.from('not a zip at all'))).toMatchObject({ code: 400, body: { message: OPERATOR_MESSAGES.zipInvalid } });
    expect(await importZip(await zipOf(media), null)).toMatchObject({ code: 400, body: { message: OPERATOR_MESSAGES.companyRequired } });
  });

  it('stops zip bombs by the unpacked size and the file count (limits as the service takes them)', async () => {
    const bomb = join(dir, 'bomb.zip');
    writeFileSync(bomb, await zipOf({ 'exam.json': Buffer.alloc(5 * 1024 * 1024) }));
    await expect(safeUnzip(bomb, { maxBytes: 1024 * 1024, maxFiles: 10 })).rejects.toMatchObject({ problem: 'too-big' });
    const many = join(dir, 'many.zip');
    writeFileSync(many, await zipOf(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.txt`, 'x']))));
    await expect(safeUnzip(many, { maxBytes: 1024 * 1024, maxFiles: 10 })).rejects.toBeInstanceOf(UnzipError);
    const ok = await safeUnzip(many, { maxBytes: 1024 * 1024, maxFiles: 20 });
    expect(ok.files).toHaveLength(12);
    await ok.cleanup();
  });
});

describe('exam versions', () => {
  it('activates an archived version (archiving the active one) and archives it again, audited', async () => {
    const list = (await staffJson(t, op, 'GET', '/exams')).body.data.list as { id: string; status: string; title: string }[];
    const old = list.find((e) => e.title === 'Fixture Exam' && e.status === 'archived')!;
    const active = list.find((e) => e.title === 'Fixture Exam' && e.status === 'active')!;
    const on = await staffJson(t, op, 'PUT', `/exams/${old.id}/status`, { status: 'active' });
    expect(on.body).toMatchObject({ message: OPERATOR_MESSAGES.examActivated, data: { id: old.id, status: 'active' } });
    const after = (await staffJson(t, op, 'GET', '/exams')).body.data.list as { id: string; status: string }[];
    expect(after.find((e) => e.id === active.id)!.status).toBe('archived');
    expect((await auditAs(t, op, 'exam.activate'))[0]).toMatchObject({ target_id: old.id, before: { status: 'archived' }, after: { status: 'active', archived_exam_ids: [active.id] } });
    const off = await staffJson(t, op, 'PUT', `/exams/${old.id}/status`, { status: 'archived' });
    expect(off.body.data.status).toBe('archived');
    expect((await auditAs(t, op, 'exam.archive'))[0]).toMatchObject({ target_id: old.id, before: { status: 'active' }, after: { status: 'archived' } });
    expect((await staffJson(t, op, 'PUT', `/exams/${crypto.randomUUID()}/status`, { status: 'active' })).code).toBe(404);
    expect((await staffJson(t, op, 'PUT', `/exams/${old.id}/status`, { status: 'deleted' })).code).toBe(400);
  });
});
