// Staff sign-in: password (argon2, rate-limited per e-mail + IP like members), then the TOTP code
// or a recovery code when two-factor login is on; enrolment; "log out everywhere"; who am I.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  plainOkResponseSchema, staffLoginRequestSchema, staffLoginResponseSchema, staffMeResponseSchema,
  totpConfirmRequestSchema, totpConfirmResponseSchema, totpEnrolResponseSchema,
} from '../../../contracts/admin.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { verifyOrBurn } from '../auth/guards.ts';
import { enforce, refund } from '../../services/platform/rate-limit.ts';
import {
  checkSecondFactor, confirmTotpEnrolment, findStaffByEmail, findStaffById, revokeStaffTokens, startTotpEnrolment,
  toStaffPublic,
} from '../../services/staff/staff-accounts.ts';

export const STAFF_LOGIN_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff'];
  const me = async (id: string) => {
    const row = await findStaffById(app.db, id);
    if (!row) throw HttpError.unauthorized(STAFF_MESSAGES.sessionExpired);
    return row;
  };

  app.post(apiPaths.admin.login, {
    schema: { summary: 'Staff login (password, then TOTP when on)', tags, body: staffLoginRequestSchema, response: { 200: staffLoginResponseSchema } },
  }, async (req, reply) => {
    const { email, password, otp } = req.body;
    const key = `staff-login:${email}|${req.ip}`;
    const now = app.clock.now();
    await enforce(app.db, reply, key, STAFF_LOGIN_LIMIT.limit, STAFF_LOGIN_LIMIT.windowMs, now);
    const row = await findStaffByEmail(app.db, email);
    const passwordOk = await verifyOrBurn(row?.password_hash, password);
    if (!row || !row.active || !passwordOk) throw HttpError.unauthorized(STAFF_MESSAGES.wrongCredentials);
    const second = await checkSecondFactor(app.db, row, otp, now);
    if (second === 'required') throw HttpError.unauthorized(STAFF_MESSAGES.otpRequired);
    if (second === 'wrong') throw HttpError.unauthorized(STAFF_MESSAGES.otpWrong);
    await refund(app.db, key);
    return { status: 200 as const, message: STAFF_MESSAGES.loggedIn, data: { token: await app.staffTokens.sign(row), staff: toStaffPublic(row) } };
  });

  app.get(apiPaths.admin.me, {
    preHandler: app.authenticateStaff, config: { staffWithoutTotp: true },
    schema: { summary: 'The signed-in staff member', tags, response: { 200: staffMeResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: toStaffPublic(await me(req.staff.id)) }));

  app.post(apiPaths.admin.logoutEverywhere, {
    preHandler: app.authenticateStaff, config: { staffWithoutTotp: true },
    schema: { summary: 'Revoke every staff token of this account', tags, response: { 200: plainOkResponseSchema } },
  }, async (req) => {
    await revokeStaffTokens(app.db, req.staff.id);
    return { status: 200 as const, message: STAFF_MESSAGES.loggedOutEverywhere, data: null };
  });

  app.post(apiPaths.admin.totpEnrol, {
    preHandler: app.authenticateStaff, config: { staffWithoutTotp: true },
    schema: { summary: 'Start two-factor enrolment (QR code for an authenticator app)', tags, response: { 200: totpEnrolResponseSchema } },
  }, async (req) => {
    const row = await me(req.staff.id);
    if (row.totp_enabled) throw HttpError.conflict(STAFF_MESSAGES.otpAlreadyOn);
    return { status: 200 as const, message: 'OK', data: await startTotpEnrolment(app.db, row) };
  });

  app.post(apiPaths.admin.totpConfirm, {
    preHandler: app.authenticateStaff, config: { staffWithoutTotp: true },
    schema: { summary: 'Confirm enrolment with a code; answers the recovery codes once', tags, body: totpConfirmRequestSchema, response: { 200: totpConfirmResponseSchema } },
  }, async (req) => {
    const row = await me(req.staff.id);
    if (row.totp_enabled) throw HttpError.conflict(STAFF_MESSAGES.otpAlreadyOn);
    const codes = await confirmTotpEnrolment(app.db, row, req.body.code, actorOf(req), app.clock.now());
    if (!codes) throw HttpError.badRequest(STAFF_MESSAGES.otpWrong);
    return { status: 200 as const, message: STAFF_MESSAGES.otpEnrolled, data: { recovery_codes: codes } };
  });
};
