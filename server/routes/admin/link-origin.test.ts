// Links in the mails staff actions send, without PUBLIC_URL, in production: the signed-in staff
// member's Origin is used when it names this server (its Host) or one of CORS_ORIGINS; a forged
// one gives a mail without a link. A candidate's own "forgot password" keeps its rule: no link
// from a request in production, whatever the headers say.
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
  it("uses the console's own origin or a CORS origin, and no link for a foreign one", async () => {
    const cases: [string, Record<string, string>, string | null][] = [
      ['own', { host: 'epot.sekolah.id', origin: 'http://epot.sekolah.id' }, 'http://epot.sekolah.id/password-reset/'],
      ['cors', { host: 'api.sekolah.id', origin: 'https://kampus.example.id' }, 'https://kampus.example.id/password-reset/'],
      ['foreign', { host: 'epot.sekolah.id', origin: 'https://evil.example' }, null],
      ['none', { host: 'epot.sekolah.id' }, null],
      ['path', { host: 'epot.sekolah.id', origin: 'http://epot.sekolah.id/x' }, null],
    ];
    for (const [name, headers, link] of cases) {
      const email = `undangan-${name}@sekolah.id`;
      await post(admin, '/members', { email, fullname: `Siswa ${name}`, send_invite: true }, headers);
      const { text } = await lastMailTo(email);
      expect(text, name).toMatch(/Kode OTP Anda: \d{6}/);
      if (link) expect(text, name).toContain(link);
      else {
        expect(text, name).not.toMatch(/https?:\/\//);
        expect(text, name).toContain('Masukkan kode tersebut di halaman reset password aplikasi EPOT.');
      }
    }
  });

  it('gives the staff password-set mail the same rule', async () => {
    await post(op, '/staff', { email: 'pengawas.a@epot.local', role: 'proctor' }, { host: 'epot.sekolah.id', origin: 'http://epot.sekolah.id' });
    expect((await lastMailTo('pengawas.a@epot.local')).text).toMatch(/http:\/\/epot\.sekolah\.id\/admin\/password-set\/[\w-]{22}/);
    await post(op, '/staff', { email: 'pengawas.b@epot.local', role: 'proctor' }, { host: 'epot.sekolah.id', origin: 'https://evil.example' });
    const { text } = await lastMailTo('pengawas.b@epot.local');
    expect(text).not.toMatch(/https?:\/\//);
    expect(text).toMatch(/Buka alamat \/admin\/password-set\/[\w-]{22} di situs EPOT Anda\./);
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
