// Signing in and out (spec 4, 7): e-mail/password login, Google, SSO links, registration, logout.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  autoLoginRegisterRequestSchema, autoLoginRegisterResponseSchema, capitalizeWords, loginRequestSchema,
  loginResponseSchema, logoutResponseSchema, registerRequestSchema, registerResponseSchema,
} from '../../../contracts/auth.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../services/accounts/common-passwords.ts';
import { verifyGoogleIdToken } from '../../services/accounts/google-id-token.ts';
import {
  findOrCreateMember, findUserByEmail, linkSso, registerMember, revokeTokens, toMemberUser, type UserRow,
} from '../../services/accounts/members.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';
import { enforce, tooManyAttempts } from '../../services/platform/rate-limit.ts';
import {
  accountLockedFor, recordLoginSuccess, refuseLogin,
} from '../../services/accounts/login-guard.ts';
import { spendSsoLink, verifySso } from '../../services/accounts/sso.ts';
import { authLimits, requireAccessKey, verifyOrBurn } from './guards.ts';
import { SERVER_MESSAGES } from '../../../contracts/facts/index.ts';
import { publishMemberEvent } from '../../services/sessions/live.ts';

export const loginMessages = {
  wrongCredentials: 'Email atau password salah',
  facebookUnavailable: 'Login dengan Facebook belum tersedia. Silakan login dengan email atau Google.',
  googleNotConfigured: 'Login dengan Google belum tersedia. Silakan login dengan email dan password.',
  googleInvalid: 'Login Google gagal atau sudah kedaluwarsa, silakan coba lagi',
  registered: 'Registrasi berhasil',
  emailTaken: 'Email sudah terdaftar, silakan login',
  /** An SSO link for an address whose account has a password and was never opened by SSO (issue 29 item 11). */
  ssoPasswordAccount: 'Akun dengan email ini memakai password. Silakan login dengan email dan password.',
  /** The member's institution deactivated the account (staff console). */
  deactivated: 'Akun Anda telah dinonaktifkan oleh lembaga Anda. Silakan hubungi admin lembaga.',
} as const;

export const sessionRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const loginData = async (user: UserRow) => {
    // Every way in (password, Google, SSO) refuses a deactivated member.
    if (!user.active) throw HttpError.forbidden(loginMessages.deactivated);
    // Test day: a proctor's live view shows the member arriving (issue 30).
    await publishMemberEvent(app.db, { userId: user.id, kind: 'login' }, app.clock.now(), app.log);
    return { status: 200 as const, message: 'Login berhasil', data: { token: await app.tokens.sign(user), user: toMemberUser(user) } };
  };

  app.post(apiPaths.member.login, {
    schema: {
      summary: 'Log in with e-mail and password, or a Google ID token', tags: ['accounts'],
      body: loginRequestSchema, response: { 200: loginResponseSchema },
    },
  }, async (req, reply) => {
    const body = req.body;
    requireAccessKey(config, body.access_key);
    if (body.provider === 'facebook') throw HttpError.badRequest(loginMessages.facebookUnavailable);
    if (body.provider === 'google') {
      if (!config.googleClientId) throw HttpError.badRequest(loginMessages.googleNotConfigured);
      const identity = await verifyGoogleIdToken(body.access_token, config.googleClientId, config.googleJwksUrl, app.clock.now());
      if (!identity) throw HttpError.unauthorized(loginMessages.googleInvalid);
      return loginData(await findOrCreateMember(app.db, identity.email, capitalizeWords(identity.name)));
    }
    // Limits per account and per address (services/accounts/login-guard.ts, issue 29 item 7).
    const now = app.clock.now();
    const locked = await accountLockedFor(app.db, 'member', body.email, now);
    if (locked !== null) {
      reply.header('retry-after', String(locked));
      throw tooManyAttempts(locked);
    }
    const user = await findUserByEmail(app.db, body.email);
    if (!(await verifyOrBurn(user?.password_hash, body.password)) || !user) {
      const wait = await refuseLogin(
        { db: app.db, mailer: app.mailer, supportEmail: config.supportEmail, onMailError: (err) => req.log.error({ err }, 'login alert mail failed') },
        { scope: 'member', email: body.email, ip: req.ip, now, owner: user ? { email: user.email, name: user.fullname } : null },
      );
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw tooManyAttempts(wait);
      }
      throw HttpError.unauthorized(loginMessages.wrongCredentials);
    }
    await recordLoginSuccess(app.db, 'member', body.email);
    return loginData(user);
  });

  app.post(apiPaths.member.autoLoginRegister, {
    schema: {
      summary: 'Single sign-on from a signed /sso link (creates the member when new)', tags: ['accounts'],
      body: autoLoginRegisterRequestSchema, response: { 200: autoLoginRegisterResponseSchema },
    },
  }, async (req, reply) => {
    const { access_key, email, fullname, exp, sig } = req.body;
    requireAccessKey(config, access_key);
    await enforce(app.db, reply, `sso:${req.ip}`, authLimits.sso.limit, authLimits.sso.windowMs, app.clock.now());
    if (!config.ssoSecret) {
      req.log.warn('SSO refused: SSO_SECRET is not set');
      throw HttpError.badRequest(SERVER_MESSAGES.ssoFailed);
    }
    const expNumber = typeof exp === 'string' && /^\d{1,12}$/.test(exp) ? Number(exp) : exp;
    if (!email || !fullname?.trim() || typeof expNumber !== 'number' || !sig) throw HttpError.badRequest(SERVER_MESSAGES.ssoFailed);
    const check = verifySso(config.ssoSecret, email, fullname, expNumber, sig, app.clock.now());
    if (check !== 'ok') {
      req.log.info({ reason: check }, 'SSO link refused');
      throw HttpError.unauthorized(SERVER_MESSAGES.ssoFailed);
    }
    const parsedEmail = z.email().safeParse(email.trim().toLowerCase());
    if (!parsedEmail.success) throw HttpError.badRequest(SERVER_MESSAGES.ssoFailed);
    const now = app.clock.now();
    // An account with a password that SSO never signed into is its owner's alone: a portal that can
    // sign links (or a leak of its secret) must not open it. Checked before the link is spent.
    const existing = await findUserByEmail(app.db, parsedEmail.data);
    if (existing?.password_hash && !existing.sso_linked_at) {
      req.log.info({ user: existing.id }, 'SSO link refused: the account has a password and no SSO link');
      throw HttpError.forbidden(loginMessages.ssoPasswordAccount);
    }
    if (!(await spendSsoLink(app.db, sig, expNumber, now))) {
      req.log.info({ reason: 'replayed' }, 'SSO link refused');
      throw HttpError.unauthorized(SERVER_MESSAGES.ssoFailed);
    }
    const user = existing ?? await findOrCreateMember(app.db, parsedEmail.data, capitalizeWords(fullname));
    return loginData(await linkSso(app.db, user, now));
  });

  app.post(apiPaths.member.register, {
    schema: {
      summary: 'Register with e-mail and password', tags: ['accounts'],
      body: registerRequestSchema, response: { 200: registerResponseSchema },
    },
  }, async (req, reply) => {
    const { access_key, email, new_password } = req.body;
    requireAccessKey(config, access_key);
    await enforce(app.db, reply, `register:${req.ip}`, authLimits.register.limit, authLimits.register.windowMs, app.clock.now());
    if (isCommonPassword(new_password)) throw HttpError.badRequest(COMMON_PASSWORD_MESSAGE);
    // An address first used with Google or SSO has no password; registering must not claim it either.
    if (await findUserByEmail(app.db, email)) throw HttpError.conflict(loginMessages.emailTaken);
    if (!(await registerMember(app.db, email, await hashPassword(new_password)))) throw HttpError.conflict(loginMessages.emailTaken);
    return { status: 200 as const, message: loginMessages.registered, data: null };
  });

  app.post(apiPaths.member.logout, {
    preHandler: app.authenticate,
    schema: { summary: 'Log out: revokes every token of the member', tags: ['accounts'], response: { 200: logoutResponseSchema } },
  }, async (req) => {
    await revokeTokens(app.db, req.member.id);
    return { status: 200 as const, message: 'Logout berhasil', data: null };
  });
};
