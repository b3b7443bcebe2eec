// Results of an institution's members: the paged list and the streamed exports (CSV, XLSX) with
// the same filters. Operators may pass `?institution=ID` (without it: every institution).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resultFilterSchema, resultListQuerySchema, resultListResponseSchema } from '../../../contracts/admin-results.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { listResults, resultPages } from '../../services/staff/results.ts';
import { resultsCsvStream, resultsXlsxStream } from '../../services/staff/results-export.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { appendAudit } from '../../services/staff/audit.ts';
import { listInstitution } from '../../services/staff/scope.ts';

const tags = ['staff'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** e.g. hasil-epot-20260307.csv, the day in WIB. */
const fileName = (now: Date, ext: string) => `hasil-epot-${new Date(now.getTime() + 7 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')}.${ext}`;

export const staffResultRoutes: FastifyPluginAsyncZod = async (app) => {
  const pre = app.authenticateStaff;

  app.get(apiPaths.admin.results, {
    preHandler: pre, schema: { summary: "Results: one row per order of the institution's members (filters, sorting, paging)", tags, querystring: resultListQuerySchema, response: { 200: resultListResponseSchema } },
  }, async (req) => {
    const q = req.query;
    const { list, total } = await listResults(app.db, { institutionId: listInstitution(req.staff, q.institution) }, q, q.page, q.limit);
    return { status: 200 as const, message: 'OK', data: { list, page: q.page, limit: q.limit, total } };
  });

  /** Who exported which results: an access review asks (issue 29 item 5). */
  const auditExport = (req: FastifyRequest, institutionId: string | null, format: 'csv' | 'xlsx', filter: unknown) =>
    appendAudit(app.db, actorOf(req), { action: 'results.export', targetType: 'results', targetId: institutionId ?? 'all', institutionId, after: { format, filter } }, app.clock.now());

  app.get(apiPaths.admin.resultsCsv, {
    preHandler: pre, schema: { summary: 'Results as CSV (UTF-8, header row), streamed', tags, querystring: resultFilterSchema },
  }, async (req, reply) => {
    const institutionId = listInstitution(req.staff, req.query.institution);
    await auditExport(req, institutionId, 'csv', req.query);
    const pages = resultPages(app.db, { institutionId }, req.query);
    return reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName(app.clock.now(), 'csv')}"`).send(resultsCsvStream(pages));
  });

  app.get(apiPaths.admin.resultsXlsx, {
    preHandler: pre, schema: { summary: 'Results as XLSX, streamed', tags, querystring: resultFilterSchema },
  }, async (req, reply) => {
    const institutionId = listInstitution(req.staff, req.query.institution);
    await auditExport(req, institutionId, 'xlsx', req.query);
    const pages = resultPages(app.db, { institutionId }, req.query);
    const stream = resultsXlsxStream(pages, (err) => req.log.error({ err }, 'results XLSX export failed'));
    return reply.header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName(app.clock.now(), 'xlsx')}"`).send(stream);
  });
};
