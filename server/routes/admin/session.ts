// Staff sign-in: password (argon2; limited per account and per address like members, see
// services/accounts/login-guard.ts), then the TOTP code or a recovery code when two-factor login is
// on (a wrong one counts as a failure too); enrolment; "log out everywhere"; who am I.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  plainOkResponseSchema, staffLoginRequestSchema, staffLoginResponseSchema, staffMeResponseSchema,
  totpConfirmRequestSchema, totpConfirmResponseSchema, totpEnrolResponseSchema,
} from '../../../contracts/admin.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { appendAudit } from '../../services/staff/audit.ts';
import { verifyOrBurn } from '../auth/guards.ts';
import type { Config } from '../../config.ts';
import {
  accountLockedFor, recordLoginSuccess, refuseLogin,
} from '../../services/accounts/login-guard.ts';
import { tooManyAttempts } from '../../services/platform/rate-limit.ts';
import {
  checkSecondFactor, confirmTotpEnrolment, findStaffByEmail, findStaffById, revokeStaffTokens, startTotpEnrolment,
  toStaffPublic,
} from '../../services/staff/staff-accounts.ts';

export const staffSessionRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
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
    const now = app.clock.now();
    const locked = await accountLockedFor(app.db, 'staff', email, now);
    if (locked !== null) {
      reply.header('retry-after', String(locked));
      throw tooManyAttempts(locked);
    }
    const row = await findStaffByEmail(app.db, email);
    const passwordOk = await verifyOrBurn(row?.password_hash, password);
    // Sign-ins, refused and accepted, are in the audit log for access reviews (issue 29 item 5); an
    // unknown address is logged without it (no personal data of a stranger in the log).
    const signIn = (action: 'staff.sign-in' | 'staff.sign-in-failed') => appendAudit(app.db,
      { staffId: row?.id ?? null, role: row?.role ?? 'unknown', ip: req.ip, socketIp: req.socket.remoteAddress ?? null },
      { action, targetType: 'staff', targetId: row?.id ?? 'unknown', institutionId: row?.institution_id ?? null }, now);
    const failed = async (message: string): Promise<never> => {
      await signIn('staff.sign-in-failed');
      const wait = await refuseLogin(
        { db: app.db, mailer: app.mailer, supportEmail: config.supportEmail, onMailError: (err) => req.log.error({ err }, 'login alert mail failed') },
        { scope: 'staff', email, ip: req.ip, now, owner: row ? { email: row.email, name: row.name } : null },
      );
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw tooManyAttempts(wait);
      }
      throw HttpError.unauthorized(message);
    };
    if (!row || !row.active || !passwordOk) return failed(STAFF_MESSAGES.wrongCredentials);
    const second = await checkSecondFactor(app.db, row, otp, now);
    if (second === 'required') throw HttpError.unauthorized(STAFF_MESSAGES.otpRequired);
    if (second === 'wrong') return failed(STAFF_MESSAGES.otpWrong);
    await recordLoginSuccess(app.db, 'staff', email);
    await signIn('staff.sign-in');
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
    await appendAudit(app.db, actorOf(req), { action: 'staff.logout-everywhere', targetType: 'staff', targetId: req.staff.id, institutionId: req.staff.institution_id }, app.clock.now());
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
