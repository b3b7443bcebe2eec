import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordResponseSchema } from '../../../contracts/auth.ts';
import { passwordResets, users } from '../../db/schema/index.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../services/accounts/common-passwords.ts';
import { resetMessages } from '../../services/accounts/password-reset.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { startSmtpSink, type SmtpSink } from '../../../tests/server-helpers/smtp-sink.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { authLimits } from './guards.ts';
import { RESET_MAIL_SUBJECT } from './password-reset.ts';
import { SERVER_MESSAGES } from '../../../contracts/facts/index.ts';

const KEY = 'epot-public-demo-key';
const NEW_PASSWORD = 'Sepeda-Biru-77';
let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://epot.example' } });
});
afterAll(async () => {
  await t?.cleanup();
  await sink?.close();
});

const call = (method: 'POST' | 'PUT', path: string, payload: object) =>
  t.app.inject({ method, url: `/api/users/v1/member/${path}`, payload: { access_key: KEY, ...payload } });
const forgot = (email: string) => call('POST', 'forgot-password', { email });
const verify = (code: string, otp: string) => call('POST', 'verify-forgot-password/', { code, otp });
const change = (code: string, otp: string, password = NEW_PASSWORD, confirm = password) =>
  call('PUT', 'change-forgot-password/', { code, otp, new_password: password, conf_new_password: confirm });

/** Requests a reset and reads the OTP from the mail the SMTP sink received. */
async function requestReset(email: string): Promise<{ code: string; otp: string; text: string }> {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const { data } = forgotPasswordResponseSchema.parse(res.json());
  const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes(data.data.code));
  const otp = /Kode OTP Anda: (\d{6})/.exec(mail.text)?.[1];
  expect(otp).toMatch(/^\d{6}$/);
  return { code: data.data.code, otp: otp!, text: mail.text };
}
const wrongOtp = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

describe('forgot password', () => {
  it('answers the spec text for an unknown e-mail and 400 for a wrong access key', async () => {
    expect((await forgot('siapa@contoh.id')).json()).toEqual({ status: 400, message: SERVER_MESSAGES.notRegistered });
    const res = await t.app.inject({ method: 'POST', url: '/api/users/v1/member/forgot-password', payload: { access_key: 'nope', email: 'a@b.id' } });
    expect(res.json()).toEqual({ status: 400, message: 'Access key tidak valid' });
    expect((await forgot('bukan-email')).json()).toEqual({ status: 400, message: 'email: E-mail must be valid' });
  });

  it('mails an OTP; verify keeps it; change uses it, ends old sessions and sets the new password', async () => {
    const { user, password } = await createMember(t.db);
    const oldSession = await bearer(t.app, user);
    const res = await forgot(user.email.toUpperCase());
    const body = forgotPasswordResponseSchema.parse(res.json());
    expect(body).toMatchObject({ status: 200, message: 'OTP berhasil dikirim', data: { status: 200 } });
    expect(body.data.data.code).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits, url-safe

    const { code, otp, text } = await requestReset(user.email);
    const mail = sink.messages.find((m) => m.text === text)!;
    expect(mail.subject).toBe(RESET_MAIL_SUBJECT);
    expect(text).toContain(`https://epot.example/password-reset/${code}`);
    expect(text).toContain('10 menit');

    expect((await verify(code, otp)).json()).toEqual({ status: 200, message: 'Kode OTP valid', data: null });
    expect((await verify(code, otp)).statusCode).toBe(200); // not used up by verify
    expect((await change(code, otp, 'Password123')).json()).toEqual({ status: 400, message: COMMON_PASSWORD_MESSAGE });
    expect((await change(code, otp)).json()).toEqual({ status: 200, message: 'Password Anda berhasil diubah', data: null });

    const detail = await t.app.inject({ method: 'GET', url: '/api/users/v1/member/detail/', headers: { authorization: oldSession } });
    expect(detail.json()).toEqual({ status: 401, message: SERVER_MESSAGES.sessionExpired });
    const login = (pw: string) => call('POST', 'login', { provider: 'email', email: user.email, password: pw });
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(password)).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);

    // Single use.
    expect((await verify(code, otp)).json()).toEqual({ status: 400, message: resetMessages.invalid });
    expect((await change(code, otp, 'Sepeda-Merah-78')).json()).toEqual({ status: 400, message: resetMessages.invalid });
  });

  it('refuses an expired OTP', async () => {
    const { user } = await createMember(t.db);
    const { code, otp } = await requestReset(user.email);
    await t.db.update(passwordResets).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(passwordResets.user_id, user.id));
    expect((await verify(code, otp)).json()).toEqual({ status: 400, message: resetMessages.invalid });
    expect((await change(code, otp)).json()).toEqual({ status: 400, message: resetMessages.invalid });
  });

  it('kills the code after 5 wrong OTPs, even for the right one afterwards', async () => {
    const { user } = await createMember(t.db);
    const { code, otp } = await requestReset(user.email);
    for (let i = 1; i <= 4; i++) expect((await verify(code, wrongOtp(otp))).json()).toEqual({ status: 400, message: resetMessages.wrong });
    expect((await change(code, wrongOtp(otp))).json()).toEqual({ status: 400, message: resetMessages.killed });
    expect((await verify(code, otp)).json()).toEqual({ status: 429, message: resetMessages.tooMany });
    expect((await change(code, otp)).json()).toEqual({ status: 429, message: resetMessages.tooMany });
  });

  it('a new request replaces the previous code', async () => {
    const { user } = await createMember(t.db);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await verify(first.code, first.otp)).json()).toEqual({ status: 400, message: resetMessages.invalid });
    expect((await verify(second.code, second.otp)).statusCode).toBe(200);
  });

  it('validates the reset form with the spec texts', async () => {
    expect((await change('abc', '')).json()).toEqual({ status: 400, message: 'otp: Kode OTP is required' });
    expect((await change('abc', '12345')).json()).toEqual({ status: 400, message: 'otp: Kode OTP must be 6 characters' });
    expect((await change('abc', '123456', 'pendek')).json()).toEqual({ status: 400, message: 'new_password: Password must be at least 8 characters' });
    expect((await change('abc', '123456', NEW_PASSWORD, '')).json()).toEqual({ status: 400, message: 'conf_new_password: Confirmation Password is required' });
    expect((await change('abc', '123456', NEW_PASSWORD, 'Sepeda-Biru-78')).json()).toEqual({ status: 400, message: 'conf_new_password: confirmation password must match' });
    expect((await verify('tidak-ada', '123456')).json()).toEqual({ status: 400, message: resetMessages.invalid });
  });

  // Issue 29 item 9: past the limit the mails stop, not the owner's reset.
  it(`mails ${authLimits.forgotPassword.limit} codes per e-mail and hour; past that one per code lifetime, and the owner can still reset`, async () => {
    const { user } = await createMember(t.db);
    const mailsTo = () => sink.messages.filter((m) => m.to.includes(user.email)).length;
    // Someone else floods the owner's address.
    for (let i = 0; i < authLimits.forgotPassword.limit; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    await sink.waitFor((m) => m.to.includes(user.email) && sink.messages.filter((x) => x.to.includes(user.email)).length === authLimits.forgotPassword.limit);
    const refused = await forgot(user.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(resetMessages.mailAlreadySent(10));
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    expect(mailsTo()).toBe(authLimits.forgotPassword.limit);
    // The newest mail's link and code work for the owner.
    const newest = sink.messages.filter((m) => m.to.includes(user.email)).at(-1)!;
    const code = /\/password-reset\/([\w-]+)/.exec(newest.text)![1]!;
    const otp = /Kode OTP Anda: (\d{6})/.exec(newest.text)![1]!;
    expect((await verify(code, otp)).statusCode).toBe(200);
    // Once that code has expired, the owner's own request mails a fresh one, within the hour.
    t.clock.advance(11 * 60_000);
    const fresh = await requestReset(user.email);
    expect((await change(fresh.code, fresh.otp)).statusCode).toBe(200);
    expect(mailsTo()).toBe(authLimits.forgotPassword.limit + 1);
    // Still past the limit: with no usable code one more mail goes out, then nothing while it is usable.
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect((await forgot(user.email)).statusCode).toBe(429);
  });
});
