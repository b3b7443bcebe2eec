// Evidence the server accounts for (issue 27) on the fixture exam: the heartbeat route (server time,
// retries stored once, only open sections, limits), a scripted client that takes the whole test
// through the spec API with no photos and no proctoring calls (scored, queued as incomplete evidence,
// no certificate until a reviewer decides), and beats that stop mid-section while autosaves go on.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptTimeline, ReviewQueueRow } from '../../../contracts/admin-review.ts';
import type { CertificateListItem } from '../../../contracts/certificates.ts';
import type { OrderDetailFull, SectionDetail } from '../../../contracts/exam-delivery.ts';
import { HEARTBEAT_INTERVAL_MS, SUBMIT_GRACE_MS, type SectionName } from '../../../contracts/facts/index.ts';
import type { Heartbeat, HeartbeatResult } from '../../../contracts/proctoring.ts';
import { certificates, mailOutbox, orderSections, orders, proctoringHeartbeats, users } from '../../db/schema/index.ts';
import { issueMissing } from '../../services/certificates/certificates.ts';
import { sweepOverdueSections } from '../../services/exam/attempts.ts';
import { answerPattern, call, getSection, keysFor, sectionPhotos, startedOrder, type StartedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { institutionAttempt, memberEmail, reviewInstitution, type ReviewInstitution } from '../../../tests/server-helpers/review.ts';
import { staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let inst: ReviewInstitution;
let operator: string;

beforeAll(async () => {
  t = await appWithFixtureExam('epot-evidence-', { now: '2026-03-10T02:00:00Z' });
  inst = await reviewInstitution(t);
  operator = await staffToken(t, 'operator@epot.local');
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

const HEARTBEAT = (id: string) => `/users/v1/member/order/proctoring-heartbeat/${id}`;
const DRAFT = '/users/v1/member/order/answer/draft';
const ANSWER = '/users/v1/member/order/answer/';

function beat(section: SectionName, runId: string, seq: number, over: Partial<Heartbeat> = {}): Heartbeat {
  return {
    section, run_id: runId, seq, elapsed_ms: seq * HEARTBEAT_INTERVAL_MS, camera_live: true, detector_running: true, detector_fps: 4,
    face_counts: { ok: 60, no_face: 0, multi_face: 0, still: 0 }, tab_hidden_ms: 0, tab_leaves: 0, speech_monitoring: true, ...over,
  };
}
const sendBeats = (o: StartedOrder, beats: Heartbeat[]) => call<HeartbeatResult>(t, { method: 'POST', url: HEARTBEAT(o.orderId), headers: o.headers, payload: { beats } });
const detailFull = (o: StartedOrder) => call<OrderDetailFull>(t, { method: 'GET', url: `/users/v1/member/order/detail-full/${o.orderId}`, headers: o.headers });

/** Opens a section and submits it (one right answer) with these photo ids, or the gate's two taken once it is open. */
async function submit(o: StartedOrder, section: SectionName, photos: string[] | 'gate', detail?: SectionDetail) {
  const d = detail ?? (await getSection(t, o, section)).body.data;
  const images = photos === 'gate' ? await sectionPhotos(t, o) : photos;
  const answer = answerPattern(d, await keysFor(t, d), 1);
  const r = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section, images, answer, disqualified: false } });
  expect(r.code).toBe(200);
  return r;
}

describe('the heartbeat route', () => {
  it('stores beats of the open section with the server time, a retried beat once', async () => {
    const o = await startedOrder(t);
    await getSection(t, o, 'listening');
    const run = randomUUID();
    const first = await sendBeats(o, [beat('listening', run, 1), beat('listening', run, 2)]);
    expect(first.code).toBe(200);
    // deadline_at: the section's deadline now (a proctor may move it); notices: none outside a test-day session.
    expect(first.body.data).toEqual({ accepted: 2, refused: 0, interval_ms: HEARTBEAT_INTERVAL_MS, received_at: expect.any(String), deadline_at: expect.any(String), notices: [] });
    // The outbox retries a batch whose answer was lost, with one more beat.
    const retry = await sendBeats(o, [beat('listening', run, 2), beat('listening', run, 3)]);
    expect(retry.body.data.accepted).toBe(1);
    const rows = await t.db.select().from(proctoringHeartbeats).where(eq(proctoringHeartbeats.order_id, o.orderId));
    expect(rows.map((r) => r.seq).sort()).toEqual([1, 2, 3]);
    // The server's time, never the client's.
    expect(rows.every((r) => Math.abs(r.received_at.getTime() - t.clock.now().getTime()) < 60_000)).toBe(true);
  });

  it('refuses beats for a section not open (not started, closed), for a finished test, and oversized batches', async () => {
    const o = await startedOrder(t);
    const run = randomUUID();
    expect((await sendBeats(o, [beat('listening', run, 1)])).code).toBe(409);
    await submit(o, 'listening', 'gate');
    const closed = await sendBeats(o, [beat('listening', run, 2)]);
    expect(closed.code).toBe(409);
    expect(closed.body.message).toBe('Maaf, section listening sudah selesai');
    expect((await sendBeats(o, [beat('structure', run, 3)])).code).toBe(409);
    await getSection(t, o, 'structure');
    // A closed section's beats are refused (its gaps are never filled afterwards); the open one's stored.
    const mixed = await sendBeats(o, [beat('listening', run, 4), beat('structure', run, 5)]);
    expect(mixed.body.data).toMatchObject({ accepted: 1, refused: 1 });
    const kept = await t.db.select().from(proctoringHeartbeats).where(eq(proctoringHeartbeats.order_id, o.orderId));
    expect(kept.map((b) => [b.section, b.seq])).toEqual([['structure', 5]]);
    expect((await sendBeats(o, Array.from({ length: 21 }, (_, i) => beat('structure', run, 10 + i)))).code).toBe(400);
    expect((await sendBeats(o, [])).code).toBe(400);
    expect((await sendBeats(o, [{ ...beat('structure', run, 40), detector_fps: -1 }])).code).toBe(400);
    const other = await startedOrder(t);
    // Someone else's order is not found.
    expect((await call(t, { method: 'POST', url: HEARTBEAT(o.orderId), headers: other.headers, payload: { beats: [beat('structure', run, 41)] } })).code).toBe(404);
  });
});

describe('the heartbeat in one statement (issue 30)', () => {
  // The token's row, the rate limit, the order and the storing are one statement: each gate must
  // still refuse before anything is stored.
  const stored = async (o: StartedOrder) => (await t.db.select().from(proctoringHeartbeats).where(eq(proctoringHeartbeats.order_id, o.orderId))).length;

  it('takes the order by its licence id too, and refuses a revoked token, a 31st beat in a minute and a disqualified test, storing nothing', async () => {
    const o = await startedOrder(t);
    await getSection(t, o, 'listening');
    const run = randomUUID();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    const byLicence = await call<HeartbeatResult>(t, { method: 'POST', url: HEARTBEAT(order!.license_id), headers: o.headers, payload: { beats: [beat('listening', run, 1)] } });
    expect(byLicence.code).toBe(200);
    expect(byLicence.body.data.accepted).toBe(1);

    // 30 requests a minute: the 31st is refused with Retry-After, and not stored.
    for (let i = 0; i < 29; i++) expect((await sendBeats(o, [beat('listening', run, 10 + i)])).code).toBe(200);
    const limited = await sendBeats(o, [beat('listening', run, 99)]);
    expect(limited.code).toBe(429);
    expect(Number(limited.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(o)).toBe(30);

    // A beat in the last seconds of the section's grace is stored; one after it is refused (a new minute by then; the test clock ticks).
    const [section] = await t.db.select().from(orderSections).where(and(eq(orderSections.order_id, o.orderId), eq(orderSections.section, 'listening')));
    const deadline = section!.deadline_at.getTime();
    expect(deadline).toBeGreaterThan(t.clock.now().getTime() + 60_000);
    t.clock.set(new Date(deadline + SUBMIT_GRACE_MS - 2_000));
    expect((await sendBeats(o, [beat('listening', run, 2)])).body.data.accepted).toBe(1);
    t.clock.set(new Date(deadline + SUBMIT_GRACE_MS));
    expect((await sendBeats(o, [beat('listening', run, 3)])).code).toBe(409);
    expect(await stored(o)).toBe(31);

    // Logged out elsewhere (the token's version moved on): 401, nothing stored.
    await t.db.update(users).set({ token_version: sql`${users.token_version} + 1` }).where(eq(users.id, o.userId));
    const revoked = await sendBeats(o, [beat('listening', run, 100)]);
    expect(revoked.code).toBe(401);
    expect(await stored(o)).toBe(31);

    const d = await startedOrder(t);
    await getSection(t, d, 'listening');
    await t.db.update(orders).set({ status: 'disqualified' }).where(eq(orders.id, d.orderId));
    expect((await sendBeats(d, [beat('listening', run, 1)])).code).toBe(400);
    expect(await stored(d)).toBe(0);
  });
});

describe('a scripted client with no photos and no proctoring calls', () => {
  it('is scored, queued as incomplete evidence, and gets its certificate only when a reviewer decides', async () => {
    const o = await startedOrder(t);
    for (const s of ['listening', 'structure', 'reading'] as const) await submit(o, s, []);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(row).toMatchObject({ status: 'completed' });
    expect(row!.total_score).toBeGreaterThan(0);

    const full = await detailFull(o);
    expect(full.body.data).toMatchObject({ sertificate: null, evidence_status: 'pending_review', order: { status: 'completed' } });
    expect(full.body.data.order.total_score).toBe(row!.total_score);
    const list = await call<{ list: CertificateListItem[] }>(t, { method: 'GET', url: '/users/v1/member/order/list-sertificate', headers: o.headers });
    expect(list.body.data.list.find((i) => i.order_id === o.orderId)).toMatchObject({ sertificate: null, evidence_status: 'pending_review' });
    expect(await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId))).toEqual([]);
    // The catch-up job leaves it held, too.
    await issueMissing({ db: t.db, store: t.app.blobs, clock: t.clock }, 'https://epot.example.id', { userId: o.userId });
    expect(await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId))).toEqual([]);

    // Individuals are reviewed by the operator: in the queue as incomplete evidence, with the reasons.
    const q = await staffCall(t, { url: '/reviews?reason=evidence&limit=100', token: operator });
    const item = (q.body.data as unknown as { list: ReviewQueueRow[] }).list.find((r) => r.order_id === o.orderId);
    expect(item?.needs).toContain('evidence');
    expect(item?.risk_reasons.map((r) => r.code)).toContain('photos_missing');
    const tl = (await staffCall(t, { url: `/attempts/${o.orderId}`, token: operator })).body.data as unknown as AttemptTimeline;
    expect(tl.evidence_status).toBe('pending_review');
    const gaps = tl.entries.filter((e) => e.kind === 'evidence_gap');
    expect(gaps.map((g) => [g.section, g.subtype, g.data])).toEqual(expect.arrayContaining([
      ['listening', 'photos_missing', { required: 2, received: 0 }], ['structure', 'photos_missing', { required: 2, received: 0 }],
      ['reading', 'photos_missing', { required: 2, received: 0 }],
    ]));

    const decided = await staffCall(t, { method: 'POST', url: `/attempts/${o.orderId}/decisions`, token: operator, payload: { decision: 'valid', note: 'Kamera peserta rusak; laporan perangkat diperiksa.' } });
    expect(decided.code).toBe(200);
    const after = await detailFull(o);
    expect(after.body.data.evidence_status).toBe('released');
    expect(after.body.data.sertificate?.number).toMatch(/^EPOT-/);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, await memberEmail(t, o.userId))).orderBy(desc(mailOutbox.created_at));
    expect(mail?.text).toContain('sertifikat Anda sudah tersedia di aplikasi EPOT');
  });

  it('an invalidated attempt never gets its certificate', async () => {
    const o = await startedOrder(t);
    for (const s of ['listening', 'structure', 'reading'] as const) await submit(o, s, []);
    await detailFull(o);
    const decided = await staffCall(t, { method: 'POST', url: `/attempts/${o.orderId}/decisions`, token: operator, payload: { decision: 'invalidated', note: 'Tidak ada bukti pengawasan sama sekali.' } });
    expect(decided.code).toBe(200);
    const after = await detailFull(o);
    expect(after.body.data).toMatchObject({ evidence_status: 'refused', sertificate: null });
  });

  it('an attempt the sweeper closed (the browser never came back) is silent to its deadline and held', async () => {
    const o = await startedOrder(t);
    for (const [i, section] of (['listening', 'structure', 'reading'] as const).entries()) {
      expect((await getSection(t, o, section)).code).toBe(200);
      // The sweep runs a day late: the section still counts as open only to its deadline and grace.
      expect(await sweepOverdueSections(t.db, new Date(t.clock.now().getTime() + (i + 1) * 86_400_000))).toBeGreaterThanOrEqual(1);
    }
    await issueMissing({ db: t.db, store: t.app.blobs, clock: t.clock }, 'https://epot.example.id', { userId: o.userId });
    expect((await detailFull(o)).body.data).toMatchObject({ evidence_status: 'pending_review', sertificate: null, order: { status: 'completed' } });
    const tl = (await staffCall(t, { url: `/attempts/${o.orderId}`, token: operator })).body.data as unknown as AttemptTimeline;
    const structure = tl.entries.find((e) => e.kind === 'evidence_gap' && e.subtype === 'silent_end' && e.section === 'structure');
    expect(structure?.duration_ms).toBe(1500_000 + SUBMIT_GRACE_MS);
  });

  it('an order made before the heartbeat existed is not judged (the migration marks those)', async () => {
    const o = await startedOrder(t);
    await t.db.update(orders).set({ evidence_required: false }).where(eq(orders.id, o.orderId));
    for (const s of ['listening', 'structure', 'reading'] as const) await submit(o, s, []);
    const full = await detailFull(o);
    expect(full.body.data.evidence_status).toBe('complete');
    expect(full.body.data.sertificate?.number).toMatch(/^EPOT-/);
  });

  it('beats that say the camera was off while it is required are monitoring off, not evidence', async () => {
    const o = await startedOrder(t);
    const detail = (await getSection(t, o, 'listening')).body.data;
    const photos = await sectionPhotos(t, o);
    const run = randomUUID();
    for (let i = 1; i <= 6; i++) {
      t.clock.advance(HEARTBEAT_INTERVAL_MS);
      expect((await sendBeats(o, [beat('listening', run, i, { camera_live: false, detector_running: false, detector_fps: 0 })])).code).toBe(200);
    }
    await submit(o, 'listening', photos, detail);
    const tl = (await staffCall(t, { url: `/attempts/${o.orderId}`, token: operator })).body.data as unknown as AttemptTimeline;
    expect(tl.entries.filter((e) => e.kind === 'evidence_gap').map((e) => e.subtype)).toEqual(['monitoring_off']);
  });

  it('a candidate proctored as the rules say is certified at once', async () => {
    const o = await startedOrder(t);
    for (const s of ['listening', 'structure', 'reading'] as const) await submit(o, s, 'gate');
    const full = await detailFull(o);
    expect(full.body.data.evidence_status).toBe('complete');
    expect(full.body.data.sertificate?.number).toMatch(/^EPOT-/);
  });
});

describe('beats that stop mid-section while autosaves go on', () => {
  it('give a server-computed gap on the timeline with its start and length', async () => {
    const o = await institutionAttempt(t, inst.id);
    await submit(o, 'listening', 'gate');
    const detail = (await getSection(t, o, 'structure')).body.data;
    const run = randomUUID();
    let seq = 0;
    const draft = async () => {
      const r = await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'structure', answer: [], position: 0 } });
      expect(r.code).toBe(200);
    };
    const tick = async (withBeat: boolean) => {
      t.clock.advance(HEARTBEAT_INTERVAL_MS);
      if (withBeat) expect((await sendBeats(o, [beat('structure', run, ++seq)])).body.data.accepted).toBe(1);
      await draft();
    };
    const photos = await sectionPhotos(t, o, 1);
    for (let i = 0; i < 8; i++) await tick(true);
    const lastBeat = (await t.db.select().from(proctoringHeartbeats)
      .where(and(eq(proctoringHeartbeats.order_id, o.orderId), eq(proctoringHeartbeats.seq, seq))))[0]!.received_at;
    // Requests to the heartbeat blocked for 3 minutes; autosaves still arrive.
    for (let i = 0; i < 12; i++) await tick(false);
    await tick(true);
    const resumed = t.clock.now();
    for (let i = 0; i < 4; i++) await tick(true);
    photos.push(...await sectionPhotos(t, o, 1));
    await submit(o, 'structure', photos, detail);
    await submit(o, 'reading', 'gate');

    const tl = (await staffCall(t, { url: `/attempts/${o.orderId}`, token: inst.proctor })).body.data as unknown as AttemptTimeline;
    const gaps = tl.entries.filter((e) => e.kind === 'evidence_gap');
    expect(gaps, JSON.stringify(gaps)).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ section: 'structure', subtype: 'heartbeat_gap', at: lastBeat.toISOString() });
    // From the last beat to the next one received (the clock moves in 15 s steps; the requests take real ms).
    expect(gaps[0]!.duration_ms).toBeGreaterThanOrEqual(13 * HEARTBEAT_INTERVAL_MS);
    expect(gaps[0]!.duration_ms).toBeLessThan(13 * HEARTBEAT_INTERVAL_MS + 5_000);
    expect(Math.abs(lastBeat.getTime() + gaps[0]!.duration_ms! - resumed.getTime())).toBeLessThan(5_000);
    expect(tl.risk?.reasons.map((r) => r.code)).toContain('heartbeat_gap');
    // The beats themselves, summed per section.
    expect(tl.entries.find((e) => e.kind === 'heartbeats' && e.section === 'structure')).toMatchObject({
      count: seq, data: { camera_or_detector_off: 0, detector_fps_avg: 4, tab_leaves: 0, face_ok: 60 * seq },
    });
    const q = await staffCall(t, { url: '/reviews?reason=evidence&limit=100', token: inst.proctor });
    expect((q.body.data as unknown as { list: ReviewQueueRow[] }).list.map((r) => r.order_id)).toContain(o.orderId);
    expect((await detailFull(o)).body.data).toMatchObject({ evidence_status: 'pending_review', sertificate: null });
  });
});
