// Links in the mails staff actions send, without PUBLIC_URL, in production: none, whatever the
// request's Host, Origin or X-Forwarded-Host say (issue 29 item 13; the mail names the page instead).
// A candidate's own "forgot password" has the same rule.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { createMember } from '../../../tests/server-helpers/members.ts';
import { staffToken } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let admin: string;
let op: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z', env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', CORS_ORIGINS: 'https://kampus.example.id' } });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
  op = await staffToken(t, 'operator@epot.local');
});
afterAll(async () => { await t?.cleanup(); });

const lastMailTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to))).at(-1)!;
async function post(token: string, path: string, payload: object, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1${path}`, payload, headers: { authorization: `Bearer ${token}`, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('links in mails a staff action sends (PUBLIC_URL unset, production)', () => {
  it('gives a member invite no link, whatever the request says (issue 29 item 13)', async () => {
    const cases: [string, Record<string, string>][] = [
      ['own', { host: 'epot.sekolah.id', origin: 'http://epot.sekolah.id' }],
      ['cors', { host: 'api.sekolah.id', origin: 'https://kampus.example.id' }],
      ['forwarded', { host: 'epot.sekolah.id', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' }],
      ['none', { host: 'epot.sekolah.id' }],
    ];
    for (const [name, headers] of cases) {
      const email = `undangan-${name}@sekolah.id`;
      await post(admin, '/members', { email, fullname: `Siswa ${name}`, send_invite: true }, headers);
      const { text } = await lastMailTo(email);
      expect(text, name).toMatch(/Kode OTP Anda: \d{6}/);
      expect(text, name).not.toMatch(/https?:\/\//);
      expect(text, name).toContain('Masukkan kode tersebut di halaman reset password aplikasi EPOT.');
    }
  });

  it('gives the staff password-set mail the same rule', async () => {
    for (const [k, origin] of [['a', 'http://epot.sekolah.id'], ['b', 'https://evil.example']] as const) {
      await post(op, '/staff', { email: `pengawas.${k}@epot.local`, role: 'proctor' }, { host: 'epot.sekolah.id', origin });
      const { text } = await lastMailTo(`pengawas.${k}@epot.local`);
      expect(text).not.toMatch(/https?:\/\//);
      expect(text).toMatch(/Buka alamat \/admin\/password-set\/[\w-]{22} di situs EPOT Anda\./);
    }
  });

  it("keeps a candidate's own reset mail without a link from the request", async () => {
    const { user } = await createMember(t.db);
    const res = await t.app.inject({
      method: 'POST', url: '/api/users/v1/member/forgot-password', payload: { access_key: t.config.accessKey, email: user.email },
      headers: { host: 'evil.example', origin: 'http://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const { text } = await lastMailTo(user.email);
    expect(text).not.toMatch(/https?:\/\//);
  });
});

// Issue 29 item 15: the API map names every staff route; production shows it to staff only.
describe('the OpenAPI document in production', () => {
  it('needs a staff token', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('/api/admin/v1/');
    const staffRes = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${admin}` } });
    expect(staffRes.statusCode).toBe(200);
    expect(Object.keys(staffRes.json<{ paths: object }>().paths)).toContain('/api/admin/v1/login');
  });
});
