// Secrets never reach the log: the log stream (at trace, the most talkative level) is captured
// while members register, log in (password, Google, SSO), change and reset passwords, redeem a
// licence, report client errors and log out; then no password, OTP, reset code, token, signature,
// licence code or key may appear in it. Mail goes through SMTP, as in production.
import { eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from '../db/schema/index.ts';
import { signSsoLink } from '../services/accounts/sso.ts';
import { startFakeGoogle, type FakeGoogle } from '../../tests/server-helpers/google-jwks.ts';
import { startSmtpSink, type SmtpSink } from '../../tests/server-helpers/smtp-sink.ts';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';

const KEY = 'epot-public-demo-key';
const CLIENT_ID = 'epot-log-test.apps.googleusercontent.com';
const SSO_SECRET = 'sso-secret-for-the-log-test-0123456789';

let t: TestApp;
let sink: SmtpSink;
let google: FakeGoogle;
const lines: string[] = [];
const logStream = new Writable({ write(chunk: Buffer, _enc, cb) { lines.push(chunk.toString()); cb(); } });

beforeAll(async () => {
  sink = await startSmtpSink();
  google = await startFakeGoogle(CLIENT_ID);
  t = await buildTestApp({
    seed: true, logStream,
    env: { LOG_LEVEL: 'trace', SMTP_URL: sink.url, SSO_SECRET, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.url, ACCESS_KEY: KEY },
  });
}, 60_000);
afterAll(async () => {
  await t?.cleanup();
  await sink?.close();
  await google?.close();
});

const member = (path: string) => `/api/users/v1/member/${path}`;
async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, authorization?: string) {
  const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: authorization ? { authorization } : {} });
  return { code: res.statusCode, body: res.json<{ message: string; data: Record<string, unknown> | null }>() };
}
const tokenOf = (r: { body: { data: Record<string, unknown> | null } }) => `Bearer ${String(r.body.data!.token)}`;

describe('secrets in logs', () => {
  it('never appear, in any flow that carries them', async () => {
    const email = 'rahasia.log@contoh.id';
    const [p1, p2, p3, wrong] = ['Kuda-Lari-71', 'Gajah-Terbang-72', 'Rusa-Melompat-73', 'Salah-Sekali-74'];
    const secrets: Record<string, string> = {};

    expect((await call('POST', member('register/'), { access_key: KEY, email, new_password: p1, conf_new_password: p1 })).code).toBe(200);
    expect((await call('POST', member('login'), { access_key: KEY, provider: 'email', email, password: wrong })).code).toBe(401);
    const first = await call('POST', member('login'), { access_key: KEY, provider: 'email', email, password: p1 });
    expect(first.code).toBe(200);
    const t1 = tokenOf(first);
    expect((await call('GET', member('detail/'), undefined, t1)).code).toBe(200);
    expect((await call('PUT', member('change-password/'), { current_password: p1, new_password: p2, conf_new_password: p2 }, t1)).code).toBe(200);

    // Password reset: the OTP comes by mail; the reset code comes back to the client.
    const forgot = await call('POST', member('forgot-password'), { access_key: KEY, email });
    expect(forgot.code).toBe(200);
    const code = String((forgot.body.data!.data as { code: string }).code);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    const otp = /Kode OTP Anda: (\d{6})/.exec(mail.text)![1]!;
    const wrongOtp = otp === '000000' ? '111111' : '000000';
    expect((await call('POST', member('verify-forgot-password/'), { access_key: KEY, code, otp: wrongOtp })).code).toBe(400);
    expect((await call('POST', member('verify-forgot-password/'), { access_key: KEY, code, otp })).code).toBe(200);
    expect((await call('PUT', member('change-forgot-password/'), { access_key: KEY, code, otp, new_password: p3, conf_new_password: p3 })).code).toBe(200);

    const second = await call('POST', member('login'), { access_key: KEY, provider: 'email', email, password: p3 });
    const t2 = tokenOf(second);
    // A licence code: only its hint may be logged.
    const licence = t.seed!.individualCodes[0]!;
    expect((await call('POST', member('order/create/'), { license: licence, meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' } }, t2)).code).toBe(200);

    // SSO link and Google ID token.
    const link = new URL(signSsoLink({ email: 'sso.log@kampus.ac.id', name: 'Sso Log', ttlSeconds: 600, baseUrl: 'http://localhost' }, { ssoSecret: SSO_SECRET, ssoPrefix: 'epot-sso-' }, t.clock.now()));
    const sig = link.searchParams.get('sig')!;
    const sso = await call('POST', member('auto_login_register'), {
      access_key: KEY, email: 'sso.log@kampus.ac.id', fullname: 'Sso Log', exp: link.searchParams.get('exp'), sig,
    });
    expect(sso.code).toBe(200);
    const idToken = await google.idToken({ email: 'google.log@gmail.com', email_verified: true, name: 'Google Log' });
    const viaGoogle = await call('POST', member('login'), { access_key: KEY, provider: 'google', email: '', password: '', access_token: idToken });
    expect(viaGoogle.code).toBe(200);

    // A client error report that quotes a token, and a URL with secrets in its query.
    expect((await call('POST', '/api/client-errors', { kind: 'error', message: `failed with ${t2} for ${email} otp ${otp}`, path: `/password-reset/${code}?otp=${otp}` })).code).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/health?token=${encodeURIComponent(t2.slice(7))}&otp=${otp}&sig=${sig}` });
    expect((await call('POST', member('logout'), undefined, t2)).code).toBe(200);

    const [jwtSecret] = await t.db.select().from(appMeta).where(eq(appMeta.key, 'jwt_secret'));
    Object.assign(secrets, {
      p1, p2, p3, wrong, otp, 'reset code': code, licence, 'licence without dashes': licence.replaceAll('-', ''), 'sso sig': sig,
      'google id token': idToken, 'google token signature': idToken.split('.')[2]!, 'jwt secret': String(jwtSecret!.value),
    });
    for (const [name, r] of Object.entries({ t1: first, t2: second, sso, viaGoogle })) {
      const jwt = tokenOf(r).slice(7);
      secrets[`${name} token`] = jwt;
      secrets[`${name} token signature`] = jwt.split('.')[2]!;
    }

    const text = lines.join('');
    // The capture saw the traffic (so an empty log cannot pass): requests, the redeem, the client error.
    expect(text).toContain('/users/v1/member/change-forgot-password');
    expect(text).toContain('client error');
    expect(text.split('\n').length).toBeGreaterThan(30);
    expect(Object.entries(secrets).filter(([, v]) => text.includes(v)).map(([k]) => k)).toEqual([]);
  }, 60_000);
});
