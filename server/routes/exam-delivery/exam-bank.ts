// Exam and question-bank calls (spec test-sections 7) for members of the exam's company. Question
// content only, never the correct option (answer_keys is not read here) nor a transcript. The bank
// shows only questions of sections the member has started in one of their orders: a candidate must
// not read a section's questions before its clock runs.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  bankListQuerySchema, bankListResponseSchema, bankMultipleQuerySchema, bankMultipleResponseSchema, bankQuestionResponseSchema,
  examDetailResponseSchema, examListQuerySchema, examListResponseSchema, type BankQuestion,
} from '../../../contracts/exam-delivery.ts';
import { idParamSchema } from '../../../contracts/orders.ts';
import { examParts, exams, orderSections, orders, questionGroups, questions } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { AuthMember } from '../../plugins/auth.ts';
import { SECTION_NAMES } from '../../../contracts/facts/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const companyHeaderSchema = z.object({ 'x-company-id': z.string().trim().max(64).optional() });

export const examBankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const examSummary = (e: typeof exams.$inferSelect) => ({
    id: e.id, title: e.title, version: e.version, status: e.status, company: { id: e.company_id }, created_at: e.created_at.toISOString(),
  });

  app.get(apiPaths.exam.list, {
    schema: { summary: "The exams of the member's company", tags: ['exam'], querystring: examListQuerySchema,
      response: { 200: examListResponseSchema } },
  }, async (req) => {
    const { page, limit, status } = req.query;
    const where = and(eq(exams.company_id, req.member.company_id), status ? eq(exams.status, status) : undefined);
    const rows = await app.db.select().from(exams).where(where).orderBy(desc(exams.created_at)).limit(limit).offset((page - 1) * limit);
    const [total] = await app.db.select({ n: count() }).from(exams).where(where);
    return { status: 200 as const, message: 'OK', data: { list: rows.map(examSummary), page, limit, total: total?.n ?? 0 } };
  });

  app.get(apiPaths.exam.detail, {
    schema: { summary: 'One exam of the member company, per part', tags: ['exam'], params: idParamSchema,
      response: { 200: examDetailResponseSchema } },
  }, async (req) => {
    if (!UUID.test(req.params.id)) throw HttpError.notFound();
    const [exam] = await app.db.select().from(exams).where(and(eq(exams.id, req.params.id), eq(exams.company_id, req.member.company_id)));
    if (!exam) throw HttpError.notFound();
    const parts = await app.db.select({
      id: examParts.id, section: examParts.section, part: examParts.part, text: examParts.direction_text, media_id: examParts.direction_media_id,
    }).from(examParts).where(eq(examParts.exam_id, exam.id)).orderBy(asc(examParts.position));
    const counts = parts.length === 0 ? [] : await app.db.select({ part_id: questionGroups.part_id, n: count() }).from(questions)
      .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
      .where(inArray(questionGroups.part_id, parts.map((p) => p.id))).groupBy(questionGroups.part_id);
    parts.sort((a, b) => SECTION_NAMES.indexOf(a.section) - SECTION_NAMES.indexOf(b.section));
    return {
      status: 200 as const, message: 'OK',
      data: {
        ...examSummary(exam),
        parts: parts.map((p) => ({
          section: p.section, part: p.part, part_direction: { text: p.text, with_media: p.media_id !== null },
          question_count: counts.find((c) => c.part_id === p.id)?.n ?? 0,
        })),
      },
    };
  });

  /** Questions the member may see: their company's exams, sections they have started. */
  async function bankQuestions(member: AuthMember, filter: SQL | undefined, page?: { limit: number; offset: number }) {
    const visible = and(
      eq(exams.company_id, member.company_id),
      sql`exists (select 1 from ${orderSections} join ${orders} on ${orders.id} = ${orderSections.order_id}
        where ${orders.user_id} = ${member.id} and ${orderSections.exam_id} = ${examParts.exam_id} and ${orderSections.section} = ${examParts.section})`,
      filter,
    );
    const base = () => app.db.select({
      id: questions.id, number: questions.number, text: questions.text, image_media_id: questions.image_media_id,
      options: questions.options, exam_id: examParts.exam_id, section: examParts.section, part: examParts.part,
    }).from(questions)
      .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
      .innerJoin(examParts, eq(examParts.id, questionGroups.part_id))
      .innerJoin(exams, eq(exams.id, examParts.exam_id))
      .where(visible)
      .orderBy(asc(examParts.exam_id), sql`array_position(array['listening','structure','reading'], ${examParts.section})`, asc(questions.number));
    const rows = page ? await base().limit(page.limit).offset(page.offset) : await base();
    const list: BankQuestion[] = rows.map((q) => ({
      id: q.id, exam_id: q.exam_id, section: q.section, part: q.part, number: q.number, type: 'single_choice',
      question: { text: q.text, media: q.image_media_id ? { type: 'image', url: app.mediaUrls.url(q.image_media_id) } : null },
      options: q.options.map((o) => ({ text: o.text })),
    }));
    if (!page) return { list, total: list.length };
    const [total] = await app.db.select({ n: count() }).from(questions)
      .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
      .innerJoin(examParts, eq(examParts.id, questionGroups.part_id))
      .innerJoin(exams, eq(exams.id, examParts.exam_id))
      .where(visible);
    return { list, total: total?.n ?? 0 };
  }

  async function oneQuestion(member: AuthMember, id: string): Promise<BankQuestion> {
    if (!UUID.test(id)) throw HttpError.notFound();
    const { list } = await bankQuestions(member, eq(questions.id, id));
    if (!list[0]) throw HttpError.notFound();
    return list[0];
  }

  function assertCompany(member: AuthMember, header: string | undefined) {
    if (!header || header !== member.company_id) throw HttpError.forbidden();
  }

  app.get(apiPaths.bank.list, {
    schema: { summary: 'Questions (content only) of the sections the member has started', tags: ['bank'],
      querystring: bankListQuerySchema, response: { 200: bankListResponseSchema } },
  }, async (req) => {
    const { page, limit } = req.query;
    const { list, total } = await bankQuestions(req.member, undefined, { limit, offset: (page - 1) * limit });
    return { status: 200 as const, message: 'OK', data: { list, page, limit, total } };
  });

  app.get(apiPaths.bank.detail, {
    schema: { summary: 'One question (content only)', tags: ['bank'], params: idParamSchema, response: { 200: bankQuestionResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: await oneQuestion(req.member, req.params.id) }));

  app.get(apiPaths.bank.public, {
    schema: { summary: 'One question (content only); X-Company-ID must be the member company', tags: ['bank'],
      params: idParamSchema, headers: companyHeaderSchema, response: { 200: bankQuestionResponseSchema } },
  }, async (req) => {
    assertCompany(req.member, req.headers['x-company-id']);
    return { status: 200 as const, message: 'OK', data: await oneQuestion(req.member, req.params.id) };
  });

  app.get(apiPaths.bank.publicMultiple, {
    schema: { summary: 'Several questions by id (content only); X-Company-ID must be the member company', tags: ['bank'],
      querystring: bankMultipleQuerySchema, headers: companyHeaderSchema, response: { 200: bankMultipleResponseSchema } },
  }, async (req) => {
    assertCompany(req.member, req.headers['x-company-id']);
    const { list } = await bankQuestions(req.member, inArray(questions.id, req.query.id));
    return { status: 200 as const, message: 'OK', data: list };
  });
};
