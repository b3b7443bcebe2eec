// Exam and question-bank reads (spec test-sections 7) for members of the exam's company. Question
// content only, never the correct option (answer_keys is not read here) nor a transcript. The bank
// shows only questions of sections the member has started in one of their orders: a candidate must
// not read a section's questions before its clock runs.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SECTION_NAMES } from '../../../contracts/facts/index.ts';
import type { BankQuestion } from '../../../contracts/exam-delivery.ts';
import type { AppDb } from '../../db/client.ts';
import { examParts, exams, orderSections, orders, questionGroups, questions } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { MediaUrlSigner } from '../media/media-urls.ts';
import { UUID } from '../../uuid.ts';

// The sections in the order they are taken, as an SQL array literal (constants only, no input).
const SECTION_ORDER = sql.raw(`array[${SECTION_NAMES.map((s) => `'${s}'`).join(',')}]`);

/** Who reads: the member and their company. */
export interface BankReader { id: string; company_id: string }

type ExamRow = typeof exams.$inferSelect;
const examSummary = (e: ExamRow) => ({
  id: e.id, title: e.title, version: e.version, status: e.status, company: { id: e.company_id }, created_at: e.created_at.toISOString(),
});

/** The company's exams, newest first. */
export async function listExams(db: AppDb, companyId: string, q: { page: number; limit: number; status?: ExamRow['status'] | undefined }) {
  const where = and(eq(exams.company_id, companyId), q.status ? eq(exams.status, q.status) : undefined);
  const rows = await db.select().from(exams).where(where).orderBy(desc(exams.created_at)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await db.select({ n: count() }).from(exams).where(where);
  return { list: rows.map(examSummary), total: total?.n ?? 0 };
}

/** One exam of the company with its parts in section order; 404 for anything else. */
export async function examDetail(db: AppDb, companyId: string, id: string) {
  if (!UUID.test(id)) throw HttpError.notFound();
  const [exam] = await db.select().from(exams).where(and(eq(exams.id, id), eq(exams.company_id, companyId)));
  if (!exam) throw HttpError.notFound();
  const parts = await db.select({
    id: examParts.id, section: examParts.section, part: examParts.part, text: examParts.direction_text, media_id: examParts.direction_media_id,
  }).from(examParts).where(eq(examParts.exam_id, exam.id)).orderBy(asc(examParts.position));
  const counts = parts.length === 0 ? [] : await db.select({ part_id: questionGroups.part_id, n: count() }).from(questions)
    .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
    .where(inArray(questionGroups.part_id, parts.map((p) => p.id))).groupBy(questionGroups.part_id);
  parts.sort((a, b) => SECTION_NAMES.indexOf(a.section) - SECTION_NAMES.indexOf(b.section));
  return {
    ...examSummary(exam),
    parts: parts.map((p) => ({
      section: p.section, part: p.part, part_direction: { text: p.text, with_media: p.media_id !== null },
      question_count: counts.find((c) => c.part_id === p.id)?.n ?? 0,
    })),
  };
}

/**
 * Questions the member may see: their company's exams, sections they have started. A section whose
 * clock never ran (the closed row a disqualification writes, deadline = start) opens nothing.
 */
async function bankQuestions(db: AppDb, urls: MediaUrlSigner, reader: BankReader, filter: SQL | undefined, page?: { limit: number; offset: number }) {
  const visible = and(
    eq(exams.company_id, reader.company_id),
    sql`exists (select 1 from ${orderSections} join ${orders} on ${orders.id} = ${orderSections.order_id}
      where ${orders.user_id} = ${reader.id} and ${orderSections.exam_id} = ${examParts.exam_id} and ${orderSections.section} = ${examParts.section}
        and ${orderSections.deadline_at} > ${orderSections.started_at})`,
    filter,
  );
  const base = () => db.select({
    id: questions.id, number: questions.number, text: questions.text, image_media_id: questions.image_media_id,
    options: questions.options, exam_id: examParts.exam_id, section: examParts.section, part: examParts.part,
  }).from(questions)
    .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
    .innerJoin(examParts, eq(examParts.id, questionGroups.part_id))
    .innerJoin(exams, eq(exams.id, examParts.exam_id))
    .where(visible)
    .orderBy(asc(examParts.exam_id), sql`array_position(${SECTION_ORDER}, ${examParts.section})`, asc(questions.number));
  const rows = page ? await base().limit(page.limit).offset(page.offset) : await base();
  const list: BankQuestion[] = rows.map((q) => ({
    id: q.id, exam_id: q.exam_id, section: q.section, part: q.part, number: q.number, type: 'single_choice',
    question: { text: q.text, media: q.image_media_id ? { type: 'image', url: urls.url(q.image_media_id) } : null },
    options: q.options.map((o) => ({ text: o.text })),
  }));
  if (!page) return { list, total: list.length };
  const [total] = await db.select({ n: count() }).from(questions)
    .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
    .innerJoin(examParts, eq(examParts.id, questionGroups.part_id))
    .innerJoin(exams, eq(exams.id, examParts.exam_id))
    .where(visible);
  return { list, total: total?.n ?? 0 };
}

/** A page of the questions the member may see. */
export function bankQuestionPage(db: AppDb, urls: MediaUrlSigner, reader: BankReader, page: { page: number; limit: number }) {
  return bankQuestions(db, urls, reader, undefined, { limit: page.limit, offset: (page.page - 1) * page.limit });
}

/** The questions with these ids that the member may see (others are left out). */
export async function bankQuestionsById(db: AppDb, urls: MediaUrlSigner, reader: BankReader, ids: string[]): Promise<BankQuestion[]> {
  return (await bankQuestions(db, urls, reader, inArray(questions.id, ids))).list;
}

/** One question the member may see; 404 otherwise. */
export async function bankQuestion(db: AppDb, urls: MediaUrlSigner, reader: BankReader, id: string): Promise<BankQuestion> {
  if (!UUID.test(id)) throw HttpError.notFound();
  const { list } = await bankQuestions(db, urls, reader, eq(questions.id, id));
  if (!list[0]) throw HttpError.notFound();
  return list[0];
}
