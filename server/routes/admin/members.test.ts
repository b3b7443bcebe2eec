// Staff console members: list/search/paging, add (password-set mail that works), CSV import
// (every bad row by number, nothing written, then all rows in one go), template, deactivate
// (member login refused, sessions end) and reactivate, resend the mail; audit entries; proctors
// read only; another institution's admin gets 404 for every member route.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_ROW_MESSAGES, MEMBER_CSV_TEMPLATE, STAFF_ERROR_CODES, STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { INVITE_MAIL_SUBJECT } from '../../services/staff/member-invites.ts';
import { bearer, createMember, TEST_PASSWORD } from '../../../tests/server-helpers/members.ts';
import { auditOf, otherInstitutionAdmin, proctorToken, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
});
afterAll(async () => { await t?.cleanup(); });

const memberLogin = (email: string, password = TEST_PASSWORD) => t.app.inject({
  method: 'POST', url: '/api/users/v1/member/login', payload: { access_key: t.config.accessKey, provider: 'email', email, password },
});
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to));
const csvOf = (n: number, prefix: string) => ['email,fullname,phone_number', ...Array.from({ length: n }, (_, i) => `${prefix}${i}@sekolah.id,Siswa ${prefix} ${i},08123456${String(i).padStart(4, '0')}`)].join('\n');

describe('adding a member', () => {
  it('adds one, mails a password-set link that works, lists it and audits it', async () => {
    const add = await staffCall(t, { method: 'POST', url: '/members', token: admin, payload: { email: 'Rina@Sekolah.id', fullname: 'Rina Wulandari' } });
    expect(add.code).toBe(200);
    expect(add.body).toMatchObject({ message: STAFF_MESSAGES.memberAdded, data: { email: 'rina@sekolah.id', active: true, password_set: false, institution_id: t.seed!.institutionId } });
    const [mail] = await mailsTo('rina@sekolah.id');
    expect(mail!.subject).toBe(INVITE_MAIL_SUBJECT);
    const code = /\/password-reset\/([\w-]+)/.exec(mail!.text)![1];
    const otp = /Kode OTP Anda: (\d{6})/.exec(mail!.text)![1];
    t.clock.advance(3 * 24 * 3600_000); // days later: the link is valid for 7 days
    const set = await t.app.inject({ method: 'PUT', url: '/api/users/v1/member/change-forgot-password/', payload: { access_key: t.config.accessKey, code, otp, new_password: 'Rina-Baru-2026', conf_new_password: 'Rina-Baru-2026' } });
    expect(set.statusCode).toBe(200);
    expect((await memberLogin('rina@sekolah.id', 'Rina-Baru-2026')).statusCode).toBe(200);
    admin = await staffToken(t, 'admin.lembaga@epot.local'); // the earlier token has expired meanwhile
    const list = await staffCall(t, { url: '/members?search=wulan', token: admin });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ email: 'rina@sekolah.id', password_set: true }] });
    const [entry] = await auditOf(t, 'member.create');
    expect(entry).toMatchObject({ role: 'institution-admin', institution_id: t.seed!.institutionId, after: { set: ['email', 'fullname'] } });
    // No personal data in the audit log (it outlives an erasure): ids and what was set only.
    expect(JSON.stringify(entry)).not.toMatch(/rina@sekolah\.id|Wulan/i);
  });
  it('refuses a taken e-mail (409) and a bad body (400)', async () => {
    expect((await staffCall(t, { method: 'POST', url: '/members', token: admin, payload: { email: 'rina@sekolah.id', fullname: 'X' } })).code).toBe(409);
    expect((await staffCall(t, { method: 'POST', url: '/members', token: admin, payload: { email: 'bukan-email', fullname: '' } })).code).toBe(400);
  });
  it('asks an operator which institution, and lets a proctor only read', async () => {
    const operator = await staffToken(t, 'operator@epot.local');
    const noInst = await staffCall(t, { method: 'POST', url: '/members', token: operator, payload: { email: 'op@sekolah.id', fullname: 'Op' } });
    expect(noInst.body).toMatchObject({ status: 400, message: STAFF_MESSAGES.institutionRequired });
    const withInst = await staffCall(t, { method: 'POST', url: `/members?institution=${t.seed!.institutionId}`, token: operator, payload: { email: 'op@sekolah.id', fullname: 'Op', send_invite: false } });
    expect(withInst.body).toMatchObject({ status: 200, message: STAFF_MESSAGES.memberAddedNoMail });
    const proctor = await proctorToken(t, t.seed!.institutionId);
    expect((await staffCall(t, { url: '/members', token: proctor })).code).toBe(200);
    expect((await staffCall(t, { method: 'POST', url: '/members', token: proctor, payload: { email: 'p@sekolah.id', fullname: 'P' } })).code).toBe(403);
  });
});

describe('CSV import', () => {
  it('reports every bad row by number and writes nothing, then imports the fixed file at once', async () => {
    const rows = csvOf(200, 'imp').split('\n');
    rows[5] = 'bukan-email,Siswa Salah,';                  // row 6: e-mail format
    rows[50] = 'imp1@sekolah.id,Siswa Ganda,';            // row 51: same e-mail as row 3
    rows[120] = 'imp119@sekolah.id,,';                    // row 121: no name
    rows[150] = 'rina@sekolah.id,Rina Lagi,';             // row 151: already has an account
    const bad = await staffCall(t, { method: 'POST', url: '/members/import', token: admin, payload: { csv: rows.join('\n') } });
    expect(bad.code).toBe(422);
    expect(bad.body).toMatchObject({ message: STAFF_MESSAGES.csvInvalid, code: STAFF_ERROR_CODES.csvInvalid });
    expect(bad.body.errors).toEqual([
      { row: 6, column: 'email', message: CSV_ROW_MESSAGES.emailInvalid },
      { row: 51, column: 'email', message: CSV_ROW_MESSAGES.duplicateInFile(3) },
      { row: 121, column: 'fullname', message: CSV_ROW_MESSAGES.fullnameRequired },
      { row: 151, column: 'email', message: CSV_ROW_MESSAGES.emailTaken },
    ]);
    const [before] = await t.db.select({ n: count() }).from(users).where(eq(users.email, 'imp0@sekolah.id'));
    expect(before!.n).toBe(0);
    const fixed = csvOf(200, 'imp');
    const dry = await staffCall(t, { method: 'POST', url: '/members/import', token: admin, payload: { csv: fixed, dry_run: true } });
    expect(dry.body).toMatchObject({ message: STAFF_MESSAGES.membersValid, data: { rows: 200, imported: 0 } });
    // The import's cost as CPU time of this process (the app and, on PGlite, the database): wall time
    // would measure the machine's load instead (a niced test lane beside a browser gets a sliver of a core).
    const started = process.cpuUsage();
    const ok = await staffCall(t, { method: 'POST', url: '/members/import', token: admin, payload: { csv: `\uFEFF${fixed.replaceAll(',', ';')}` } });
    expect(ok.body).toMatchObject({ status: 200, message: STAFF_MESSAGES.membersImported, data: { rows: 200, imported: 200, invited: 200 } });
    const cpu = process.cpuUsage(started);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(20_000);
    const list = await staffCall(t, { url: '/members?search=imp1&limit=100', token: admin });
    expect(list.body.data).toMatchObject({ total: 111 }); // imp1, imp10-19, imp100-199
    expect((await mailsTo('imp199@sekolah.id'))).toHaveLength(1);
    const [entry] = await auditOf(t, 'member.import');
    expect(entry!.after).toMatchObject({ rows: 200 });
    expect(JSON.stringify(entry)).not.toContain('@sekolah.id');
  });
  it('refuses a file without the header or without rows, and serves the template', async () => {
    const noHeader = await staffCall(t, { method: 'POST', url: '/members/import', token: admin, payload: { csv: 'a,b\n1,2' } });
    expect(noHeader.body.errors![0]).toMatchObject({ row: 1 });
    const empty = await staffCall(t, { method: 'POST', url: '/members/import', token: admin, payload: { csv: 'email,fullname\n' } });
    expect(empty.body.errors).toEqual([{ row: 0, column: null, message: CSV_ROW_MESSAGES.empty }]);
    const template = await staffCall(t, { url: '/members/template.csv', token: admin });
    expect(template.raw.headers['content-type']).toMatch(/^text\/csv/);
    expect(template.raw.body).toBe(`\uFEFF${MEMBER_CSV_TEMPLATE}`);
  });
});

describe('deactivating and reactivating', () => {
  it('stops the member signing in and ends their sessions, audited both ways', async () => {
    const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
    const memberToken = await bearer(t.app, user);
    const off = await staffCall(t, { method: 'POST', url: `/members/${user.id}/deactivate`, token: admin });
    expect(off.body).toMatchObject({ message: STAFF_MESSAGES.memberDeactivated, data: { active: false } });
    const login = await memberLogin(user.email);
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/dinonaktifkan/);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/v1/member/detail/', headers: { authorization: memberToken } })).statusCode).toBe(401);
    const on = await staffCall(t, { method: 'POST', url: `/members/${user.id}/reactivate`, token: admin });
    expect(on.body).toMatchObject({ data: { active: true } });
    expect((await memberLogin(user.email)).statusCode).toBe(200);
    expect((await auditOf(t, 'member.deactivate'))[0]).toMatchObject({ target_id: user.id, before: { active: true }, after: { active: false } });
    expect((await auditOf(t, 'member.reactivate'))[0]).toMatchObject({ target_id: user.id, after: { active: true } });
  });
  it('resends the password-set mail (audited)', async () => {
    const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
    const r = await staffCall(t, { method: 'POST', url: `/members/${user.id}/invite`, token: admin });
    expect(r.body.message).toBe(STAFF_MESSAGES.inviteSent);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await auditOf(t, 'member.invite'))[0]).toMatchObject({ target_id: user.id });
  });
});

describe('scope', () => {
  it("answers 404 to another institution's admin for every member route", async () => {
    const other = await otherInstitutionAdmin(t);
    const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
    const own = `?institution=${t.seed!.institutionId}`;
    const calls = [
      { url: `/members${own}` }, { url: `/members/${user.id}` },
      { method: 'POST' as const, url: `/members${own}`, payload: { email: 'x@lain.id', fullname: 'X' } },
      { method: 'POST' as const, url: `/members/import${own}`, payload: { csv: csvOf(1, 'lain') } },
      { method: 'POST' as const, url: `/members/${user.id}/deactivate` }, { method: 'POST' as const, url: `/members/${user.id}/reactivate` },
      { method: 'POST' as const, url: `/members/${user.id}/invite` },
    ];
    for (const c of calls) expect((await staffCall(t, { ...c, token: other.token })).code, c.url).toBe(404);
    const ownList = await staffCall(t, { url: '/members', token: other.token });
    expect(ownList.body.data).toMatchObject({ total: 0 });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.active).toBe(true);
  });
});
