// Exam content as the operator runs it from the console: import a zip of exam.json and its media
// (the same importer as `npm run admin -- exam import`, with the same problem list), list the
// versions, and archive or activate one (one active version per title). Audited.
import { join, posix } from 'node:path';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { EXAM_ZIP_CONTENT_FILE, EXAM_ZIP_MAX_FILES, EXAM_ZIP_MAX_UNPACKED_BYTES, OPERATOR_MESSAGES } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { examParts, exams, questionGroups, questions, type ExamStatus } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { ExamImportError, importExam, type ImportResult } from '../exam/exam-import.ts';
import type { BlobStore } from '../media/blob-store.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';
import { safeUnzip, UnzipError, type UnzipLimits } from './safe-unzip.ts';

export interface ExamVersionView {
  id: string; company_id: string; title: string; version: number; status: ExamStatus; created_at: string;
  question_counts: { listening: number; structure: number; reading: number };
}

export async function listExamVersions(db: AppDb, companyId?: string): Promise<ExamVersionView[]> {
  const rows = await db.select({
    e: exams, section: examParts.section, n: count(questions.id),
  }).from(exams)
    .leftJoin(examParts, eq(examParts.exam_id, exams.id))
    .leftJoin(questionGroups, eq(questionGroups.part_id, examParts.id))
    .leftJoin(questions, eq(questions.group_id, questionGroups.id))
    .where(companyId ? eq(exams.company_id, companyId) : undefined)
    .groupBy(exams.id, examParts.section)
    .orderBy(asc(exams.title), desc(exams.version));
  const byId = new Map<string, ExamVersionView>();
  for (const { e, section, n } of rows) {
    const v = byId.get(e.id) ?? {
      id: e.id, company_id: e.company_id, title: e.title, version: e.version, status: e.status,
      created_at: e.created_at.toISOString(), question_counts: { listening: 0, structure: 0, reading: 0 },
    };
    if (section) v.question_counts[section] += Number(n);
    byId.set(e.id, v);
  }
  return [...byId.values()];
}

/** Archive a version, or activate it (archiving the title's active one). Undefined: no such exam. */
export async function setExamStatus(db: AppDb, id: string, status: ExamStatus, actor: AuditActor, now: Date): Promise<ExamVersionView | undefined> {
  const changed = await db.transaction(async (tx) => {
    const [exam] = await tx.select().from(exams).where(eq(exams.id, id)).for('update');
    if (!exam) return false;
    if (exam.status === status) return true;
    let archived: string[] = [];
    if (status === 'active') {
      const others = await tx.update(exams).set({ status: 'archived' })
        .where(and(eq(exams.company_id, exam.company_id), eq(exams.title, exam.title), eq(exams.status, 'active'), ne(exams.id, id)))
        .returning({ id: exams.id });
      archived = others.map((o) => o.id);
    }
    await tx.update(exams).set({ status }).where(eq(exams.id, id));
    await appendAudit(tx, actor, {
      action: status === 'active' ? 'exam.activate' : 'exam.archive', targetType: 'exam', targetId: id, institutionId: null,
      before: { status: exam.status }, after: { status, ...(archived.length ? { archived_exam_ids: archived } : {}) },
    }, now);
    return true;
  });
  if (!changed) return undefined;
  return (await listExamVersions(db)).find((v) => v.id === id);
}

/** The content file in the unpacked zip: at its root, or inside its one top folder. */
export function findContentFile(files: string[]): string | undefined {
  if (files.includes(EXAM_ZIP_CONTENT_FILE)) return EXAM_ZIP_CONTENT_FILE;
  const nested = files.filter((f) => posix.basename(f) === EXAM_ZIP_CONTENT_FILE && f.split('/').length === 2);
  return nested.length === 1 ? nested[0] : undefined;
}

const UNZIP_MESSAGES = {
  invalid: () => OPERATOR_MESSAGES.zipInvalid,
  unsafe: (entry: string) => OPERATOR_MESSAGES.zipUnsafe(entry),
  'too-big': () => OPERATOR_MESSAGES.zipTooBig,
  'too-many-files': () => OPERATOR_MESSAGES.zipTooManyFiles,
} as const;

export const DEFAULT_UNZIP_LIMITS: UnzipLimits = { maxBytes: EXAM_ZIP_MAX_UNPACKED_BYTES, maxFiles: EXAM_ZIP_MAX_FILES };

/**
 * Unpacks the uploaded zip and runs the importer on its exam.json. A refused archive is an
 * HttpError (400); content problems are the importer's ExamImportError (its `file` names the entry).
 */
export async function importExamZip(
  db: AppDb, store: BlobStore, input: { zipPath: string; companyId: string; actor: AuditActor; now: Date; limits?: UnzipLimits },
): Promise<ImportResult> {
  const unzipped = await safeUnzip(input.zipPath, input.limits ?? DEFAULT_UNZIP_LIMITS).catch((err: unknown) => {
    if (err instanceof UnzipError) throw new HttpError(400, UNZIP_MESSAGES[err.problem](err.entry));
    throw err;
  });
  try {
    const entry = findContentFile(unzipped.files);
    if (!entry) throw new HttpError(400, OPERATOR_MESSAGES.zipNoExam);
    let result: ImportResult;
    try {
      result = await importExam(db, store, { file: join(unzipped.dir, entry), companyId: input.companyId });
    } catch (err) {
      if (err instanceof ExamImportError) throw new ExamImportError(entry, err.problems);
      throw err;
    }
    await appendAudit(db, input.actor, {
      action: 'exam.import', targetType: 'exam', targetId: result.examId, institutionId: null,
      before: result.archivedExamIds.length ? { active_exam_ids: result.archivedExamIds } : null,
      after: { title: result.title, version: result.version, company_id: input.companyId, question_counts: result.questionCounts, media_count: result.mediaCount },
    }, input.now);
    return result;
  } finally {
    await unzipped.cleanup();
  }
}
