// The candidate's appeals (issue 17, contracts/appeals.ts): the reviewable attempts, one attempt's
// evidence (their own flags and photos) and the one appeal per attempt.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { appealDetailResponseSchema, appealListResponseSchema, appealRequestSchema, appealResponseSchema } from '../../../contracts/appeals.ts';
import { APPEAL_MESSAGES } from '../../../contracts/facts/index.ts';
import { idParamSchema } from '../../../contracts/orders.ts';
import { enforce } from '../../services/platform/rate-limit.ts';
import { appealDetail, appealSummaries, submitAppeal } from '../../services/review/appeals.ts';

const APPEALS_PER_HOUR = 10;

export const appealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['appeals'];

  app.get(apiPaths.order.appeals, {
    schema: { summary: "The member's disqualified, reviewed or appealed attempts", tags, response: { 200: appealListResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: { list: await appealSummaries(app.db, req.member.id, app.clock.now()) } }));

  app.get(apiPaths.order.appeal, {
    schema: { summary: 'One attempt: the appeal state and the evidence behind the decision (own flags and photos)', tags, params: idParamSchema,
      response: { 200: appealDetailResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: await appealDetail(app.db, app.mediaUrls, req.member.id, req.params.id, app.clock.now()) }));

  app.post(apiPaths.order.appeal, {
    schema: { summary: 'Appeal a disqualification or invalidation (once, within the period)', tags, params: idParamSchema, body: appealRequestSchema,
      response: { 200: appealResponseSchema } },
  }, async (req, reply) => {
    await enforce(app.db, reply, `appeal:${req.member.id}`, APPEALS_PER_HOUR, 3_600_000, app.clock.now());
    const data = await submitAppeal(app.db, req.member.id, req.params.id, req.body.text, app.clock.now());
    req.log.info({ order: req.params.id }, 'appeal filed');
    return { status: 200 as const, message: APPEAL_MESSAGES.submitted, data };
  });
};
