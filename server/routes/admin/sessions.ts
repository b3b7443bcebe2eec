// Test-day sessions from the console (issue 30): institution admins schedule and end their own
// institution's sessions, operators any institution's (naming it); proctors read their own.
// Another institution's session answers 404, as an id that does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSessionRequestSchema, endSessionRequestSchema, sessionDetailResponseSchema, sessionListQuerySchema, sessionListResponseSchema,
  sessionParamsSchema, sessionResponseSchema,
} from '../../../contracts/admin-sessions.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { SESSION_MESSAGES } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { createSession, endSession, listSessions, sessionDetail } from '../../services/sessions/sessions.ts';
import { actingInstitution, assertMayChangeInstitution, institutionFilter, listInstitution } from '../../services/staff/scope.ts';

const tags = ['staff'];

export const staffTestSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const pre = app.authenticateStaff;

  app.get(apiPaths.admin.sessions, {
    preHandler: pre, schema: { summary: 'Test-day sessions, newest opening first', tags, querystring: sessionListQuerySchema, response: { 200: sessionListResponseSchema } },
  }, async (req) => {
    const inst = listInstitution(req.staff, req.query.institution);
    return { status: 200 as const, message: 'OK', data: await listSessions(app.db, inst, req.query, app.clock.now()) };
  });

  app.post(apiPaths.admin.sessions, {
    preHandler: pre,
    schema: { summary: 'Schedule a test-day session: members, window, proctors (audited)', tags, body: createSessionRequestSchema, response: { 200: sessionResponseSchema } },
  }, async (req) => {
    assertMayChangeInstitution(req.staff);
    const inst = actingInstitution(req.staff, req.body.institution_id);
    const data = await createSession(app.db, inst, req.body, actorOf(req), app.clock.now());
    return { status: 200 as const, message: SESSION_MESSAGES.created, data };
  });

  app.get(apiPaths.admin.session, {
    preHandler: pre, schema: { summary: 'One session with its members and where each stands', tags, params: sessionParamsSchema, response: { 200: sessionDetailResponseSchema } },
  }, async (req) => {
    const data = await sessionDetail(app.db, req.params.id, institutionFilter(req.staff), app.clock.now());
    if (!data) throw HttpError.notFound(SESSION_MESSAGES.notFound);
    return { status: 200 as const, message: 'OK', data };
  });

  app.post(apiPaths.admin.sessionEnd, {
    preHandler: pre,
    schema: { summary: 'End a session early: no new starts (audited, with a reason)', tags, params: sessionParamsSchema, body: endSessionRequestSchema, response: { 200: sessionResponseSchema } },
  }, async (req) => {
    assertMayChangeInstitution(req.staff);
    const data = await endSession(app.db, req.params.id, institutionFilter(req.staff), req.body.reason, actorOf(req), app.clock.now());
    return { status: 200 as const, message: SESSION_MESSAGES.ended, data };
  });
};
