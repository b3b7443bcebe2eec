// A staff member sets the password from the one-time link (/admin/password-set/:code): no token, the
// code is the key (128 random bits; only its hash is stored). A code that is unknown, used or expired
// answers the same 400. Limited per IP (codes cannot be guessed; this bounds the work).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordSetInfoResponseSchema, passwordSetParamsSchema, passwordSetRequestSchema } from '../../../contracts/admin-staff.ts';
import { plainOkResponseSchema } from '../../../contracts/admin.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../services/accounts/common-passwords.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';
import { enforce } from '../../services/platform/rate-limit.ts';
import { completeStaffPasswordSet, staffOfPasswordLink } from '../../services/staff/staff-password-links.ts';

export const PASSWORD_SET_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

export const staffPasswordSetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff'];
  const limit = (ip: string, reply: Parameters<typeof enforce>[1]) =>
    enforce(app.db, reply, `staff-password-set:${ip}`, PASSWORD_SET_LIMIT.limit, PASSWORD_SET_LIMIT.windowMs, app.clock.now());

  app.get(apiPaths.admin.passwordSetInfo, {
    schema: { summary: 'Whose one-time password-set link this is (no token)', tags, params: passwordSetParamsSchema, response: { 200: passwordSetInfoResponseSchema } },
  }, async (req, reply) => {
    await limit(req.ip, reply);
    const who = await staffOfPasswordLink(app.db, req.params.code, app.clock.now());
    if (!who) throw HttpError.badRequest(STAFF_MESSAGES.passwordLinkInvalid);
    return { status: 200 as const, message: 'OK', data: who };
  });

  app.post(apiPaths.admin.passwordSet, {
    schema: { summary: 'Set the password with a one-time link (single use; ends earlier sessions)', tags, body: passwordSetRequestSchema, response: { 200: plainOkResponseSchema } },
  }, async (req, reply) => {
    await limit(req.ip, reply);
    const { code, password } = req.body;
    if (isCommonPassword(password)) throw HttpError.badRequest(COMMON_PASSWORD_MESSAGE);
    const now = app.clock.now();
    if (!(await staffOfPasswordLink(app.db, code, now))) throw HttpError.badRequest(STAFF_MESSAGES.passwordLinkInvalid);
    if (!(await completeStaffPasswordSet(app.db, code, await hashPassword(password), req.ip, now))) throw HttpError.badRequest(STAFF_MESSAGES.passwordLinkInvalid);
    return { status: 200 as const, message: STAFF_MESSAGES.passwordSet, data: null };
  });
};
