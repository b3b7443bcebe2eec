// The members' privacy requests in the console (issue 19): operators see all (or `?institution=`),
// institution admins their members'; proctors have no part in them (403). Staff can read a
// request's log, send a deletion's receipt again, and delete a member's data for a request that came
// another way (with a required note). Out-of-scope ids answer 404; every action is audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  privacyRequestDetailResponseSchema, privacyRequestListQuerySchema, privacyRequestListResponseSchema, privacyRequestParamsSchema,
  privacyRequestResponseSchema, staffDeletionRequestSchema,
} from '../../../contracts/admin-privacy.ts';
import { memberParamsSchema } from '../../../contracts/admin-members.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { PRIVACY_STAFF_MESSAGES, STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { loadJwtSecret } from '../../services/accounts/tokens.ts';
import { anonymisedEmail } from '../../services/privacy/deletion.ts';
import { listPrivacyRequests, privacyRequestDetail, processDeletion, resendReceipt } from '../../services/privacy/requests.ts';
import { memberInScope } from '../../services/staff/members.ts';
import { institutionFilter, listInstitution } from '../../services/staff/scope.ts';

const tags = ['staff'];

/** Privacy requests are the data controller's business: operators and institution admins only. */
function assertMayHandlePrivacy(req: FastifyRequest): void {
  if (req.staff.role === 'proctor') throw HttpError.forbidden(STAFF_MESSAGES.forbidden);
}

export const staffPrivacyRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const pre = app.authenticateStaff;
  const secret = await loadJwtSecret(app.db, config.jwtSecret);

  app.get(apiPaths.admin.privacyRequests, {
    preHandler: pre, schema: { summary: "Members' data exports and deletions, newest first", tags, querystring: privacyRequestListQuerySchema, response: { 200: privacyRequestListResponseSchema } },
  }, async (req) => {
    assertMayHandlePrivacy(req);
    const q = req.query;
    const { list, total } = await listPrivacyRequests(app.db, { institutionId: listInstitution(req.staff, q.institution), kind: q.kind, page: q.page, perPage: q.limit });
    return { status: 200 as const, message: 'OK', data: { list, page: q.page, limit: q.limit, total } };
  });

  app.get(apiPaths.admin.privacyRequest, {
    preHandler: pre, schema: { summary: 'One privacy request with its log', tags, params: privacyRequestParamsSchema, response: { 200: privacyRequestDetailResponseSchema } },
  }, async (req) => {
    assertMayHandlePrivacy(req);
    const detail = await privacyRequestDetail(app.db, req.params.id, institutionFilter(req.staff));
    if (!detail) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: 'OK', data: detail };
  });

  app.post(apiPaths.admin.privacyReceiptResend, {
    preHandler: pre, schema: { summary: "Mail a deletion's signed receipt again (audited)", tags, params: privacyRequestParamsSchema, response: { 200: privacyRequestDetailResponseSchema } },
  }, async (req) => {
    assertMayHandlePrivacy(req);
    const scope = institutionFilter(req.staff);
    const r = await resendReceipt(app.db, app.mailer, req.params.id, {
      institutionId: scope, actor: actorOf(req), now: app.clock.now(), onMailError: (err) => req.log.error({ err }, 'receipt mail failed'),
    });
    if (!r.ok) {
      if (r.reason === 'not-found') throw HttpError.notFound(STAFF_MESSAGES.notFound);
      if (r.reason === 'mail-failed') throw new HttpError(502, PRIVACY_STAFF_MESSAGES.mailFailed);
      throw HttpError.conflict(r.reason === 'not-deletion' ? PRIVACY_STAFF_MESSAGES.notADeletion : PRIVACY_STAFF_MESSAGES.receiptAddressGone);
    }
    return { status: 200 as const, message: PRIVACY_STAFF_MESSAGES.receiptResent, data: (await privacyRequestDetail(app.db, r.request.id, scope))! };
  });

  app.post(apiPaths.admin.memberPrivacyDeletion, {
    preHandler: pre,
    schema: {
      summary: "Delete a member's data for a request made another way (mail, letter); the note is required (audited)", tags,
      params: memberParamsSchema, body: staffDeletionRequestSchema, response: { 200: privacyRequestResponseSchema },
    },
  }, async (req) => {
    assertMayHandlePrivacy(req);
    const scope = institutionFilter(req.staff);
    const member = await memberInScope(app.db, req.params.id, scope);
    if (!member) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    if (member.email === anonymisedEmail(member.id)) throw HttpError.conflict(PRIVACY_STAFF_MESSAGES.alreadyDeleted);
    const done = await processDeletion(app.db, app.blobs, app.mailer, secret, {
      userId: member.id, channel: 'staff', actor: actorOf(req), note: req.body.note, now: app.clock.now(),
      onMailError: (err) => req.log.error({ err }, 'deletion confirmation mail failed'),
    });
    if (!done) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    req.log.info({ member: member.id, request: done.request.id }, 'member data deleted by staff');
    const { log: _log, ...item } = (await privacyRequestDetail(app.db, done.request.id, scope))!;
    return { status: 200 as const, message: PRIVACY_STAFF_MESSAGES.deletionDone, data: item };
  });
};
