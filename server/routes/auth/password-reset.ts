// Forgot password (spec 4): request an OTP by e-mail, verify it, then set a new password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  changeForgotPasswordRequestSchema, changeForgotPasswordResponseSchema, forgotPasswordRequestSchema,
  forgotPasswordResponseSchema, verifyForgotPasswordRequestSchema, verifyForgotPasswordResponseSchema,
} from '../../../contracts/auth.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../services/accounts/common-passwords.ts';
import { findUserByEmail } from '../../services/accounts/members.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';
import {
  checkPasswordReset, completePasswordReset, createPasswordReset, RESET_TTL_MS, resetMessages, usableResetUntil,
} from '../../services/accounts/password-reset.ts';
import { consume } from '../../services/platform/rate-limit.ts';
import { authLimits, requireAccessKey } from './guards.ts';
import { SERVER_MESSAGES } from '../../../contracts/facts/index.ts';

export const RESET_MAIL_SUBJECT = 'Kode OTP untuk reset password EPOT';

export function resetMailText(o: { name: string; otp: string; link: string | null; supportEmail: string }): string {
  return [
    `Halo ${o.name},`,
    '',
    'Kami menerima permintaan untuk mengatur ulang password akun EPOT Anda.',
    '',
    `Kode OTP Anda: ${o.otp}`,
    '',
    o.link
      ? `Masukkan kode tersebut di halaman reset password: ${o.link}`
      : 'Masukkan kode tersebut di halaman reset password aplikasi EPOT.',
    `Kode berlaku selama ${RESET_TTL_MS / 60_000} menit dan hanya dapat digunakan satu kali. Jangan berikan kode ini kepada siapa pun.`,
    '',
    'Jika Anda tidak meminta reset password, abaikan email ini. Password Anda tidak akan berubah.',
    `Butuh bantuan? Hubungi ${o.supportEmail}.`,
    '',
    'Salam,',
    'Tim EPOT',
  ].join('\n');
}

export const passwordResetRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // The reset link's origin: PUBLIC_URL, or outside production the request's own origin. In
  // production a Host header is not trusted for mailed links (it would let anyone send our members
  // a link to another site), so without PUBLIC_URL the mail carries the OTP only.
  const linkOrigin = (origin: string) => config.publicUrl ?? (config.nodeEnv === 'production' ? null : origin);

  app.post(apiPaths.member.forgotPassword, {
    schema: {
      summary: 'Send a password-reset OTP by e-mail', tags: ['accounts'],
      body: forgotPasswordRequestSchema, response: { 200: forgotPasswordResponseSchema },
    },
  }, async (req, reply) => {
    const { access_key, email } = req.body;
    requireAccessKey(config, access_key);
    const now = app.clock.now();
    // The limit is on mails, not on the owner (issue 29 item 9): past it, a request gets no new mail
    // while a code already mailed can still be used (429 until it expires); once none can, the next
    // request mails a fresh one. So whoever floods an address sends it at most one mail per code
    // lifetime, and the owner waits at most that long, never the whole window.
    const mails = await consume(app.db, `forgot:${email}`, authLimits.forgotPassword.limit, authLimits.forgotPassword.windowMs, now);
    const user = await findUserByEmail(app.db, email);
    if (!user) throw HttpError.badRequest(SERVER_MESSAGES.notRegistered);
    if (!mails.allowed) {
      const until = await usableResetUntil(app.db, user.id, now);
      if (until) {
        const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, resetMessages.mailAlreadySent(Math.ceil(seconds / 60)));
      }
    }
    const { code, otp } = await createPasswordReset(app.db, user.id, now);
    const origin = linkOrigin(`${req.protocol}://${req.host}`);
    await app.mailer.send({
      to: user.email,
      subject: RESET_MAIL_SUBJECT,
      text: resetMailText({
        name: user.fullname || user.email, otp, supportEmail: config.supportEmail,
        link: origin && `${origin}/password-reset/${code}`,
      }),
    });
    return { status: 200 as const, message: SERVER_MESSAGES.otpSent, data: { status: 200 as const, data: { code } } };
  });

  app.post(apiPaths.member.verifyForgotPassword, {
    schema: {
      summary: 'Check a reset OTP without using it up', tags: ['accounts'],
      body: verifyForgotPasswordRequestSchema, response: { 200: verifyForgotPasswordResponseSchema },
    },
  }, async (req) => {
    requireAccessKey(config, req.body.access_key);
    await checkPasswordReset(app.db, req.body.code, req.body.otp, app.clock.now());
    return { status: 200 as const, message: 'Kode OTP valid', data: null };
  });

  app.put(apiPaths.member.changeForgotPassword, {
    schema: {
      summary: 'Set a new password with a reset code and OTP (single use)', tags: ['accounts'],
      body: changeForgotPasswordRequestSchema, response: { 200: changeForgotPasswordResponseSchema },
    },
  }, async (req) => {
    const { access_key, code, otp, new_password } = req.body;
    requireAccessKey(config, access_key);
    if (isCommonPassword(new_password)) throw HttpError.badRequest(COMMON_PASSWORD_MESSAGE);
    const now = app.clock.now();
    const reset = await checkPasswordReset(app.db, code, otp, now);
    const passwordHash = await hashPassword(new_password);
    await completePasswordReset(app.db, reset, passwordHash, now);
    return { status: 200 as const, message: SERVER_MESSAGES.passwordChanged, data: null };
  });
};
