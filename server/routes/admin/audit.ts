// The audit log, newest first: operators see every entry, institution staff their institution's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListResponseSchema, auditQuerySchema } from '../../../contracts/admin.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { listAudit } from '../../services/staff/audit.ts';
import { institutionFilter } from '../../services/staff/scope.ts';

export const staffAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.admin.audit, {
    preHandler: app.authenticateStaff,
    schema: { summary: 'Audit log (filters: action, staff, date range)', tags: ['staff'], querystring: auditQuerySchema, response: { 200: auditListResponseSchema } },
  }, async (req) => {
    const q = req.query;
    const { rows, total } = await listAudit(app.db, {
      institutionId: institutionFilter(req.staff) ?? undefined, action: q.action, staffId: q.staff_id,
      from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined, page: q.page, perPage: q.limit,
    });
    const list = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    return { status: 200 as const, message: 'OK', data: { list, page: q.page, limit: q.limit, total } };
  });
};
