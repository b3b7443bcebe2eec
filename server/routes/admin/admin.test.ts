// Staff console API, first slice: login with rate limit and TOTP (codes made at the test clock's time),
// recovery codes, revocation, scope (another institution's id answers 404), roles and the audit log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { companies, institutions, staff } from '../../db/schema/index.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';
import { DEMO_PASSWORD } from '../../seed/demo-seed.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { createStaff, totpCode } from '../../services/staff/staff-accounts.ts';
import { staffCommand } from '../../cli/commands/staff.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
const A = '/api/admin/v1';
const settingsOf = (id: string) => `${A}/institutions/${id}/settings`;
const settingsBody = { active_camera: false, setting: { identification: { face: true, voice: false, new_tab: true }, failed: { face: false, voice: false, new_tab: true } } };

beforeAll(async () => { t = await buildTestApp({ seed: true, now: '2026-03-07T15:00:00Z' }); });
afterAll(async () => { await t?.cleanup(); });

async function login(email: string, password = DEMO_PASSWORD, otp?: string) {
  const res = await t.app.inject({ method: 'POST', url: `${A}/login`, payload: { email, password, ...(otp ? { otp } : {}) } });
  return { code: res.statusCode, body: res.json() };
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
async function tokenOf(email: string) {
  const r = await login(email);
  expect(r.code).toBe(200);
  return r.body.data.token as string;
}

async function otherInstitution() {
  const [company] = await t.db.select().from(companies).limit(1);
  const [inst] = await t.db.insert(institutions).values({
    company_id: company!.id, name: 'Lembaga Lain', settings: settingsBody.setting, created_at: t.clock.now(),
  }).returning();
  return inst!;
}

describe('staff login', () => {
  it('signs in the demo institution admin and answers who it is', async () => {
    const r = await login('admin.lembaga@epot.local');
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 200, message: STAFF_MESSAGES.loggedIn, data: { staff: { role: 'institution-admin', institution_id: t.seed!.institutionId, totp_enabled: false } } });
    expect(JSON.stringify(r.body)).not.toMatch(/password_hash|totp_secret|recovery/);
    const me = await t.app.inject({ method: 'GET', url: `${A}/me`, headers: auth(r.body.data.token) });
    expect(me.json().data.email).toBe('admin.lembaga@epot.local');
  });

  it('refuses a wrong password and an unknown e-mail with the same answer, then limits guesses', async () => {
    const wrong = await login('operator@epot.local', 'salah-sekali');
    const unknown = await login('nobody@epot.local', 'salah-sekali');
    expect([wrong.code, unknown.code]).toEqual([401, 401]);
    expect(wrong.body.message).toBe(STAFF_MESSAGES.wrongCredentials);
    expect(unknown.body.message).toBe(wrong.body.message);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login('proctor-limit@epot.local', 'salah')).code);
    expect(codes.at(-1)).toBe(429);
  });

  it('never lets a member token in, and a staff token never opens a member route', async () => {
    const { user } = await createMember(t.db);
    const memberToken = await bearer(t.app, user);
    expect((await t.app.inject({ method: 'GET', url: `${A}/me`, headers: { authorization: memberToken } })).statusCode).toBe(401);
    const staffToken = await tokenOf('operator@epot.local');
    const memberRoute = await t.app.inject({ method: 'GET', url: '/api/users/v1/member/detail', headers: auth(staffToken) });
    expect(memberRoute.statusCode).toBe(401);
  });
});

describe('two-factor login (TOTP)', () => {
  it('enrols with a code, then needs a code or a recovery code (once) to log in', async () => {
    const token = await tokenOf('operator@epot.local');
    const enrol = await t.app.inject({ method: 'POST', url: `${A}/totp/enrol`, headers: auth(token) });
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauth_url, qr_data_url } = enrol.json().data;
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/EPOT:operator%40epot\.local\?secret=/);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    const bad = await t.app.inject({ method: 'POST', url: `${A}/totp/confirm`, headers: auth(token), payload: { code: '000000' } });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: `${A}/totp/confirm`, headers: auth(token), payload: { code: await totpCode(secret, t.clock.now()) } });
    expect(ok.statusCode).toBe(200);
    const recovery: string[] = ok.json().data.recovery_codes;
    expect(recovery).toHaveLength(8);

    expect((await login('operator@epot.local')).body.message).toBe(STAFF_MESSAGES.otpRequired);
    expect((await login('operator@epot.local', DEMO_PASSWORD, '123456')).body.message).toBe(STAFF_MESSAGES.otpWrong);
    // Issue 29 item 8: the code that confirmed enrolment is used up, within its window too.
    expect((await login('operator@epot.local', DEMO_PASSWORD, await totpCode(secret, t.clock.now()))).body.message).toBe(STAFF_MESSAGES.otpWrong);
    t.clock.advance(5 * 60_000); // a code from five minutes ago is stale; the current one works
    expect((await login('operator@epot.local', DEMO_PASSWORD, await totpCode(secret, new Date(t.clock.now().getTime() - 5 * 60_000)))).code).toBe(401);
    const current = await totpCode(secret, t.clock.now());
    expect((await login('operator@epot.local', DEMO_PASSWORD, current)).code).toBe(200);
    // ...once: the same code again (or the previous step's) is refused, the next step's works.
    expect((await login('operator@epot.local', DEMO_PASSWORD, current)).body.message).toBe(STAFF_MESSAGES.otpWrong);
    expect((await login('operator@epot.local', DEMO_PASSWORD, await totpCode(secret, new Date(t.clock.now().getTime() - 30_000)))).body.message).toBe(STAFF_MESSAGES.otpWrong);
    t.clock.advance(30_000);
    expect((await login('operator@epot.local', DEMO_PASSWORD, await totpCode(secret, t.clock.now()))).code).toBe(200);
    expect((await login('operator@epot.local', DEMO_PASSWORD, recovery[0])).code).toBe(200);
    expect((await login('operator@epot.local', DEMO_PASSWORD, recovery[0])).body.message).toBe(STAFF_MESSAGES.otpWrong);
    // Typed in capitals or with spaces, a recovery code still counts.
    expect((await login('operator@epot.local', DEMO_PASSWORD, ` ${recovery[1]!.toUpperCase().replace(/^(.{5})/, '$1 ')}`)).code).toBe(200);
    const [row] = await t.db.select().from(staff).where(eq(staff.email, 'operator@epot.local'));
    expect(row!.recovery_hashes).toHaveLength(6);
    // Stored with a fast keyed hash, not argon2 (a wrong guess costs no argon2 run).
    expect(row!.recovery_hashes.every((h) => /^hmac:[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('still accepts a recovery code hashed with argon2 before issue 29 (once), and only input of its format', async () => {
    const [row] = await t.db.select().from(staff).where(eq(staff.email, 'operator@epot.local'));
    const legacy = 'a1b2c3d4e5';
    await t.db.update(staff).set({ recovery_hashes: [...row!.recovery_hashes, await hashPassword(legacy)] }).where(eq(staff.id, row!.id));
    expect((await login('operator@epot.local', DEMO_PASSWORD, 'not-a-code')).body.message).toBe(STAFF_MESSAGES.otpWrong);
    expect((await login('operator@epot.local', DEMO_PASSWORD, legacy)).code).toBe(200);
    expect((await login('operator@epot.local', DEMO_PASSWORD, legacy)).body.message).toBe(STAFF_MESSAGES.otpWrong);
    const [after] = await t.db.select().from(staff).where(eq(staff.id, row!.id));
    expect(after!.recovery_hashes).toEqual(row!.recovery_hashes);
  });
});

describe('scope, roles and the audit log', () => {
  it("lets the institution admin change its own rules (audited) and answers 404 for another institution's", async () => {
    const token = await tokenOf('admin.lembaga@epot.local');
    const at = t.clock.now().toISOString();
    const own = await t.app.inject({ method: 'PUT', url: settingsOf(t.seed!.institutionId), headers: auth(token), payload: settingsBody });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ message: STAFF_MESSAGES.settingsSaved, data: settingsBody });
    const other = await otherInstitution();
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({ method, url: settingsOf(other.id), headers: auth(token), ...(method === 'PUT' ? { payload: settingsBody } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Lembaga Lain');
    }
    const audit = await t.app.inject({ method: 'GET', url: `${A}/audit?action=institution.settings`, headers: auth(token) });
    const [entry] = audit.json().data.list;
    expect(entry).toMatchObject({ action: 'institution.settings', role: 'institution-admin', target_id: t.seed!.institutionId, after: settingsBody });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(Date.parse(at));
    expect(entry.before).toMatchObject({ active_camera: true });
  });

  it('lets a proctor read but not change the rules, and shows institution staff only their entries', async () => {
    const proctor = await createStaff(t.db, { email: 'proctor@epot.local', role: 'proctor', institutionId: t.seed!.institutionId, password: 'Pengawas-Rahasia-1' }, SHELL_ACTOR, t.clock.now());
    const token = (await login(proctor.email, 'Pengawas-Rahasia-1')).body.data.token;
    expect((await t.app.inject({ method: 'GET', url: settingsOf(t.seed!.institutionId), headers: auth(token) })).statusCode).toBe(200);
    const put = await t.app.inject({ method: 'PUT', url: settingsOf(t.seed!.institutionId), headers: auth(token), payload: settingsBody });
    expect(put.statusCode).toBe(403);
    const list = (await t.app.inject({ method: 'GET', url: `${A}/audit?limit=100`, headers: auth(token) })).json().data.list as { institution_id: string | null }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.institution_id === t.seed!.institutionId)).toBe(true);
    const operatorView = (await t.app.inject({ method: 'GET', url: `${A}/audit?action=staff.totp-enable`, headers: auth(await operatorToken()) })).json().data;
    expect(operatorView.total).toBe(1);
  });

  it('logs out everywhere: earlier tokens stop working', async () => {
    const first = await tokenOf('admin.lembaga@epot.local');
    const out = await t.app.inject({ method: 'POST', url: `${A}/logout-everywhere`, headers: auth(first) });
    expect(out.json().message).toBe(STAFF_MESSAGES.loggedOutEverywhere);
    expect((await t.app.inject({ method: 'GET', url: `${A}/me`, headers: auth(first) })).statusCode).toBe(401);
  });
});

describe('npm run admin -- staff add', () => {
  const run = async (args: string[]) => {
    const out: string[] = [];
    await staffCommand.run(args, { config: t.config, database: t.database, clock: t.clock, out: (l) => out.push(l) });
    return out.join('\n');
  };

  it('creates an account with a password-set link (the same service and audit entry as the console)', async () => {
    const printed = await run(['add', '--email', 'Baru@Epot.local', '--role', 'institution-admin', '--institution', t.seed!.institutionId]);
    const code = /password-set link \(valid 72 hours, once\): http:\/\/localhost:\d+\/admin\/password-set\/([\w-]+)/.exec(printed)?.[1];
    expect(code).toBeDefined();
    const set = await t.app.inject({ method: 'POST', url: `${A}/password-set`, payload: { code, password: 'Admin-Baru-Rahasia-1' } });
    expect(set.statusCode).toBe(200);
    const r = await login('baru@epot.local', 'Admin-Baru-Rahasia-1');
    expect(r.body).toMatchObject({ status: 200 });
    const [entry] = (await t.app.inject({ method: 'GET', url: `${A}/audit?action=staff.create`, headers: auth(r.body.data.token) })).json().data.list;
    expect(entry).toMatchObject({ role: 'shell', staff_id: null, after: { email: 'baru@epot.local', role: 'institution-admin' } });
  });

  it('refuses a bad role, an admin without an institution and a second account with one e-mail', async () => {
    await expect(run(['add', '--email', 'x@epot.local', '--role', 'king'])).rejects.toThrow(/--role must be one of operator, institution-admin, proctor/);
    await expect(run(['add', '--email', 'y@epot.local', '--role', 'institution-admin'])).rejects.toThrow(/needs --institution/);
    await expect(run(['add', '--email', 'operator@epot.local', '--role', 'operator'])).rejects.toThrow(/exists/);
  });
});

async function operatorToken(): Promise<string> {
  // The operator has TOTP on by now: use a recovery-free path, a fresh code at the test clock (the next
  // step: a code works once).
  t.clock.advance(30_000);
  const [row] = await t.db.select().from(staff).where(eq(staff.email, 'operator@epot.local'));
  const otp = row!.totp_enabled ? await totpCode(row!.totp_secret!, t.clock.now()) : undefined;
  const r = await login('operator@epot.local', DEMO_PASSWORD, otp);
  return r.body.data.token;
}
