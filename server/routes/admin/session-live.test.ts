// The live view of a test-day session (issue 30) over real HTTP: a proctor's Server-Sent Events
// stream starts with a snapshot and then shows each member's step as it happens (the start, a
// section, a tab leave and the return, a heartbeat); a reconnect with Last-Event-ID replays what it
// missed; the rows a view builds from the events equal a fresh snapshot (one reducer, contracts);
// extra minutes move the server deadline and the member's next heartbeat answer carries it and the
// notice; a re-entry reopens a swept section with the time left; every action is audited. On
// PostgreSQL a second app on the same database (another process's stand-in) publishes and the
// first one's view hears it: LISTEN/NOTIFY, not polling.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveSnapshot, TestSession } from '../../../contracts/admin-sessions.ts';
import { applyLiveEvent, HEARTBEAT_INTERVAL_MS, LIVE_MESSAGES, SUBMIT_GRACE_MS, type LiveEvent } from '../../../contracts/facts/index.ts';
import type { Heartbeat, HeartbeatResult } from '../../../contracts/proctoring.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { sweepOverdueSections } from '../../services/exam/attempts.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { call, getSection, sectionRow, type StartedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { consentedMember, startSignal } from '../../../tests/server-helpers/session-members.ts';
import { openSse, type SseStream } from '../../../tests/server-helpers/sse.ts';
import { auditOf, otherInstitutionAdmin, proctorToken, staffAuth, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';

// 09.10 WIB, inside the window (opens 09.00, last start 10.00, closes 13.00).
const NOW = '2026-12-05T02:10:00Z';
const WINDOW = { opens_at: '2026-12-05T09:00:00+07:00', last_start_at: '2026-12-05T10:00:00+07:00', closes_at: '2026-12-05T13:00:00+07:00' };

let t: TestApp;
let base: string;
let admin: string;
let session: TestSession;
const streams: SseStream[] = [];

beforeAll(async () => {
  t = await appWithFixtureExam('epot-live-', { now: NOW });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.cleanup();
});

const member = () => consentedMember(t);
const start = (o: StartedOrder) => startSignal(t, o);
const beat = (section: Heartbeat['section'], run: string, seq: number): Heartbeat => ({
  section, run_id: run, seq, elapsed_ms: seq * HEARTBEAT_INTERVAL_MS, camera_live: true, detector_running: true, detector_fps: 4,
  face_counts: { ok: 60, no_face: 0, multi_face: 0, still: 0 }, tab_hidden_ms: 0, tab_leaves: 0, speech_monitoring: true,
});
const sendBeat = (o: StartedOrder, b: Heartbeat) =>
  call<HeartbeatResult>(t, { method: 'POST', url: `/users/v1/member/order/proctoring-heartbeat/${o.orderId}`, headers: o.headers, payload: { beats: [b] } });
const liveUrl = (id: string) => `${base}/api/admin/v1/sessions/${id}/live`;
const live = async (token: string, extra: Record<string, string> = {}) => {
  const s = await openSse(liveUrl(session.id), { ...staffAuth(token), ...extra });
  streams.push(s);
  return s;
};
const eventOf = (data: string) => JSON.parse(data) as LiveEvent;
const liveKind = (kind: string, userId: string) => (m: { event?: string | undefined; data: string }) =>
  m.event === 'live' && eventOf(m.data).kind === kind && eventOf(m.data).user_id === userId;
const jsonSnapshot = async (token = admin) => (await staffCall(t, { url: `/sessions/${session.id}/live`, token })).body.data as LiveSnapshot;

let a: StartedOrder;
let b: StartedOrder;

describe('session live view', () => {
  it('streams a snapshot, then each step of a member as it happens', async () => {
    [a, b] = [await member(), await member()];
    const outside = await member();
    session = (await staffCall(t, { method: 'POST', url: '/sessions', token: admin, payload: { name: 'Lab 2', ...WINDOW, member_ids: [a.userId, b.userId] } })).body.data as TestSession;
    const view = await live(admin);
    const snap = JSON.parse((await view.next((m) => m.event === 'snapshot')).data) as LiveSnapshot;
    expect(snap.members.map((m) => m.state)).toEqual(['not_arrived', 'not_arrived']);
    expect(snap.session.name).toBe('Lab 2');

    expect((await start(a)).code).toBe(200);
    await view.next(liveKind('device_check', a.userId));
    expect((await getSection(t, a, 'listening')).code).toBe(200);
    const started = eventOf((await view.next(liveKind('section_start', a.userId))).data);
    expect(started.data).toMatchObject({ section: 'listening' });
    expect(typeof started.id).toBe('number');

    // A tab leave: flagged when the page says it left ('page-left'), not again when the warning is
    // acknowledged (the violation report); then the return (the page-away episode with its length).
    expect((await call(t, { method: 'POST', url: `/users/v1/member/order/proctoring-event/${a.orderId}`, headers: a.headers, payload: { section: 'listening', kind: 'page-left' } })).code).toBe(200);
    expect(eventOf((await view.next(liveKind('flag', a.userId))).data).data).toMatchObject({ flag: 'tab', section: 'listening' });
    expect((await call(t, { method: 'PUT', url: `/users/v1/member/order/update/violation/${a.orderId}`, headers: a.headers, payload: { counter_type: 'open_new_tab', section: 'listening', image: '' } })).code).toBe(200);
    // A face violation is flagged by its report.
    expect((await call(t, { method: 'PUT', url: `/users/v1/member/order/update/violation/${a.orderId}`, headers: a.headers, payload: { counter_type: 'face', section: 'listening', image: '' } })).code).toBe(200);
    expect(eventOf((await view.next((m) => liveKind('flag', a.userId)(m) && eventOf(m.data).data.flag === 'face')).data).data).toMatchObject({ flag: 'face' });
    expect((await call(t, { method: 'POST', url: `/users/v1/member/order/proctoring-event/${a.orderId}`, headers: a.headers, payload: { section: 'listening', kind: 'page-away', duration_ms: 4200 } })).code).toBe(200);
    expect(eventOf((await view.next(liveKind('returned', a.userId))).data).data).toMatchObject({ seconds: 4 });

    // A heartbeat is pushed (without an id: it is not stored as an event).
    const run = randomUUID();
    expect((await sendBeat(a, beat('listening', run, 1))).code).toBe(200);
    const pushed = await view.next(liveKind('beat', a.userId));
    expect(pushed.id).toBeUndefined();

    // A member in no session publishes nothing.
    expect((await start(outside)).code).toBe(200);
    expect(await t.db.$count((await import('../../db/schema/index.ts')).sessionLiveEvents)).toBeGreaterThan(0);
    expect(view.messages.some((m) => m.data.includes(outside.userId))).toBe(false);

    // The rows a view builds from the pushed events are the snapshot computed now.
    const built = view.messages.filter((m) => m.event === 'live').map((m) => eventOf(m.data))
      .reduce((rows, e) => rows.map((r) => applyLiveEvent(r, e)), snap.members);
    const fresh = await jsonSnapshot();
    expect(built).toEqual(fresh.members);
    expect(fresh.members.find((m) => m.user_id === a.userId)).toMatchObject({ state: 'listening', flags: { tab: 1, face: 1, speech: 0, gap: 0 } });
  });

  it('gives extra minutes: the server deadline moves, the view hears it, the member\'s heartbeat answer carries it with a notice', async () => {
    const view = await live(admin);
    await view.next((m) => m.event === 'snapshot');
    const before = await sectionRow(t, a, 'listening');
    const proctor = await proctorToken(t, t.seed!.institutionId);
    const given = await staffCall(t, { method: 'POST', url: `/sessions/${session.id}/members/${a.userId}/extra-time`, token: proctor, payload: { minutes: 5, reason: 'Laptop mati listrik 4 menit' } });
    expect(given.code).toBe(200);
    expect(given.body.message).toBe(LIVE_MESSAGES.extraTimeGiven(5));
    const after = await sectionRow(t, a, 'listening');
    expect(after!.deadline_at.getTime() - before!.deadline_at.getTime()).toBe(5 * 60_000);
    expect(eventOf((await view.next(liveKind('deadline', a.userId))).data).data).toMatchObject({ minutes: 5, deadline_at: after!.deadline_at.toISOString() });
    const answer = await sendBeat(a, beat('listening', randomUUID(), 1));
    expect(answer.body.data.deadline_at).toBe(after!.deadline_at.toISOString());
    expect(answer.body.data.notices).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'deadline', text: LIVE_MESSAGES.extraTimeNotice(5) })]));
    expect(await auditOf(t, 'session.extra_time')).toEqual(expect.arrayContaining([expect.objectContaining({ after: expect.objectContaining({ minutes: 5, reason: 'Laptop mati listrik 4 menit' }) })]));
    // Nobody in a section: refused with the catalogue's sentence.
    const none = await staffCall(t, { method: 'POST', url: `/sessions/${session.id}/members/${b.userId}/extra-time`, token: admin, payload: { minutes: 5, reason: 'x' } });
    expect(none.code).toBe(409);
    expect(none.body.message).toBe(LIVE_MESSAGES.noOpenSection);
  });

  it('a reconnecting view resumes from its Last-Event-ID and replays what it missed', async () => {
    const first = await live(admin);
    const snap = JSON.parse((await first.next((m) => m.event === 'snapshot')).data) as LiveSnapshot;
    first.close();
    // While the view is away: b starts, a message goes to everyone.
    expect((await start(b)).code).toBe(200);
    expect((await staffCall(t, { method: 'POST', url: `/sessions/${session.id}/messages`, token: admin, payload: { text: 'Sisa waktu sesi 30 menit.', reason: 'Pengumuman' } })).code).toBe(200);
    const again = await live(admin, { 'last-event-id': String(snap.last_event_id) });
    await again.next(liveKind('device_check', b.userId));
    const msg = eventOf((await again.next((m) => m.event === 'live' && eventOf(m.data).kind === 'message')).data);
    expect(msg.data).toMatchObject({ text: 'Sisa waktu sesi 30 menit.' });
    expect(again.messages.some((m) => m.event === 'snapshot')).toBe(false);
    // The member's heartbeat answer carries the message once the member beats.
    expect((await getSection(t, b, 'listening')).code).toBe(200);
    const answer = await sendBeat(b, beat('listening', randomUUID(), 1));
    expect(answer.body.data.notices?.map((n) => n.text)).toContain('Sisa waktu sesi 30 menit.');
  });

  it('re-entry reopens the section the sweeper closed while the laptop was dead, with the time left and the drafts kept', async () => {
    const row = await sectionRow(t, b, 'listening');
    // The member saved a draft, then the laptop died; the deadline and its grace pass; the sweeper closes it.
    await call(t, { method: 'PUT', url: '/users/v1/member/order/answer/draft', headers: b.headers, payload: { id: b.orderId, section: 'listening', answer: [], position: 3 } });
    t.clock.set(new Date(row!.deadline_at.getTime() + SUBMIT_GRACE_MS + 1000));
    expect(await sweepOverdueSections(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await sectionRow(t, b, 'listening'))!.closed_by).toBe('swept');
    const res = await staffCall(t, { method: 'POST', url: `/sessions/${session.id}/members/${b.userId}/reentry`, token: admin, payload: { reason: 'Laptop mati, pindah ke PC cadangan' } });
    expect(res.code).toBe(200);
    const reopened = await sectionRow(t, b, 'listening');
    expect(reopened!.submitted_at).toBeNull();
    expect(reopened!.draft_position).toBe(3);
    expect(reopened!.deadline_at.getTime()).toBeGreaterThanOrEqual(t.clock.now().getTime() + 2 * 60_000);
    expect((await getSection(t, b, 'listening')).body.data).toMatchObject({});
    expect(await auditOf(t, 'session.reentry')).toHaveLength(1);
  });

  it("keeps another institution's staff out (404) and members out (401)", async () => {
    const other = await otherInstitutionAdmin(t);
    const res = await fetch(liveUrl(session.id), { headers: { accept: 'text/event-stream', ...staffAuth(other.token) } });
    expect(res.status).toBe(404);
    expect((await staffCall(t, { method: 'POST', url: `/sessions/${session.id}/members/${a.userId}/extra-time`, token: other.token, payload: { minutes: 5, reason: 'x' } })).code).toBe(404);
    expect((await fetch(liveUrl(session.id), { headers: { accept: 'text/event-stream', authorization: a.headers.authorization } })).status).toBe(401);
  });

  it.runIf(process.env.EPOT_TEST_DB === 'postgres' || Boolean(process.env.TEST_DATABASE_URL))('hears a member on another process (LISTEN/NOTIFY on PostgreSQL)', async () => {
    if (!t.databaseUrl) return expect(t.database.kind).toBe('pglite');
    const database = await openDatabase({ databaseUrl: t.databaseUrl });
    const second = await buildApp({ config: t.config, database, clock: t.clock });
    try {
      const view = await live(admin);
      await view.next((m) => m.event === 'snapshot');
      const run = randomUUID();
      const res = await second.inject({ method: 'POST', url: `/api/users/v1/member/order/proctoring-heartbeat/${a.orderId}`, headers: a.headers, payload: { beats: [beat('listening', run, 1)] } });
      expect(res.statusCode).toBe(200);
      await view.next(liveKind('beat', a.userId), 3_000);
    } finally {
      await second.close();
      await database.close();
    }
  });
});
