// Privacy requests in the console (issue 19) on PGlite and PostgreSQL: the members' exports and
// deletions are listed for the operator (all) and institution admins (their members), with status,
// time and receipt; staff re-send a receipt and delete a member's data for a request made another
// way (note required); everything audited and scope-checked (404 to another institution's admin,
// 403 to proctors).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import type { PrivacyRequestDetail, PrivacyRequestItem } from '../../../contracts/admin-privacy.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { anonymisedEmail } from '../../services/privacy/deletion.ts';
import { runRetention } from '../../services/retention/sweep.ts';
import { DEFAULT_RETENTION } from '../../services/retention/classes.ts';
import { bearer, createMember, TEST_PASSWORD } from '../../../tests/server-helpers/members.ts';
import { auditOf, otherInstitutionAdmin, proctorToken, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let admin: string;
let operator: string;
let other: { institutionId: string; token: string };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
  operator = await staffToken(t, 'operator@epot.local');
  other = await otherInstitutionAdmin(t);
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

async function member(institutionId: string | null) {
  const { user } = await createMember(t.db, institutionId ? { is_b2b: true, institution_id: institutionId, company_id: t.seed!.companyId } : { company_id: t.seed!.companyId });
  return { user, headers: { authorization: await bearer(t.app, user) } };
}

const exportData = async (m: Awaited<ReturnType<typeof member>>) =>
  expect((await t.app.inject({ method: 'GET', url: '/api/users/v1/member/privacy/export', headers: m.headers })).statusCode).toBe(200);
const deleteOwn = async (m: Awaited<ReturnType<typeof member>>) =>
  expect((await t.app.inject({ method: 'POST', url: '/api/users/v1/member/privacy/deletion', headers: m.headers, payload: { confirm: true, password: TEST_PASSWORD } })).statusCode).toBe(200);
const list = async (token: string, query = '') => staffCall(t, { url: `/privacy-requests${query}`, token });
const mailsTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to))).length;

describe('privacy requests in the console', () => {
  it('lists exports and deletions in scope, with status, time and receipt', async () => {
    const a = await member(t.seed!.institutionId);
    const b = await member(t.seed!.institutionId);
    const foreign = await member(other.institutionId);
    await exportData(a);
    t.clock.advance(1000);
    await deleteOwn(b);
    await exportData(foreign);

    const mine = await list(admin);
    expect(mine.code).toBe(200);
    const rows = (mine.body.data as { list: PrivacyRequestItem[] }).list;
    expect(rows.map((r) => `${r.kind}:${r.member.id}`)).toEqual([`deletion:${b.user.id}`, `export:${a.user.id}`]);
    expect(rows[0]).toMatchObject({
      channel: 'account', status: 'completed', member: { email: anonymisedEmail(b.user.id) }, receipt_to: b.user.email, receipt_sends: 1,
      receipt: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), removed: expect.arrayContaining(['email', 'foto']), staff_email: null,
    });
    expect(rows[1]).toMatchObject({ kind: 'export', status: 'completed', receipt: null, completed_at: rows[1]!.requested_at });
    expect((await list(admin, '?kind=export')).body.data).toMatchObject({ total: 1 });

    // The operator sees every institution (or one); another institution's admin only its own.
    const all = (await list(operator)).body.data as { list: PrivacyRequestItem[] };
    expect(all.list.map((r) => r.member.id)).toEqual(expect.arrayContaining([a.user.id, b.user.id, foreign.user.id]));
    expect(((await list(operator, `?institution=${other.institutionId}`)).body.data as { list: PrivacyRequestItem[] }).list.map((r) => r.member.id)).toEqual([foreign.user.id]);
    expect(((await list(other.token)).body.data as { list: PrivacyRequestItem[] }).list.map((r) => r.member.id)).toEqual([foreign.user.id]);
    expect((await list(other.token, `?institution=${t.seed!.institutionId}`)).code).toBe(404);
    expect((await list(await proctorToken(t, t.seed!.institutionId))).code).toBe(403);

    const detail = await staffCall(t, { url: `/privacy-requests/${rows[0]!.id}`, token: admin });
    expect((detail.body.data as PrivacyRequestDetail).log.map((e) => e.event)).toEqual(['requested', 'completed', 'receipt-sent']);
    expect((await staffCall(t, { url: `/privacy-requests/${rows[0]!.id}`, token: other.token })).code).toBe(404);
  });

  it('sends a receipt again (audited) until its address is gone by retention', async () => {
    const b = await member(t.seed!.institutionId);
    await deleteOwn(b);
    const [request] = ((await list(admin)).body.data as { list: PrivacyRequestItem[] }).list;
    const url = `/privacy-requests/${request!.id}/resend-receipt`;
    expect((await staffCall(t, { method: 'POST', url, token: other.token })).code).toBe(404);
    const before = await mailsTo(b.user.email);
    const resent = await staffCall(t, { method: 'POST', url, token: admin });
    expect(resent.code).toBe(200);
    expect(resent.body.message).toBe(PRIVACY_STAFF_MESSAGES.receiptResent);
    expect(resent.body.data).toMatchObject({ receipt_sends: 2 });
    expect((resent.body.data as PrivacyRequestDetail).log.map((e) => `${e.event}:${e.by}`)).toEqual([
      'requested:null', 'completed:null', 'receipt-sent:null', 'receipt-resent:admin.lembaga@epot.local',
    ]);
    expect(await mailsTo(b.user.email)).toBe(before + 1);
    const [entry] = await auditOf(t, 'privacy.receipt-resend');
    expect(entry).toMatchObject({ target_id: request!.id, institution_id: t.seed!.institutionId });

    const a = await member(t.seed!.institutionId);
    await exportData(a);
    const [exp] = ((await list(admin, '?kind=export')).body.data as { list: PrivacyRequestItem[] }).list;
    expect((await staffCall(t, { method: 'POST', url: `/privacy-requests/${exp!.id}/resend-receipt`, token: admin })).body.message).toBe(PRIVACY_STAFF_MESSAGES.notADeletion);

    await runRetention(t.db, t.app.blobs, DEFAULT_RETENTION, new Date(t.clock.now().getTime() + 91 * DAY), { only: ['privacy_receipts'] });
    const gone = await staffCall(t, { method: 'POST', url, token: admin });
    expect(gone.code).toBe(409);
    expect(gone.body.message).toBe(PRIVACY_STAFF_MESSAGES.receiptAddressGone);
  });

  it("deletes a member's data for a request made another way, with a required note (audited)", async () => {
    const c = await member(t.seed!.institutionId);
    const url = `/members/${c.user.id}/privacy-deletion`;
    expect((await staffCall(t, { method: 'POST', url, token: admin, payload: {} })).code).toBe(400);
    expect((await staffCall(t, { method: 'POST', url, token: admin, payload: { note: 'singkat' } })).code).toBe(400);
    const note = 'Permintaan lewat surat tertanggal 5 Maret 2026, nomor 12/PDP';
    expect((await staffCall(t, { method: 'POST', url, token: other.token, payload: { note } })).code).toBe(404);
    expect((await staffCall(t, { method: 'POST', url, token: await proctorToken(t, t.seed!.institutionId), payload: { note } })).code).toBe(403);

    const done = await staffCall(t, { method: 'POST', url, token: admin, payload: { note } });
    expect(done.code).toBe(200);
    expect(done.body.message).toBe(PRIVACY_STAFF_MESSAGES.deletionDone);
    expect(done.body.data).toMatchObject({ kind: 'deletion', channel: 'staff', status: 'completed', note, staff_email: 'admin.lembaga@epot.local', receipt_to: c.user.email, receipt_sends: 1 });
    const [row] = await t.db.select().from(users).where(eq(users.id, c.user.id));
    expect(row).toMatchObject({ email: anonymisedEmail(c.user.id), password_hash: null, phone_number: null });
    expect(await mailsTo(c.user.email)).toBe(1);
    const [entry] = await auditOf(t, 'privacy.deletion');
    expect(entry).toMatchObject({ target_id: (done.body.data as PrivacyRequestItem).id, institution_id: t.seed!.institutionId, after: { member_id: c.user.id, note } });
    expect((await staffCall(t, { method: 'POST', url, token: admin, payload: { note } })).body.message).toBe(PRIVACY_STAFF_MESSAGES.alreadyDeleted);

    // Operators reach members outside any institution too.
    const individual = await member(null);
    expect((await staffCall(t, { method: 'POST', url: `/members/${individual.user.id}/privacy-deletion`, token: admin, payload: { note } })).code).toBe(404);
    expect((await staffCall(t, { method: 'POST', url: `/members/${individual.user.id}/privacy-deletion`, token: operator, payload: { note } })).code).toBe(200);
  });
});
