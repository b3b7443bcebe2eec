// Staff accounts in the console: the list, a new account (mailed a one-time password-set link, no
// password ever travels) and a new link. Operators: any account and role; institution admins: the
// proctors of their own institution (another institution's id answers 404, another role 403);
// proctors only read. Setting the password with the link's code needs no token (./password-set.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  staffAccountResponseSchema, staffCreateRequestSchema, staffListQuerySchema, staffListResponseSchema, staffParamsSchema,
} from '../../../contracts/admin-staff.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { institutionOf } from '../../services/staff/members.ts';
import { assertInstitutionInScope, assertMayChangeInstitution, institutionFilter, listInstitution } from '../../services/staff/scope.ts';
import { findStaffById, StaffInputError, type StaffRow } from '../../services/staff/staff-accounts.ts';
import { listStaff, staffAccountInScope } from '../../services/staff/staff-list.ts';
import { createStaffWithLink, mailStaffPasswordLink, renewStaffPasswordLink } from '../../services/staff/staff-password-links.ts';
import { staffLinkOrigin } from './link-origin.ts';

const tags = ['staff'];

export const staffAccountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const pre = app.authenticateStaff;
  const mail = (req: FastifyRequest, row: StaffRow, code: string) => mailStaffPasswordLink(app.db, app.mailer, row, code, {
    origin: staffLinkOrigin(config, req), supportEmail: config.supportEmail,
  }).catch((err: unknown) => req.log.error({ err, to: row.email }, 'staff password-set mail failed'));
  const view = async (id: string) => (await staffAccountInScope(app.db, id, null))!;

  app.get(apiPaths.admin.staff, {
    preHandler: pre, schema: { summary: 'Staff accounts (operators: all or ?institution=; institution staff: their own)', tags, querystring: staffListQuerySchema, response: { 200: staffListResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: { list: await listStaff(app.db, listInstitution(req.staff, req.query.institution)) } }));

  app.post(apiPaths.admin.staff, {
    preHandler: pre, schema: { summary: 'Add a staff account and mail it a one-time password-set link (audited)', tags, body: staffCreateRequestSchema, response: { 200: staffAccountResponseSchema } },
  }, async (req) => {
    const { email, name, role } = req.body;
    let institutionId = req.body.institution_id ?? null;
    if (req.staff.role !== 'operator') {
      // Institution staff: their own institution only (another id is as if it did not exist), proctors only.
      if (institutionId) assertInstitutionInScope(req.staff, institutionId);
      assertMayChangeInstitution(req.staff);
      if (role !== 'proctor') throw HttpError.forbidden(STAFF_MESSAGES.forbidden);
      institutionId = req.staff.institution_id;
    }
    if (institutionId && !(await institutionOf(app.db, institutionId))) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    const created = await createStaffWithLink(app.db, { email, name, role, institutionId }, actorOf(req), app.clock.now()).catch((err: unknown) => {
      if (!(err instanceof StaffInputError)) throw err;
      throw err.reason === 'taken' ? HttpError.conflict(STAFF_MESSAGES.staffEmailTaken) : HttpError.badRequest(STAFF_MESSAGES.staffInstitutionRule);
    });
    await mail(req, created.row, created.code);
    return { status: 200 as const, message: STAFF_MESSAGES.staffCreated, data: await view(created.row.id) };
  });

  app.post(apiPaths.admin.staffPasswordLink, {
    preHandler: pre, schema: { summary: 'Mail a new one-time password-set link (audited; earlier links stop working)', tags, params: staffParamsSchema, response: { 200: staffAccountResponseSchema } },
  }, async (req) => {
    const target = await staffAccountInScope(app.db, req.params.id, institutionFilter(req.staff));
    if (!target) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    assertMayChangeInstitution(req.staff);
    if (req.staff.role !== 'operator' && target.role !== 'proctor') throw HttpError.forbidden(STAFF_MESSAGES.forbidden);
    const row = (await findStaffById(app.db, target.id))!;
    const code = await renewStaffPasswordLink(app.db, row, actorOf(req), app.clock.now());
    await mail(req, row, code);
    return { status: 200 as const, message: STAFF_MESSAGES.staffLinkSent, data: target };
  });
};
