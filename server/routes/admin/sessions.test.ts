// Test-day sessions (issue 30): an institution admin schedules a session for their members; a member
// in it is refused a start before the window opens and after its last start (with the catalogue's
// sentence, shown on their test list too) and starts inside it; a member in no session starts any
// time; ending early stops new starts. Scope: another institution's admin gets 404, a proctor reads
// but cannot change, a member token is refused; every change is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberSessionNotice, TestSession } from '../../../contracts/admin-sessions.ts';
import { SESSION_MESSAGES } from '../../../contracts/facts/index.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { call, type StartedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { createMember } from '../../../tests/server-helpers/members.ts';
import { consentedMember, startSignal } from '../../../tests/server-helpers/session-members.ts';
import { auditOf, otherInstitutionAdmin, proctorToken, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { createStaff } from '../../services/staff/staff-accounts.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';

// 07.00 WIB on a Saturday; the session opens at 09.00, last start 10.00, closes 13.00.
const NOW = '2026-12-05T00:00:00Z';
const WINDOW = { opens_at: '2026-12-05T09:00:00+07:00', last_start_at: '2026-12-05T10:00:00+07:00', closes_at: '2026-12-05T13:00:00+07:00' };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await appWithFixtureExam('epot-sessions-', { now: NOW });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
});
afterAll(async () => { await t?.cleanup(); });

const member = () => consentedMember(t);
const start = (o: StartedOrder) => startSignal(t, o);
const notice = async (o: StartedOrder) =>
  (await call<{ session: MemberSessionNotice | null }>(t, { method: 'GET', url: '/users/v1/member/order/session-notice', headers: o.headers })).body.data.session;
const schedule = (token: string, body: object) => staffCall(t, { method: 'POST', url: '/sessions', token, payload: body });

describe('test-day sessions', () => {
  it('refuses a start before the window and after the last start, starts inside it; members outside keep today\'s behaviour', async () => {
    const [early, inTime, late, outside] = [await member(), await member(), await member(), await member()];
    const created = await schedule(admin, { name: 'Sabtu pagi, Lab 1', ...WINDOW, member_ids: [early.userId, inTime.userId, late.userId] });
    expect(created.code).toBe(200);
    const session = created.body.data as TestSession;
    expect(session).toMatchObject({ name: 'Sabtu pagi, Lab 1', phase: 'scheduled', member_count: 3, institution_id: t.seed!.institutionId });

    // 07.00 WIB: not open yet — refused with when it opens, and the test list says the same.
    const before = await start(early);
    expect(before.code).toBe(409);
    expect(before.body.message).toBe(SESSION_MESSAGES.notOpenYet('Sabtu pagi, Lab 1', WINDOW.opens_at));
    expect(before.body.message).toContain('Sabtu, 5 Desember 2026 pukul 09.00 WIB');
    expect(await notice(early)).toMatchObject({ can_start: false, message: before.body.message, opens_at: '2026-12-05T02:00:00.000Z' });
    // Not in any session: starts whenever.
    expect((await start(outside)).code).toBe(200);
    expect(await notice(outside)).toBeNull();

    // 09.30 WIB: inside the window.
    t.clock.set(new Date('2026-12-05T02:30:00Z'));
    expect(await notice(inTime)).toMatchObject({ can_start: true, message: null });
    expect((await start(inTime)).code).toBe(200);
    // A started order goes on after the last start (a reload re-sends the start signal).
    t.clock.set(new Date('2026-12-05T03:30:00Z'));
    expect((await start(inTime)).code).toBe(200);

    // 10.30 WIB: past the last start — refused, and told whom to ask.
    const after = await start(late);
    expect(after.code).toBe(409);
    expect(after.body.message).toBe(SESSION_MESSAGES.lastStartPassed('Sabtu pagi, Lab 1', WINDOW.last_start_at));
    expect(after.body.message).toMatch(/Hubungi pengawas atau admin lembaga Anda/);

    const detail = await staffCall(t, { url: `/sessions/${session.id}`, token: admin });
    expect(detail.code).toBe(200);
    const members = (detail.body.data as { members: { user_id: string; order_status: string | null }[] }).members;
    expect(members.find((m) => m.user_id === inTime.userId)?.order_status).toBe('in_progress');
    expect(members.find((m) => m.user_id === late.userId)?.order_status).toBe('not_started');
    const [entry] = (await auditOf(t, 'session.create')).filter((e) => e.target_id === session.id);
    expect(entry).toMatchObject({ role: 'institution-admin', institution_id: t.seed!.institutionId, after: { members: 3 } });
    t.clock.set(new Date(NOW));
  });

  it('ending a session early stops new starts, with a reason in the audit log', async () => {
    const m = await member();
    t.clock.set(new Date('2026-12-05T02:10:00Z'));
    const s = (await schedule(admin, { name: 'Sesi diakhiri', ...WINDOW, member_ids: [m.userId] })).body.data as TestSession;
    expect(s.phase).toBe('open');
    const ended = await staffCall(t, { method: 'POST', url: `/sessions/${s.id}/end`, token: admin, payload: { reason: 'Listrik padam di lab' } });
    expect(ended.code).toBe(200);
    expect((ended.body.data as TestSession).phase).toBe('ended');
    const refused = await start(m);
    expect(refused.code).toBe(409);
    expect(refused.body.message).toBe(SESSION_MESSAGES.endedEarly('Sesi diakhiri'));
    expect((await staffCall(t, { method: 'POST', url: `/sessions/${s.id}/end`, token: admin, payload: { reason: 'lagi' } })).code).toBe(400);
    const [entry] = (await auditOf(t, 'session.end')).filter((e) => e.target_id === s.id);
    expect(entry).toMatchObject({ after: { reason: 'Listrik padam di lab' } });
    t.clock.set(new Date(NOW));
  });

  it('validates the window and the members', async () => {
    const m = await member();
    const bad = await schedule(admin, { name: 'Terbalik', ...WINDOW, last_start_at: '2026-12-05T08:00:00+07:00', member_ids: [m.userId] });
    expect(bad).toMatchObject({ code: 400, body: { message: SESSION_MESSAGES.badWindow } });
    const past = await schedule(admin, { name: 'Lewat', opens_at: '2026-12-01T09:00:00+07:00', last_start_at: '2026-12-01T10:00:00+07:00', closes_at: '2026-12-01T11:00:00+07:00', member_ids: [m.userId] });
    expect(past).toMatchObject({ code: 400, body: { message: SESSION_MESSAGES.closesInPast } });
    const { user: stranger } = await createMember(t.db, { company_id: t.seed!.companyId });
    const foreign = await schedule(admin, { name: 'Asing', ...WINDOW, member_ids: [m.userId, stranger.id] });
    expect(foreign).toMatchObject({ code: 400, body: { message: SESSION_MESSAGES.membersOutOfScope } });
    expect((await schedule(admin, { name: 'Kosong', ...WINDOW, member_ids: [] })).code).toBe(400);
  });

  it("assigns the institution's proctors, named in every answer, and refuses anyone else's", async () => {
    const m = await member();
    const now = t.clock.now();
    const rina = await createStaff(t.db, { email: 'rina.pengawas@epot.local', name: 'Rina Pengawas', role: 'proctor', institutionId: t.seed!.institutionId }, SHELL_ACTOR, now);
    const adi = await createStaff(t.db, { email: 'adi.admin@epot.local', name: 'Adi Admin', role: 'institution-admin', institutionId: t.seed!.institutionId }, SHELL_ACTOR, now);
    const other = await otherInstitutionAdmin(t, 'Lembaga Pengawas Lain');
    const stranger = await createStaff(t.db, { email: 'pengawas.lain@epot.local', name: 'Pengawas Lain', role: 'proctor', institutionId: other.institutionId }, SHELL_ACTOR, now);
    const refused = await schedule(admin, { name: 'Pengawas asing', ...WINDOW, member_ids: [m.userId], proctor_ids: [rina.id, stranger.id] });
    expect(refused).toMatchObject({ code: 400, body: { message: SESSION_MESSAGES.proctorsOutOfScope } });

    const made = await schedule(admin, { name: 'Dengan pengawas', ...WINDOW, member_ids: [m.userId], proctor_ids: [rina.id, adi.id] });
    expect(made.code).toBe(200);
    const named = [{ id: adi.id, name: 'Adi Admin', email: 'adi.admin@epot.local' }, { id: rina.id, name: 'Rina Pengawas', email: 'rina.pengawas@epot.local' }];
    const s = made.body.data as TestSession;
    expect(s.proctors).toEqual(named);
    expect(s.proctor_ids).toEqual([rina.id, adi.id].sort());
    const listed = (await staffCall(t, { url: '/sessions', token: admin })).body.data as { list: TestSession[] };
    expect(listed.list.find((x) => x.id === s.id)?.proctors).toEqual(named);
  });

  it('keeps each institution to its own sessions; proctors read only; members and strangers are refused', async () => {
    const m = await member();
    const s = (await schedule(admin, { name: 'Milik lembaga demo', ...WINDOW, member_ids: [m.userId] })).body.data as TestSession;
    const other = await otherInstitutionAdmin(t, 'Lembaga Sesi Lain');
    expect((await staffCall(t, { url: `/sessions/${s.id}`, token: other.token })).code).toBe(404);
    expect((await staffCall(t, { method: 'POST', url: `/sessions/${s.id}/end`, token: other.token, payload: { reason: 'x' } })).code).toBe(404);
    const theirs = await staffCall(t, { url: '/sessions', token: other.token });
    expect((theirs.body.data as { list: TestSession[] }).list).toEqual([]);
    // Scheduling our member into their session: the member is not theirs.
    expect((await schedule(other.token, { name: 'Curian', ...WINDOW, member_ids: [m.userId] })).code).toBe(400);
    expect((await schedule(other.token, { name: 'Curian', institution_id: t.seed!.institutionId, ...WINDOW, member_ids: [m.userId] })).code).toBe(404);

    const proctor = await proctorToken(t, t.seed!.institutionId);
    expect((await staffCall(t, { url: `/sessions/${s.id}`, token: proctor })).code).toBe(200);
    expect((await schedule(proctor, { name: 'Pengawas', ...WINDOW, member_ids: [m.userId] })).code).toBe(403);

    const operator = await staffToken(t, 'operator@epot.local');
    expect((await schedule(operator, { name: 'Tanpa lembaga', ...WINDOW, member_ids: [m.userId] })).code).toBe(400);
    expect((await schedule(operator, { name: 'Operator', institution_id: t.seed!.institutionId, ...WINDOW, member_ids: [m.userId] })).code).toBe(200);

    for (const token of [m.headers.authorization.replace(/^Bearer /, ''), 'not-a-token']) {
      expect([401, 403]).toContain((await staffCall(t, { url: '/sessions', token })).code);
      expect([401, 403]).toContain((await staffCall(t, { url: `/sessions/${s.id}`, token })).code);
    }
  });
});
