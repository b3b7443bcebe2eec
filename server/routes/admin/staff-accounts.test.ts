// Staff accounts in the console (issue 14's remainder): two-factor login required per institution
// (the operators' mechanism extended: its admins and proctors enrol before anything else; the demo
// seed's exempt accounts stay exempt), new accounts with a one-time password-set link (mailed, single
// use, expiring; no password travels), institution admins adding their own proctors, and
// `npm run admin -- staff add` without --password against the server's own database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_ERROR_CODES, STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { runAdmin } from '../../cli/admin.ts';
import { staffCommand } from '../../cli/commands/staff.ts';
import { mailOutbox, staff } from '../../db/schema/index.ts';
import { totpCode } from '../../services/staff/staff-accounts.ts';
import { STAFF_PASSWORD_MAIL_SUBJECT } from '../../services/staff/staff-password-links.ts';
import { auditAs, otherInstitutionAdmin, proctorToken, STAFF_PASSWORD, staffJson, staffToken } from '../../../tests/server-helpers/staff.ts';
import { testDbKind } from '../../../tests/server-helpers/test-db.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let op: string;
let admin: string;
const ORIGIN = 'http://localhost'; // inject()'s Host is localhost:80
/** Fresh tokens (tests move the clock by days, past a token's lifetime). */
async function signIn() {
  op = await staffToken(t, 'operator@epot.local');
  admin = await staffToken(t, 'admin.lembaga@epot.local');
}
beforeAll(async () => { t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' }); });
beforeEach(signIn);
afterAll(async () => { await t?.cleanup(); });

/** A staff call from the console in a browser (which sends its page's Origin with every POST). */
async function post(token: string, path: string, payload: object, origin = ORIGIN) {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/v1${path}`, payload, headers: { authorization: `Bearer ${token}`, origin } });
  return { code: res.statusCode, body: res.json() };
}
const lastMailTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to))).at(-1);
const codeIn = (text: string) => /\/admin\/password-set\/([\w-]+)/.exec(text)?.[1];
const setPassword = (code: string, password: string) => t.app.inject({ method: 'POST', url: '/api/admin/v1/password-set', payload: { code, password } });
const login = (email: string, password: string, otp?: string) => t.app.inject({ method: 'POST', url: '/api/admin/v1/login', payload: { email, password, ...(otp ? { otp } : {}) } });
const settingsOf = (id: string) => `/institutions/${id}/settings`;

/** Enrols TOTP for the token's account at the test clock; answers the secret. */
async function enrol(token: string): Promise<string> {
  const { body } = await staffJson(t, token, 'POST', '/totp/enrol');
  const secret = body.data.secret as string;
  expect((await staffJson(t, token, 'POST', '/totp/confirm', { code: await totpCode(secret, t.clock.now()) })).code).toBe(200);
  return secret;
}

describe('two-factor login required per institution', () => {
  it("makes the institution's admins and proctors enrol first once it is on, audited; the demo seed's exempt admin stays exempt", async () => {
    const inst = t.seed!.institutionId;
    const proctor = await proctorToken(t, inst);
    const other = await otherInstitutionAdmin(t);
    expect((await staffJson(t, admin, 'GET', settingsOf(inst))).body.data.staff_totp_required).toBe(false);
    // Scope and role: another institution's admin 404, a proctor 403.
    expect((await staffJson(t, other.token, 'PUT', `/institutions/${inst}/staff-totp`, { required: true })).code).toBe(404);
    expect((await staffJson(t, proctor, 'PUT', `/institutions/${inst}/staff-totp`, { required: true })).code).toBe(403);

    const on = await staffJson(t, admin, 'PUT', `/institutions/${inst}/staff-totp`, { required: true });
    expect(on).toMatchObject({ code: 200, body: { message: STAFF_MESSAGES.staffTotpOn, data: { staff_totp_required: true } } });
    const [entry] = await auditAs(t, op, 'institution.staff-totp');
    expect(entry).toMatchObject({ role: 'institution-admin', target_id: inst, before: { staff_totp_required: false }, after: { staff_totp_required: true } });

    // The proctor (no TOTP) now gets only the enrolment routes; `me` says why.
    const blocked = await staffJson(t, proctor, 'GET', settingsOf(inst));
    expect(blocked).toMatchObject({ code: 403, body: { message: STAFF_MESSAGES.otpEnrolmentRequired, code: STAFF_ERROR_CODES.totpRequired } });
    expect((await staffJson(t, proctor, 'GET', '/me')).body.data).toMatchObject({ totp_required: true, totp_enabled: false });
    // The demo admin is exempt (the issue: no TOTP for the demo accounts); another institution is untouched.
    expect((await staffJson(t, admin, 'GET', settingsOf(inst))).body.data.staff_totp_required).toBe(true);
    expect((await staffJson(t, admin, 'GET', '/me')).body.data.totp_required).toBe(false);
    expect((await staffJson(t, other.token, 'GET', settingsOf(other.institutionId))).code).toBe(200);

    // Enrolled, the proctor works again and must give a code at the next login.
    const secret = await enrol(proctor);
    expect((await staffJson(t, proctor, 'GET', settingsOf(inst))).code).toBe(200);
    const [row] = await t.db.select().from(staff).where(eq(staff.totp_secret, secret));
    expect((await login(row!.email, STAFF_PASSWORD)).json().message).toBe(STAFF_MESSAGES.otpRequired);
    t.clock.advance(30_000); // the enrolment's code is used up: the next step's signs in
    expect((await login(row!.email, STAFF_PASSWORD, await totpCode(secret, t.clock.now()))).json().data.staff).toMatchObject({ totp_enabled: true, totp_required: false });
  });

  it('answers totp_required at login for a new admin of such an institution; the operator turns it off again', async () => {
    const other = await otherInstitutionAdmin(t, 'Lembaga Wajib 2FA');
    expect((await staffJson(t, op, 'PUT', `/institutions/${other.institutionId}/staff-totp`, { required: true })).code).toBe(200);
    expect((await staffJson(t, other.token, 'GET', '/members')).body.code).toBe(STAFF_ERROR_CODES.totpRequired);
    const [adminRow] = await t.db.select().from(staff).where(eq(staff.institution_id, other.institutionId));
    expect((await login(adminRow!.email, STAFF_PASSWORD)).json().data.staff.totp_required).toBe(true);
    const off = await staffJson(t, op, 'PUT', `/institutions/${other.institutionId}/staff-totp`, { required: false });
    expect(off.body).toMatchObject({ message: STAFF_MESSAGES.staffTotpOff, data: { staff_totp_required: false } });
    expect((await staffJson(t, other.token, 'GET', '/members')).code).toBe(200);
    expect((await auditAs(t, op, 'institution.staff-totp'))[0]).toMatchObject({ role: 'operator', before: { staff_totp_required: true }, after: { staff_totp_required: false } });
  });
});

describe('staff accounts from the console', () => {
  it('lets the operator add an institution admin, mailed a one-time link that sets the password once', async () => {
    const inst = t.seed!.institutionId;
    const added = await post(op, '/staff', { email: 'Kepala@Sekolah.id', name: 'Bu Kepala', role: 'institution-admin', institution_id: inst });
    expect(added).toMatchObject({ code: 200, body: { message: STAFF_MESSAGES.staffCreated, data: { email: 'kepala@sekolah.id', role: 'institution-admin', institution_id: inst, institution_name: 'Lembaga Demo', password_set: false } } });
    expect(JSON.stringify(added.body)).not.toMatch(/password_hash|code_hash/);
    const mail = (await lastMailTo('kepala@sekolah.id'))!;
    expect(mail.subject).toBe(STAFF_PASSWORD_MAIL_SUBJECT);
    expect(mail.text).toContain(`${ORIGIN}/admin/password-set/`);
    expect(mail.text).toContain('admin lembaga untuk Lembaga Demo');
    const code = codeIn(mail.text)!;
    expect((await login('kepala@sekolah.id', 'Kepala-Sekolah-2026')).statusCode).toBe(401);

    const info = await t.app.inject({ method: 'GET', url: `/api/admin/v1/password-set/${code}` });
    expect(info.json().data).toEqual({ email: 'kepala@sekolah.id', name: 'Bu Kepala', role: 'institution-admin' });
    expect((await setPassword(code, 'pendek')).json().message).toContain(STAFF_MESSAGES.passwordTooShort);
    expect((await setPassword(code, 'password1234')).statusCode).toBe(400);
    t.clock.advance(48 * 3600_000); // two days later: still valid (72 hours)
    await signIn();
    const set = await setPassword(code, 'Kepala-Sekolah-2026');
    expect(set.json()).toMatchObject({ status: 200, message: STAFF_MESSAGES.passwordSet });
    expect((await setPassword(code, 'Kepala-Lain-2026x')).json().message).toBe(STAFF_MESSAGES.passwordLinkInvalid);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/v1/password-set/${code}` })).statusCode).toBe(400);
    const ok = await login('kepala@sekolah.id', 'Kepala-Sekolah-2026');
    expect(ok.json().data.staff).toMatchObject({ role: 'institution-admin', institution_id: inst });
    expect((await staffJson(t, op, 'GET', `/staff?institution=${inst}`)).body.data.list).toContainEqual(expect.objectContaining({ email: 'kepala@sekolah.id', password_set: true }));
    const [created] = await auditAs(t, op, 'staff.create');
    expect(created).toMatchObject({ role: 'operator', after: { email: 'kepala@sekolah.id', role: 'institution-admin', institution_id: inst } });
    const [setEntry] = await auditAs(t, op, 'staff.password-set');
    expect(setEntry).toMatchObject({ role: 'institution-admin', target_id: added.body.data.id, staff_id: added.body.data.id });
  });

  it('refuses an expired link, and a new link ends the earlier one', async () => {
    await post(op, '/staff', { email: 'lambat@epot.local', role: 'operator' });
    const first = codeIn((await lastMailTo('lambat@epot.local'))!.text)!;
    t.clock.advance(73 * 3600_000);
    await signIn();
    expect((await setPassword(first, 'Operator-Lambat-2026')).json().message).toBe(STAFF_MESSAGES.passwordLinkInvalid);
    const [row] = await t.db.select().from(staff).where(eq(staff.email, 'lambat@epot.local'));
    const again = await post(op, `/staff/${row!.id}/password-link`, {});
    expect(again.body.message).toBe(STAFF_MESSAGES.staffLinkSent);
    const second = codeIn((await lastMailTo('lambat@epot.local'))!.text)!;
    expect(second).not.toBe(first);
    const third = await post(op, `/staff/${row!.id}/password-link`, {});
    expect(third.code).toBe(200);
    expect((await setPassword(second, 'Operator-Lambat-2026')).statusCode).toBe(400);
    expect((await setPassword(codeIn((await lastMailTo('lambat@epot.local'))!.text)!, 'Operator-Lambat-2026')).statusCode).toBe(200);
    expect((await auditAs(t, op, 'staff.password-link'))[0]).toMatchObject({ target_id: row!.id, role: 'operator' });
    // An operator's own account: it must enrol TOTP before anything else, like every operator.
    expect((await login('lambat@epot.local', 'Operator-Lambat-2026')).json().data.staff.totp_required).toBe(true);
  });

  it('lets an institution admin add proctors of its own institution only; proctors add nobody', async () => {
    const inst = t.seed!.institutionId;
    const other = await otherInstitutionAdmin(t, 'Lembaga Tetangga');
    const added = await post(admin, '/staff', { email: 'pengawas.baru@sekolah.id', name: 'Pak Pengawas', role: 'proctor' });
    expect(added.body.data).toMatchObject({ role: 'proctor', institution_id: inst });
    expect((await lastMailTo('pengawas.baru@sekolah.id'))!.text).toContain('pengawas untuk Lembaga Demo');
    expect((await post(admin, '/staff', { email: 'x1@sekolah.id', role: 'institution-admin' })).code).toBe(403);
    expect((await post(admin, '/staff', { email: 'x2@sekolah.id', role: 'operator' })).code).toBe(403);
    const foreign = await post(admin, '/staff', { email: 'x3@sekolah.id', role: 'proctor', institution_id: other.institutionId });
    expect(foreign.code).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Lembaga Tetangga');
    expect((await post(admin, '/staff', { email: 'pengawas.baru@sekolah.id', role: 'proctor' })).body.message).toBe(STAFF_MESSAGES.staffEmailTaken);
    const proctor = await proctorToken(t, inst);
    expect((await post(proctor, '/staff', { email: 'x4@sekolah.id', role: 'proctor' })).code).toBe(403);

    // Lists and links: its own institution's accounts only; another institution's admin gets 404.
    const list = (await staffJson(t, admin, 'GET', '/staff')).body.data.list as { email: string; institution_id: string }[];
    expect(list.every((s) => s.institution_id === inst)).toBe(true);
    expect(list.map((s) => s.email)).toContain('pengawas.baru@sekolah.id');
    expect((await staffJson(t, other.token, 'GET', `/staff?institution=${inst}`)).code).toBe(404);
    expect((await post(other.token, `/staff/${added.body.data.id}/password-link`, {})).code).toBe(404);
    expect((await post(admin, `/staff/${added.body.data.id}/password-link`, {})).code).toBe(200);
    const [demoAdmin] = await t.db.select().from(staff).where(eq(staff.email, 'admin.lembaga@epot.local'));
    expect((await post(admin, `/staff/${demoAdmin!.id}/password-link`, {})).code).toBe(403);
    const entry = (await auditAs(t, op, 'staff.create')).find((e) => (e.after as { email: string }).email === 'pengawas.baru@sekolah.id');
    expect(entry).toMatchObject({ role: 'institution-admin', after: { role: 'proctor', institution_id: inst } });
  });

  it('validates the account: an operator has no institution, an institution admin needs one that exists', async () => {
    expect((await post(op, '/staff', { email: 'y1@epot.local', role: 'operator', institution_id: t.seed!.institutionId })).body.message).toBe(STAFF_MESSAGES.staffInstitutionRule);
    expect((await post(op, '/staff', { email: 'y2@epot.local', role: 'institution-admin' })).body.message).toBe(STAFF_MESSAGES.staffInstitutionRule);
    expect((await post(op, '/staff', { email: 'y3@epot.local', role: 'institution-admin', institution_id: crypto.randomUUID() })).code).toBe(404);
    expect((await post(op, '/staff', { email: 'bukan-email', role: 'proctor' })).code).toBe(400);
    expect(await t.db.select().from(staff).where(eq(staff.email, 'y1@epot.local'))).toEqual([]);
  });
});

describe('npm run admin -- staff add without --password', () => {
  it('prints a password-set link (and mails it) that works on the running server, on the same database', async () => {
    const out: string[] = [];
    const args = ['staff', 'add', '--email', 'cli.admin@epot.local', '--role', 'institution-admin', '--institution', t.seed!.institutionId, '--base-url', 'https://epot.example.id/'];
    if (testDbKind() === 'postgres') {
      // The CLI opens its own connection to the database the server is using.
      const code = await runAdmin(args, { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl! }, (l) => out.push(l), (l) => out.push(l), undefined, t.clock);
      expect(code).toBe(0);
    } else {
      // PGlite is one process's database: the command runs on the server's handle.
      await staffCommand.run(args.slice(1), { config: t.config, database: t.database, clock: t.clock, out: (l) => out.push(l) });
    }
    const printed = out.join('\n');
    expect(printed).not.toMatch(/one-time password/);
    const link = /password-set link \(valid 72 hours, once\): (https:\/\/epot\.example\.id\/admin\/password-set\/[\w-]+)/.exec(printed)?.[1];
    expect(link).toBeDefined();
    expect(printed).toContain('mail to cli.admin@epot.local kept in mail_outbox');
    expect((await lastMailTo('cli.admin@epot.local'))!.text).toContain(link);
    expect((await setPassword(codeIn(link!)!, 'Admin-Dari-Shell-2026')).statusCode).toBe(200);
    expect((await login('cli.admin@epot.local', 'Admin-Dari-Shell-2026')).statusCode).toBe(200);
    expect((await auditAs(t, op, 'staff.create')).find((e) => (e.after as { email: string }).email === 'cli.admin@epot.local')).toMatchObject({ role: 'shell', staff_id: null });
  });
});
