// An institution's members: list, add, CSV import (with its template), deactivate/reactivate,
// resend the password-set mail. Institution admins act on their own institution, operators on the
// `?institution=ID` they pass; proctors only read. Out-of-scope ids answer 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  institutionQuerySchema, memberCreateRequestSchema, memberImportRequestSchema, memberImportResponseSchema,
  memberListQuerySchema, memberListResponseSchema, memberParamsSchema, memberResponseSchema,
} from '../../../contracts/admin-members.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { MEMBER_CSV_TEMPLATE, STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { appendAudit } from '../../services/staff/audit.ts';
import { importMembers } from '../../services/staff/member-import.ts';
import { createInvites, sendInvites, type Invite } from '../../services/staff/member-invites.ts';
import { addMember, institutionOf, listMembers, memberInScope, setMemberActive } from '../../services/staff/members.ts';
import { staffLinkOrigin } from './link-origin.ts';
import { actingInstitution, assertMayChangeInstitution, institutionFilter, listInstitution } from '../../services/staff/scope.ts';

const tags = ['staff'];

export const staffMemberRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const pre = app.authenticateStaff;
  /** Sends password-set mails; the link's origin: PUBLIC_URL, else the signed-in caller's validated Origin (./link-origin.ts). */
  const mailInvites = (req: FastifyRequest, invites: Invite[], institutionName: string) => sendInvites(app.mailer, invites, {
    origin: staffLinkOrigin(config, req),
    supportEmail: config.supportEmail, institutionName,
  }, (err, to) => req.log.error({ err, to }, 'password-set mail failed'));
  const actingOn = async (req: FastifyRequest, requested: string | undefined) => {
    assertMayChangeInstitution(req.staff);
    const inst = await institutionOf(app.db, actingInstitution(req.staff, requested));
    if (!inst) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return inst;
  };

  app.get(apiPaths.admin.members, {
    preHandler: pre, schema: { summary: 'Members (search by name or e-mail, paged)', tags, querystring: memberListQuerySchema, response: { 200: memberListResponseSchema } },
  }, async (req) => {
    const q = req.query;
    const { list, total } = await listMembers(app.db, { institutionId: listInstitution(req.staff, q.institution), search: q.search, status: q.status, page: q.page, perPage: q.limit });
    return { status: 200 as const, message: 'OK', data: { list, page: q.page, limit: q.limit, total } };
  });

  app.get(apiPaths.admin.member, {
    preHandler: pre, schema: { summary: 'One member', tags, params: memberParamsSchema, response: { 200: memberResponseSchema } },
  }, async (req) => {
    const member = await memberInScope(app.db, req.params.id, institutionFilter(req.staff));
    if (!member) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    await appendAudit(app.db, actorOf(req), { action: 'member.view', targetType: 'member', targetId: member.id, institutionId: member.institution_id }, app.clock.now());
    return { status: 200 as const, message: 'OK', data: member };
  });

  app.post(apiPaths.admin.members, {
    preHandler: pre, schema: { summary: 'Add a member (mails the password-set link; audited)', tags, querystring: institutionQuerySchema, body: memberCreateRequestSchema, response: { 200: memberResponseSchema } },
  }, async (req) => {
    const inst = await actingOn(req, req.query.institution);
    const now = app.clock.now();
    const row = await addMember(app.db, inst, req.body, actorOf(req), now);
    if (!row) throw HttpError.conflict(STAFF_MESSAGES.memberEmailTaken);
    if (req.body.send_invite) await mailInvites(req, await createInvites(app.db, [row], now), inst.name);
    const member = (await memberInScope(app.db, row.id, inst.id))!;
    return { status: 200 as const, message: req.body.send_invite ? STAFF_MESSAGES.memberAdded : STAFF_MESSAGES.memberAddedNoMail, data: member };
  });

  app.post(apiPaths.admin.memberImport, {
    preHandler: pre, bodyLimit: 4 * 1024 * 1024,
    schema: { summary: 'Import members from CSV: all rows or none; 422 lists every problem by row', tags, querystring: institutionQuerySchema, body: memberImportRequestSchema, response: { 200: memberImportResponseSchema } },
  }, async (req) => {
    const inst = await actingOn(req, req.query.institution);
    const { csv, send_invites, dry_run } = req.body;
    const outcome = await importMembers(app.db, inst, csv, { sendInvites: send_invites, dryRun: dry_run }, actorOf(req), app.clock.now());
    const invited = outcome.invites.length ? await mailInvites(req, outcome.invites, inst.name) : 0;
    return { status: 200 as const, message: dry_run ? STAFF_MESSAGES.membersValid : STAFF_MESSAGES.membersImported, data: { rows: outcome.rows, imported: outcome.imported, invited } };
  });

  app.get(apiPaths.admin.memberTemplate, {
    preHandler: pre, schema: { summary: 'The member CSV template', tags },
  }, async (_req, reply) => reply.header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="template-anggota.csv"').send(`\uFEFF${MEMBER_CSV_TEMPLATE}`));

  for (const [path, active] of [[apiPaths.admin.memberDeactivate, false], [apiPaths.admin.memberReactivate, true]] as const) {
    app.post(path, {
      preHandler: pre, schema: { summary: active ? 'Reactivate a member (audited)' : 'Deactivate a member: no login, sessions end (audited)', tags, params: memberParamsSchema, response: { 200: memberResponseSchema } },
    }, async (req) => {
      assertMayChangeInstitution(req.staff);
      const member = await setMemberActive(app.db, req.params.id, institutionFilter(req.staff), active, actorOf(req), app.clock.now());
      if (!member) throw HttpError.notFound(STAFF_MESSAGES.notFound);
      return { status: 200 as const, message: active ? STAFF_MESSAGES.memberReactivated : STAFF_MESSAGES.memberDeactivated, data: member };
    });
  }

  app.post(apiPaths.admin.memberInvite, {
    preHandler: pre, schema: { summary: 'Send the password-set mail again (audited)', tags, params: memberParamsSchema, response: { 200: memberResponseSchema } },
  }, async (req) => {
    assertMayChangeInstitution(req.staff);
    const member = await memberInScope(app.db, req.params.id, institutionFilter(req.staff));
    if (!member) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    const now = app.clock.now();
    const invites = await createInvites(app.db, [member], now);
    await appendAudit(app.db, actorOf(req), { action: 'member.invite', targetType: 'member', targetId: member.id, institutionId: member.institution_id }, now);
    const inst = member.institution_id ? await institutionOf(app.db, member.institution_id) : undefined;
    await mailInvites(req, invites, inst?.name ?? 'EPOT');
    return { status: 200 as const, message: STAFF_MESSAGES.inviteSent, data: member };
  });
};
