// Issue 31: the institution dashboard's aggregates, scoped like the results (an institution's
// staff see their own institution only; operators may pass `?institution=ID`, without it every
// institution). Each read is audited like the results exports.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightsQuerySchema, insightsResponseSchema } from '../../../contracts/admin-insights.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { eq } from 'drizzle-orm';
import { SESSION_MESSAGES } from '../../../contracts/facts/index.ts';
import { testSessions } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { dashboardInsights } from '../../services/insights/dashboard.ts';
import { appendAudit } from '../../services/staff/audit.ts';
import { listInstitution } from '../../services/staff/scope.ts';

export const staffInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.admin.insights, {
    preHandler: app.authenticateStaff,
    schema: { summary: 'Dashboard aggregates of the institution (histograms, levels, trend, comparison; audited)', tags: ['staff'], querystring: insightsQuerySchema, response: { 200: insightsResponseSchema } },
  }, async (req) => {
    let institutionId = listInstitution(req.staff, req.query.institution);
    // A session narrows to its members; another institution's session answers 404 like any other id.
    if (req.query.session) {
      const [s] = await app.db.select({ institution_id: testSessions.institution_id }).from(testSessions).where(eq(testSessions.id, req.query.session));
      if (!s || (institutionId !== null && s.institution_id !== institutionId)) throw HttpError.notFound(SESSION_MESSAGES.notFound);
      institutionId = s.institution_id;
    }
    const data = await dashboardInsights(app.db, { institutionId, from: req.query.from, to: req.query.to, sessionId: req.query.session });
    await appendAudit(app.db, actorOf(req), {
      action: 'insights.dashboard', targetType: 'insights', targetId: institutionId ?? 'all', institutionId,
      after: { from: req.query.from ?? null, to: req.query.to ?? null, session: req.query.session ?? null },
    }, app.clock.now());
    return { status: 200 as const, message: 'OK', data };
  });
};
