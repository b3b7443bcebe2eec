// Exam and question-bank calls (spec test-sections 7) for members of the exam's company. What a
// member may see (content only, started sections only) is decided in services/exam/exam-bank.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  bankListQuerySchema, bankListResponseSchema, bankMultipleQuerySchema, bankMultipleResponseSchema, bankQuestionResponseSchema,
  examDetailResponseSchema, examListQuerySchema, examListResponseSchema,
} from '../../../contracts/exam-delivery.ts';
import { idParamSchema } from '../../../contracts/orders.ts';
import { HttpError } from '../../http-error.ts';
import type { AuthMember } from '../../plugins/auth.ts';
import { bankQuestion, bankQuestionPage, bankQuestionsById, examDetail, listExams } from '../../services/exam/exam-bank.ts';

const companyHeaderSchema = z.object({ 'x-company-id': z.string().trim().max(64).optional() });

export const examBankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(apiPaths.exam.list, {
    schema: { summary: "The exams of the member's company", tags: ['exam'], querystring: examListQuerySchema,
      response: { 200: examListResponseSchema } },
  }, async (req) => {
    const { page, limit } = req.query;
    const { list, total } = await listExams(app.db, req.member.company_id, req.query);
    return { status: 200 as const, message: 'OK', data: { list, page, limit, total } };
  });

  app.get(apiPaths.exam.detail, {
    schema: { summary: 'One exam of the member company, per part', tags: ['exam'], params: idParamSchema,
      response: { 200: examDetailResponseSchema } },
  }, async (req) => {
    return { status: 200 as const, message: 'OK', data: await examDetail(app.db, req.member.company_id, req.params.id) };
  });

  function assertCompany(member: AuthMember, header: string | undefined) {
    if (!header || header !== member.company_id) throw HttpError.forbidden();
  }

  app.get(apiPaths.bank.list, {
    schema: { summary: 'Questions (content only) of the sections the member has started', tags: ['bank'],
      querystring: bankListQuerySchema, response: { 200: bankListResponseSchema } },
  }, async (req) => {
    const { page, limit } = req.query;
    const { list, total } = await bankQuestionPage(app.db, app.mediaUrls, req.member, { page, limit });
    return { status: 200 as const, message: 'OK', data: { list, page, limit, total } };
  });

  app.get(apiPaths.bank.detail, {
    schema: { summary: 'One question (content only)', tags: ['bank'], params: idParamSchema, response: { 200: bankQuestionResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: await bankQuestion(app.db, app.mediaUrls, req.member, req.params.id) }));

  app.get(apiPaths.bank.public, {
    schema: { summary: 'One question (content only); X-Company-ID must be the member company', tags: ['bank'],
      params: idParamSchema, headers: companyHeaderSchema, response: { 200: bankQuestionResponseSchema } },
  }, async (req) => {
    assertCompany(req.member, req.headers['x-company-id']);
    return { status: 200 as const, message: 'OK', data: await bankQuestion(app.db, app.mediaUrls, req.member, req.params.id) };
  });

  app.get(apiPaths.bank.publicMultiple, {
    schema: { summary: 'Several questions by id (content only); X-Company-ID must be the member company', tags: ['bank'],
      querystring: bankMultipleQuerySchema, headers: companyHeaderSchema, response: { 200: bankMultipleResponseSchema } },
  }, async (req) => {
    assertCompany(req.member, req.headers['x-company-id']);
    return { status: 200 as const, message: 'OK', data: await bankQuestionsById(app.db, app.mediaUrls, req.member, req.query.id) };
  });
};
