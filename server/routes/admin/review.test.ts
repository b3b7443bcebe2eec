// Proctor review (issue 17) through the staff API on the fixture exam: the timeline of a disqualified
// attempt (every kind of evidence, autosaves per minute, staff-only photo URLs, the time
// accommodation), the risk-ranked queue, each decision's effect (score from saved answers and the
// certificate, revocation seen by public verification, counters, mail), only operators change a
// decision, four eyes and the agreement figure, review settings, the simulator, and scope (404).
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptTimeline, ReviewQueueRow } from '../../../contracts/admin-review.ts';
import { REVOCATION_CATEGORIES, STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { REVIEW_MAIL, REVIEW_MESSAGES } from '../../../contracts/facts/review-texts.ts';
import { certificates, mailOutbox, orderSections, orders, staff } from '../../db/schema/index.ts';
import { createStaff } from '../../services/staff/staff-accounts.ts';
import { scoreExam } from '../../services/exam/scoring.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { call } from '../../../tests/server-helpers/exam-attempts.ts';
import {
  completeAttempt, disqualifyByTabs, DRAFT, institutionAttempt, memberEmail, reviewInstitution, type ReviewInstitution,
} from '../../../tests/server-helpers/review.ts';
import { auditOf, STAFF_PASSWORD, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let inst: ReviewInstitution;
let other: ReviewInstitution;
let operator: string;

beforeAll(async () => {
  t = await appWithFixtureExam('epot-review-', { now: '2026-03-09T02:00:00Z' });
  inst = await reviewInstitution(t);
  other = await reviewInstitution(t);
  operator = await staffToken(t, 'operator@epot.local');
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

const timeline = async (token: string, orderId: string) => staffCall(t, { url: `/attempts/${orderId}`, token });
const decide = (token: string, orderId: string, decision: string, note = 'Sudah ditinjau dari foto dan catatan waktu.') =>
  staffCall(t, { method: 'POST', url: `/attempts/${orderId}/decisions`, token, payload: { decision, note } });
const queue = async (token: string, query = '') => (await staffCall(t, { url: `/reviews${query}`, token })).body.data as unknown as { list: ReviewQueueRow[]; total: number };
const mailsTo = async (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(desc(mailOutbox.created_at));

describe('the timeline of a disqualified attempt', () => {
  it('lists every kind of evidence in time order, with staff-only photo URLs and the accommodation', async () => {
    const o = await institutionAttempt(t, inst.id);
    await t.db.update(orders).set({ time_accommodation: { factor: 1.5, extra_minutes: 0 } }).where(eq(orders.id, o.orderId));
    await call(t, { method: 'POST', url: `/users/v1/member/order/device-report/${o.orderId}`, headers: o.headers, payload: { device: 'camera', problem: 'Kamera tidak terdeteksi' } });
    const photos = await disqualifyByTabs(t, o);
    // A draft sent from the outbox after waiting is an offline replay; reloading a section a resume.
    const r = await timeline(inst.proctor, o.orderId);
    expect(r.code).toBe(200);
    const data = r.body.data as unknown as AttemptTimeline;
    expect(data.order).toMatchObject({ status: 'disqualified', time_accommodation: { factor: 1.5, extra_minutes: 0 }, counters: { open_new_tab: 3, face: 0, speech: 0 } });
    const kinds = data.entries.map((e) => e.kind);
    for (const k of ['test_started', 'device_report', 'section_started', 'autosave', 'violation', 'away', 'section_closed', 'disqualified']) expect(kinds).toContain(k);
    expect([...data.entries].sort((a, b) => a.at.localeCompare(b.at)).map((e) => e.at)).toEqual(data.entries.map((e) => e.at));
    const autosave = data.entries.find((e) => e.kind === 'autosave')!;
    expect(autosave).toMatchObject({ section: 'structure', count: 1 });
    expect(data.entries.filter((e) => e.kind === 'away').map((e) => e.duration_ms)).toEqual([40_000, 40_000, 40_000]);
    expect(data.entries.find((e) => e.kind === 'device_report')).toMatchObject({ subtype: 'camera', text: 'Kamera tidak terdeteksi', data: { continued: true } });
    const closed = data.entries.filter((e) => e.kind === 'section_closed').map((e) => [e.section, e.subtype]);
    expect(closed).toEqual(expect.arrayContaining([['listening', 'submitted'], ['structure', 'disqualified']]));
    const violations = data.entries.filter((e) => e.kind === 'violation');
    expect(violations.map((v) => [v.subtype, v.section, v.photo?.id])).toEqual(photos.map((id) => ['open_new_tab', 'structure', id]));
    expect(data.risk).toMatchObject({ score: 47, threshold: 40, reasons: [
      { code: 'tab_leaves', points: 42, text: '3 kali meninggalkan tab, total 2 mnt' },
      { code: 'device_check', points: 5, text: 'melanjutkan meski pemeriksaan kamera gagal' },
    ] });

    // The photo opens at its signed staff URL only; a member's media URL for it or a forged one do not.
    const url = violations[0]!.photo!.url!;
    expect(url).toMatch(/^\/api\/admin\/v1\/review-photos\/[0-9a-f-]+\?exp=\d+&sig=/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=AAAA') })).statusCode).toBe(403);
    const memberUrl = t.app.mediaUrls.url(photos[0]!);
    expect((await t.app.inject({ method: 'GET', url: memberUrl.replace('/storage/v1/media/file/', '/admin/v1/review-photos/') })).statusCode).toBe(403);
    // Expired after its short lifetime.
    t.clock.advance(11 * 60_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    const fresh = await staffCall(t, { url: `/attempts/${o.orderId}/photos/${photos[0]}`, token: inst.proctor });
    expect(fresh.code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: (fresh.body.data as { url: string }).url })).statusCode).toBe(200);
  });

  it('counts autosaves per minute, offline replays and reloads', async () => {
    // At the start of a minute, so the first five drafts share it.
    t.clock.set('2026-03-09T05:00:00Z');
    const o = await institutionAttempt(t, inst.id);
    await call(t, { method: 'GET', url: `/users/v1/member/order/detail/${o.orderId}/listening`, headers: o.headers });
    for (let i = 0; i < 4; i++) await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer: [], position: i } });
    await call(t, { method: 'PUT', url: DRAFT, headers: { ...o.headers, 'x-epot-queued-ms': '45000' }, payload: { id: o.orderId, section: 'listening', answer: [], position: 5 } });
    t.clock.advance(61_000);
    await call(t, { method: 'GET', url: `/users/v1/member/order/detail/${o.orderId}/listening`, headers: o.headers });
    await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer: [], position: 6 } });
    const data = (await timeline(inst.proctor, o.orderId)).body.data as unknown as AttemptTimeline;
    const pick = (kind: string) => data.entries.filter((e) => e.kind === kind).map((e) => [e.subtype, e.count]);
    expect(pick('autosave')).toEqual([[null, 4], [null, 1]]);
    expect(pick('offline_replay')).toEqual([['draft', 1]]);
    expect(pick('resume')).toEqual([[null, 1]]);
    // Not finished: no risk or review yet.
    expect(data.risk).toBeNull();
    expect(data.review).toBeNull();
  });
});

describe('the face detector slowed down (issue 16)', () => {
  it('its rate changes are notes in the timeline, with what the client said, and no risk', async () => {
    const o = await institutionAttempt(t, inst.id);
    const post = (detail: string) => call(t, {
      method: 'POST', url: `/users/v1/member/order/proctoring-event/${o.orderId}`, headers: o.headers, payload: { section: 'listening', kind: 'detector-rate', detail, duration_ms: 5_000 },
    });
    const slowed = await post('slowed to 1.5/s (configured 4/s, floor 1.5/s): detections took 420 ms');
    expect(slowed.code).toBe(200);
    t.clock.advance(90_000);
    await post('back up to 2/s (configured 4/s): detections take 90 ms');
    await completeAttempt(t, o);
    const data = (await timeline(inst.proctor, o.orderId)).body.data as unknown as AttemptTimeline;
    const notes = data.entries.filter((e) => e.subtype === 'detector-rate');
    expect(notes.map((e) => [e.kind, e.section, e.text, e.duration_ms])).toEqual([
      ['monitoring', 'listening', 'slowed to 1.5/s (configured 4/s, floor 1.5/s): detections took 420 ms', null],
      ['monitoring', 'listening', 'back up to 2/s (configured 4/s): detections take 90 ms', null],
    ]);
    expect(notes[1]!.at.localeCompare(notes[0]!.at)).toBe(1);
    // Monitoring went on (slower): not an outage, no risk points.
    expect(data.risk).toMatchObject({ score: 0, reasons: [] });
  });
});

describe('a face that never moved (issue 27)', () => {
  it('is evidence on the timeline from its start and a risk reason, never a violation; one beside the candidate is a note', async () => {
    const o = await institutionAttempt(t, inst.id);
    const post = (kind: string, duration_ms: number) => call(t, {
      method: 'POST', url: `/users/v1/member/order/proctoring-event/${o.orderId}`, headers: o.headers, payload: { section: 'listening', kind, detail: '', duration_ms },
    });
    t.clock.advance(60_000);
    expect((await post('face-still', 45_000)).code).toBe(200);
    t.clock.advance(60_000);
    expect((await post('face-still-beside', 30_000)).code).toBe(200);
    await completeAttempt(t, o);
    const data = (await timeline(inst.proctor, o.orderId)).body.data as unknown as AttemptTimeline;
    const episodes = data.entries.filter((e) => e.kind === 'face_episode');
    expect(episodes.map((e) => [e.subtype, e.section, e.duration_ms])).toEqual([
      ['face-still', 'listening', 45_000], ['face-still-beside', 'listening', 30_000],
    ]);
    expect(data.entries.filter((e) => e.kind === 'violation')).toEqual([]);
    expect(data.risk?.reasons.map((r) => r.code).sort()).toEqual(['face_still', 'face_still_beside']);
  });
});

describe('the queue', () => {
  it('lists every disqualification and results over the threshold, by risk, with filters and paging', async () => {
    const q = await reviewInstitution(t);
    const dq = await institutionAttempt(t, q.id, 'Peserta Gugur');
    await disqualifyByTabs(t, dq);
    const clean = await institutionAttempt(t, q.id, 'Peserta Bersih');
    await completeAttempt(t, clean);
    const risky = await institutionAttempt(t, q.id, 'Peserta Bersuara');
    for (let i = 0; i < 3; i++) {
      await call(t, { method: 'PUT', url: `/users/v1/member/order/update/violation/${risky.orderId}`, headers: risky.headers, payload: { counter_type: 'voice', section: 'listening', image: '', text_voice: 'jawabannya B' } });
    }
    await completeAttempt(t, risky);

    let list = (await queue(q.proctor)).list;
    expect(list.map((r) => r.member_name)).toEqual(['Peserta Gugur']);
    expect(list[0]).toMatchObject({ disqualified: true, risk_score: 42, needs: ['disqualified', 'risk'], counters: { open_new_tab: 3 }, decision: null });
    // The institution lowers its threshold: the speech attempt (15 points) joins, below the disqualification.
    expect((await staffCall(t, { method: 'PUT', url: `/institutions/${q.id}/review-settings`, token: q.admin, payload: { risk_threshold: 15, appeal_hours: 72, four_eyes: false } })).code).toBe(200);
    list = (await queue(q.proctor)).list;
    expect(list.map((r) => [r.member_name, r.risk_score, r.needs])).toEqual([['Peserta Gugur', 42, ['disqualified', 'risk']], ['Peserta Bersuara', 15, ['risk']]]);
    expect(list[1]!.risk_reasons).toEqual([{ code: 'speech', points: 15, text: '3 kali percakapan terdeteksi' }]);
    expect((await queue(q.proctor, '?reason=disqualified')).list.map((r) => r.member_name)).toEqual(['Peserta Gugur']);
    expect((await queue(q.proctor, '?search=bersuara')).total).toBe(1);
    const page2 = await queue(q.proctor, '?limit=1&page=2');
    expect([page2.total, page2.list.map((r) => r.member_name)]).toEqual([2, ['Peserta Bersuara']]);
    // Another institution's proctor sees none of it; an operator may filter by institution.
    expect((await queue(other.proctor)).list.some((r) => r.institution_id === q.id)).toBe(false);
    expect((await queue(operator, `?institution=${q.id}`)).total).toBe(2);
    expect((await staffCall(t, { url: `/reviews?institution=${q.id}`, token: other.proctor })).code).toBe(404);
  });
});

describe('decisions', () => {
  it('overturning scores the attempt from the saved answers, issues the certificate and tells the candidate', async () => {
    const o = await institutionAttempt(t, inst.id);
    await disqualifyByTabs(t, o);
    expect((await decide(inst.proctor, o.orderId, 'valid')).body.message).toBe(REVIEW_MESSAGES.decisionNotAllowed);
    const note = await staffCall(t, { method: 'POST', url: `/attempts/${o.orderId}/decisions`, token: inst.proctor, payload: { decision: 'disqualification_overturned', note: '  ' } });
    expect(note.code).toBe(400);
    expect(note.body.message).toContain(REVIEW_MESSAGES.noteRequired);

    const r = await decide(inst.proctor, o.orderId, 'disqualification_overturned', 'Adik peserta masuk ke kamar; bukan kecurangan.');
    expect(r.code).toBe(200);
    expect(r.body.data).toMatchObject({ effective: true, decision: { decision: 'disqualification_overturned', status: 'effective' }, review: { decision: 'disqualification_overturned', can_decide: false } });
    // Listening submitted with 2 right, structure's draft with 1 right, reading never started.
    const expected = scoreExam({ listening: 2, structure: 1, reading: 0 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order).toMatchObject({ status: 'completed', total_score: expected.total, listening_score: expected.converted.listening, structure_score: expected.converted.structure });
    expect(order!.completed_at).toEqual(order!.disqualified_at);
    const [structure] = await t.db.select().from(orderSections).where(and(eq(orderSections.order_id, o.orderId), eq(orderSections.section, 'structure')));
    expect(structure!.raw_correct).toBe(1);
    const [cert] = await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId));
    expect(cert).toMatchObject({ status: 'valid' });
    const full = await call<{ total_score: number; sertificate: { number: string } | null; proctoring: { counters: { open_new_tab: number } } }>(t, { method: 'GET', url: `/users/v1/member/order/detail-full/${o.orderId}`, headers: o.headers });
    expect(full.body.data).toMatchObject({ sertificate: { number: cert!.number }, proctoring: { counters: { open_new_tab: 3 } } });
    const [mail] = await mailsTo(o.email);
    expect(mail).toMatchObject({ subject: REVIEW_MAIL.decisionSubject });
    expect(mail!.text).toContain(o.orderNo);
    expect(mail!.text).toContain('Diskualifikasi tes Anda dibatalkan');
    // The results list counts it as completed now; the violation counters stay as evidence.
    const results = await staffCall(t, { url: `/results?search=${o.orderNo}`, token: inst.admin });
    expect((results.body.data as unknown as { list: { status: string; total: number; violations: { open_new_tab: number } }[] }).list[0])
      .toMatchObject({ status: 'completed', total: expected.total, violations: { open_new_tab: 3 } });
    const [audit] = (await auditOf(t, 'review.decision')).filter((a) => a.target_id === o.orderId);
    expect(audit).toMatchObject({ role: 'proctor', before: { decision: null }, after: { decision: 'disqualification_overturned', status: 'effective' } });

    // Only an operator changes it now; the history keeps both.
    const again = await decide(inst.admin, o.orderId, 'disqualification_upheld');
    expect([again.code, again.body.message]).toEqual([403, REVIEW_MESSAGES.onlyOperatorChanges]);
    const op = await decide(operator, o.orderId, 'disqualification_upheld', 'Diperiksa ulang: foto menunjukkan catatan.');
    expect(op.code).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect([after!.status, after!.total_score]).toEqual(['disqualified', null]);
    const [revoked] = await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId));
    expect(revoked).toMatchObject({ status: 'revoked', revoked_reason: REVOCATION_CATEGORIES.review });
    const view = (await timeline(inst.proctor, o.orderId)).body.data as unknown as AttemptTimeline;
    expect(view.review!.history.map((h) => [h.decision, h.status, h.role])).toEqual([
      ['disqualification_overturned', 'superseded', 'proctor'], ['disqualification_upheld', 'effective', 'operator'],
    ]);
  });

  it('invalidating revokes the certificate: public verification shows it at once, with the category and no note', async () => {
    const o = await institutionAttempt(t, inst.id);
    await completeAttempt(t, o);
    const [cert] = await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId));
    const note = 'Suara orang lain membacakan jawaban di menit 12.';
    expect((await decide(inst.proctor, o.orderId, 'invalidated', note)).code).toBe(200);
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/v1/certificate/${cert!.number}` });
    expect(pub.json().data).toMatchObject({ status: 'revoked', revoked_reason: REVOCATION_CATEGORIES.review });
    expect(pub.body).not.toContain('menit 12');
    const [mail] = await mailsTo(o.email);
    expect(mail!.text).toContain('sertifikatnya dicabut');
    // An operator reverses it: the same certificate is valid again.
    expect((await decide(operator, o.orderId, 'valid', 'Suara berasal dari video di ruangan lain.')).code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/v1/certificate/${cert!.number}` })).json().data).toMatchObject({ status: 'valid', revoked_reason: null });
  });

  it('"valid" keeps the result and closes the review', async () => {
    const o = await institutionAttempt(t, inst.id);
    await completeAttempt(t, o);
    expect((await decide(inst.admin, o.orderId, 'valid')).code).toBe(200);
    const [cert] = await t.db.select().from(certificates).where(eq(certificates.order_id, o.orderId));
    expect(cert!.status).toBe('valid');
    expect((await timeline(inst.admin, o.orderId)).body.data).toMatchObject({ review: { decision: 'valid', can_decide: false } });
    expect(await memberEmail(t, o.userId)).toBe(o.email);
  });

  it('four eyes: an adverse decision waits for a second reviewer; the agreement figure counts reversals', async () => {
    const f = await reviewInstitution(t);
    expect((await staffCall(t, { method: 'PUT', url: `/institutions/${f.id}/review-settings`, token: f.admin, payload: { risk_threshold: 40, appeal_hours: 72, four_eyes: true } })).code).toBe(200);
    const a = await institutionAttempt(t, f.id);
    await disqualifyByTabs(t, a);
    const first = await decide(f.proctor, a.orderId, 'disqualification_upheld');
    expect([first.code, first.body.message, (first.body.data as { effective: boolean }).effective]).toEqual([200, REVIEW_MESSAGES.decisionPending, false]);
    expect(await mailsTo(a.email)).toEqual([]);
    expect((await queue(f.proctor2)).list[0]).toMatchObject({ order_id: a.orderId, pending_decision: 'disqualification_upheld', decision: null });
    const same = await decide(f.proctor, a.orderId, 'disqualification_upheld');
    expect([same.code, same.body.message]).toEqual([409, REVIEW_MESSAGES.sameReviewer]);
    const second = await decide(f.proctor2, a.orderId, 'disqualification_upheld');
    expect([second.code, second.body.message]).toEqual([200, REVIEW_MESSAGES.decisionConfirmed]);
    expect((second.body.data as { review: { decision: string } }).review.decision).toBe('disqualification_upheld');

    const b = await institutionAttempt(t, f.id);
    await disqualifyByTabs(t, b);
    await decide(f.proctor, b.orderId, 'disqualification_upheld');
    const reversed = await decide(f.proctor2, b.orderId, 'disqualification_overturned', 'Foto menunjukkan peserta tetap di depan layar.');
    expect((reversed.body.data as { decision: { reversed: boolean; status: string } }).decision).toMatchObject({ reversed: true, status: 'effective' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(order!.status).toBe('completed');
    const agreement = await staffCall(t, { url: `/institutions/${f.id}/review-agreement`, token: f.proctor });
    expect(agreement.body.data).toEqual({ second_reviews: 2, reversed: 1, reversal_share: 0.5 });
  });

  it('four eyes: an admin cannot confirm through a proctor account they created (nor that proctor theirs)', async () => {
    const f = await reviewInstitution(t);
    expect((await staffCall(t, { method: 'PUT', url: `/institutions/${f.id}/review-settings`, token: f.admin, payload: { risk_threshold: 40, appeal_hours: 72, four_eyes: true } })).code).toBe(200);
    const [adminRow] = await t.db.select().from(staff).where(and(eq(staff.institution_id, f.id), eq(staff.role, 'institution-admin')));
    const email = `boneka-${randomBytes(3).toString('hex')}@review.epot.local`;
    await createStaff(t.db, { email, role: 'proctor', institutionId: f.id, password: STAFF_PASSWORD }, { staffId: adminRow!.id, role: 'institution-admin', ip: null }, t.clock.now());
    const puppet = await staffToken(t, email, STAFF_PASSWORD);
    const a = await institutionAttempt(t, f.id);
    await disqualifyByTabs(t, a);
    expect((await decide(f.admin, a.orderId, 'disqualification_upheld')).body.message).toBe(REVIEW_MESSAGES.decisionPending);
    expect((await timeline(puppet, a.orderId)).body.data).toMatchObject({ review: { can_decide: false } });
    const byPuppet = await decide(puppet, a.orderId, 'disqualification_upheld');
    expect([byPuppet.code, byPuppet.body.message]).toEqual([409, REVIEW_MESSAGES.dependentReviewer]);
    // The other way round: the proctor first, their creator second.
    const b = await institutionAttempt(t, f.id);
    await disqualifyByTabs(t, b);
    await decide(puppet, b.orderId, 'disqualification_upheld');
    expect((await decide(f.admin, b.orderId, 'disqualification_upheld')).code).toBe(409);
    // An independent proctor confirms both.
    expect((await timeline(f.proctor, a.orderId)).body.data).toMatchObject({ review: { can_decide: true } });
    for (const o of [a, b]) expect((await decide(f.proctor, o.orderId, 'disqualification_upheld')).body.message).toBe(REVIEW_MESSAGES.decisionConfirmed);
  });
});

describe('review settings and the rule simulator', () => {
  it('an admin changes the settings (audited); a proctor may not', async () => {
    const s = await reviewInstitution(t);
    const body = { risk_threshold: 55, appeal_hours: 48, four_eyes: true };
    expect((await staffCall(t, { method: 'PUT', url: `/institutions/${s.id}/review-settings`, token: s.proctor, payload: body })).code).toBe(403);
    const put = await staffCall(t, { method: 'PUT', url: `/institutions/${s.id}/review-settings`, token: s.admin, payload: body });
    expect([put.code, put.body.message]).toEqual([200, REVIEW_MESSAGES.settingsSaved]);
    expect((await staffCall(t, { url: `/institutions/${s.id}/review-settings`, token: s.proctor })).body.data).toEqual({ id: s.id, ...body });
    const [audit] = (await auditOf(t, 'institution.review_settings')).filter((a) => a.target_id === s.id);
    expect(audit).toMatchObject({ before: { risk_threshold: 40, appeal_hours: 72, four_eyes: false }, after: body });
  });

  it('replays past attempts against proposed rules and names the ones that change', async () => {
    const s = await reviewInstitution(t);
    const dq = await institutionAttempt(t, s.id, 'Peserta Tab');
    await disqualifyByTabs(t, dq);
    const ok = await institutionAttempt(t, s.id, 'Peserta Tenang');
    await completeAttempt(t, ok);
    const proposal = { setting: { identification: { face: true, voice: true, new_tab: true }, failed: { face: false, voice: false, new_tab: false } }, risk_threshold: 50 };
    const r = await staffCall(t, { method: 'POST', url: `/institutions/${s.id}/rule-simulation`, token: s.admin, payload: proposal });
    expect(r.code).toBe(200);
    expect(r.body.data).toMatchObject({ attempts: 2, current: { disqualified: 1, queued: 1 }, proposed: { disqualified: 0, queued: 0 }, changes_total: 1 });
    expect((r.body.data as { changes: { member_name: string }[] }).changes.map((c) => c.member_name)).toEqual(['Peserta Tab']);
    // Nothing changed for real.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, dq.orderId));
    expect(order!.status).toBe('disqualified');
  });
});

describe('scope', () => {
  it("another institution's proctor gets 404 for the attempt, its photos, its appeal and a decision", async () => {
    const o = await institutionAttempt(t, inst.id);
    const [id] = await disqualifyByTabs(t, o);
    const urls = [`/attempts/${o.orderId}`, `/attempts/${o.orderId}/photos/${id}`, `/attempts/${o.orderId}/appeal`];
    for (const url of urls) {
      const r = await staffCall(t, { url, token: other.proctor });
      expect([url, r.code, r.body.message]).toEqual([url, 404, STAFF_MESSAGES.notFound]);
      expect((await staffCall(t, { url, token: inst.proctor })).code).toBe(200);
    }
    const d = await decide(other.proctor, o.orderId, 'disqualification_overturned');
    expect(d.code).toBe(404);
    // A photo id that is not this attempt's answers 404 too, even in scope.
    const stranger = await institutionAttempt(t, inst.id);
    const [strangerPhoto] = await disqualifyByTabs(t, stranger);
    expect((await staffCall(t, { url: `/attempts/${o.orderId}/photos/${strangerPhoto}`, token: inst.proctor })).code).toBe(404);
  });
});
