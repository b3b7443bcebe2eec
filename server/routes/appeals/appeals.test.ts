// Appeals (issue 17): the candidate sees their own evidence, appeals once within the institution's
// period (the injected clock moves past it), the appeal reopens the attempt in the queue, and the
// answer reaches the candidate in the app and by mail. The retention sweep keeps the photos of open
// reviews and appeals until they are closed.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppealDetail, AppealSummary, MemberAppeal } from '../../../contracts/appeals.ts';
import type { ReviewQueueRow } from '../../../contracts/admin-review.ts';
import { APPEAL_MESSAGES } from '../../../contracts/facts/index.ts';
import { REVIEW_MAIL, VIOLATION_REASONS } from '../../../contracts/facts/review-texts.ts';
import { mailOutbox, media } from '../../db/schema/index.ts';
import { sweepOldPhotos } from '../../services/proctoring/photo-retention.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { call } from '../../../tests/server-helpers/exam-attempts.ts';
import { bearer } from '../../../tests/server-helpers/members.ts';
import { completeAttempt, disqualifyByTabs, institutionAttempt, reviewInstitution, type ReviewInstitution } from '../../../tests/server-helpers/review.ts';
import { staffCall } from '../../../tests/server-helpers/staff.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let inst: ReviewInstitution;
let other: ReviewInstitution;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await appWithFixtureExam('epot-appeals-', { now: '2026-04-01T01:00:00Z' });
  inst = await reviewInstitution(t);
  other = await reviewInstitution(t);
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

/** Member tokens expire: after the clock jumps, sign a fresh one. */
async function reauth(o: { userId: string; headers: Record<string, string> }) {
  o.headers.authorization = await bearer(t.app, { id: o.userId, token_version: 0 });
}

const appealUrl = (orderId: string) => `/users/v1/member/order/appeal/${orderId}`;
const detail = (o: { orderId: string; headers: Record<string, string> }) => call<AppealDetail>(t, { method: 'GET', url: appealUrl(o.orderId), headers: o.headers });
const appeal = (o: { orderId: string; headers: Record<string, string> }, text = 'Adik saya masuk ke kamar dan saya menoleh untuk menyuruhnya keluar.') =>
  call<MemberAppeal>(t, { method: 'POST', url: appealUrl(o.orderId), headers: o.headers, payload: { text } });

describe('the candidate appeals', () => {
  it('sees their own flags and photos, appeals once, and reads the answer in the app and in the mail', async () => {
    const o = await institutionAttempt(t, inst.id);
    await disqualifyByTabs(t, o);
    const d = await detail(o);
    expect(d.code).toBe(200);
    expect(d.body.data).toMatchObject({ order_status: 'disqualified', can_appeal: true, decision: null, appeal: null });
    const deadline = Date.parse(d.body.data.deadline_at!);
    expect(deadline - Date.parse(d.body.data.evidence.violations[2]!.created_at)).toBeGreaterThanOrEqual(72 * HOUR - 1000);
    expect(d.body.data.evidence.violations).toHaveLength(3);
    expect(d.body.data.evidence.violations[0]).toMatchObject({ section: 'structure', counter_type: 'open_new_tab', reason: VIOLATION_REASONS.open_new_tab });
    const photo = await t.app.inject({ method: 'GET', url: d.body.data.evidence.violations[0]!.image_url! });
    expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(d.body.data.evidence.events.map((e) => [e.kind, e.duration_ms])).toEqual([['page-away', 40_000], ['page-away', 40_000], ['page-away', 40_000]]);
    const list = await call<{ list: AppealSummary[] }>(t, { method: 'GET', url: '/users/v1/member/order/appeals', headers: o.headers });
    expect(list.body.data.list).toEqual([expect.objectContaining({ order_id: o.orderId, can_appeal: true, appeal_status: null })]);

    // Too short, then sent; a second one is refused.
    expect((await appeal(o, 'maaf')).code).toBe(400);
    const sent = await appeal(o);
    expect([sent.code, sent.body.message, sent.body.data.status]).toEqual([200, APPEAL_MESSAGES.submitted, 'open']);
    const twice = await appeal(o, 'Saya ingin menambahkan penjelasan lagi.');
    expect([twice.code, twice.body.message]).toEqual([409, APPEAL_MESSAGES.alreadyAppealed]);

    // It is in the queue as an appeal; the proctor reads it with the attempt.
    const q = await staffCall(t, { url: '/reviews?reason=appeal', token: inst.proctor });
    expect((q.body.data as unknown as { list: ReviewQueueRow[] }).list.map((r) => [r.order_id, r.appeal_status, r.needs])).toEqual([[o.orderId, 'open', ['disqualified', 'risk', 'appeal']]]);
    const staffAppeal = await staffCall(t, { url: `/attempts/${o.orderId}/appeal`, token: inst.proctor });
    expect(staffAppeal.body.data).toMatchObject({ text: expect.stringContaining('Adik saya'), status: 'open' });
    // Another institution's proctor gets 404 for it.
    expect((await staffCall(t, { url: `/attempts/${o.orderId}/appeal`, token: other.proctor })).code).toBe(404);

    const answer = 'Kami memeriksa foto: peserta menoleh ke pintu. Diskualifikasi dibatalkan.';
    const r = await staffCall(t, { method: 'POST', url: `/attempts/${o.orderId}/decisions`, token: inst.proctor, payload: { decision: 'disqualification_overturned', note: answer } });
    expect(r.code).toBe(200);
    const after = await detail(o);
    expect(after.body.data).toMatchObject({
      order_status: 'completed', decision: 'disqualification_overturned', can_appeal: false,
      appeal: { status: 'answered', outcome: 'overturned', answer_note: answer },
    });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, o.email)).orderBy(desc(mailOutbox.created_at));
    expect(mail).toMatchObject({ subject: REVIEW_MAIL.appealSubject });
    expect(mail!.text).toContain(answer);
    expect(mail!.text).toContain('Banding diterima');
  });

  it('an upheld disqualification can still be appealed within the period; after it, not', async () => {
    const o = await institutionAttempt(t, inst.id);
    await disqualifyByTabs(t, o);
    expect((await staffCall(t, { method: 'POST', url: `/attempts/${o.orderId}/decisions`, token: inst.proctor, payload: { decision: 'disqualification_upheld', note: 'Tiga kali pindah tab.' } })).code).toBe(200);
    expect((await detail(o)).body.data).toMatchObject({ decision: 'disqualification_upheld', can_appeal: true });
    t.clock.advance(72 * HOUR + 60_000);
    await reauth(o);
    expect((await detail(o)).body.data).toMatchObject({ can_appeal: false });
    const late = await appeal(o);
    expect([late.code, late.body.message]).toEqual([400, APPEAL_MESSAGES.deadlinePassed]);
  });

  it('the institution sets the period; an invalidation opens its own; a clean result cannot be appealed', async () => {
    const s = await reviewInstitution(t);
    expect((await staffCall(t, { method: 'PUT', url: `/institutions/${s.id}/review-settings`, token: s.admin, payload: { risk_threshold: 40, appeal_hours: 24, four_eyes: false } })).code).toBe(200);
    const done = await institutionAttempt(t, s.id);
    await completeAttempt(t, done);
    const refused = await appeal(done);
    expect([refused.code, refused.body.message]).toEqual([400, APPEAL_MESSAGES.notAppealable]);
    t.clock.advance(5 * HOUR);
    await reauth(done);
    await s.relogin();
    expect((await staffCall(t, { method: 'POST', url: `/attempts/${done.orderId}/decisions`, token: s.proctor, payload: { decision: 'invalidated', note: 'Jawaban dibacakan orang lain.' } })).code).toBe(200);
    t.clock.advance(23 * HOUR);
    await reauth(done);
    await s.relogin();
    expect((await detail(done)).body.data).toMatchObject({ decision: 'invalidated', can_appeal: true });
    const sent = await appeal(done);
    expect(sent.code).toBe(200);
    // The appeal reopens the review: the proctor may answer although a decision is in effect.
    const upheld = await staffCall(t, { method: 'POST', url: `/attempts/${done.orderId}/decisions`, token: s.proctor, payload: { decision: 'invalidated', note: 'Rekaman suara jelas.' } });
    expect(upheld.code).toBe(200);
    expect((await detail(done)).body.data.appeal).toMatchObject({ status: 'answered', outcome: 'upheld', answer_note: 'Rekaman suara jelas.' });
  });

  it("another member gets 404 for someone else's attempt and cannot appeal it", async () => {
    const o = await institutionAttempt(t, inst.id);
    await disqualifyByTabs(t, o);
    const stranger = await institutionAttempt(t, inst.id);
    expect((await call(t, { method: 'GET', url: appealUrl(o.orderId), headers: stranger.headers })).code).toBe(404);
    expect((await call(t, { method: 'POST', url: appealUrl(o.orderId), headers: stranger.headers, payload: { text: 'Ini bukan tes saya tetapi saya coba.' } })).code).toBe(404);
  });
});

describe('retention hold', () => {
  it('keeps the photos of an open review or appeal past the retention period, and sweeps them once it is closed', async () => {
    await inst.relogin();
    const o = await institutionAttempt(t, inst.id);
    const photos = await disqualifyByTabs(t, o);
    const longAgo = new Date(t.clock.now().getTime() - 200 * 24 * HOUR);
    for (const id of photos) await t.db.update(media).set({ created_at: longAgo }).where(eq(media.id, id));
    const alive = async () => (await t.db.select({ id: media.id }).from(media)).filter((m) => photos.includes(m.id)).length;

    await sweepOldPhotos(t.db, t.app.blobs, t.clock.now(), 180);
    expect(await alive()).toBe(3); // undecided disqualification
    expect((await appeal(o)).code).toBe(200);
    await sweepOldPhotos(t.db, t.app.blobs, t.clock.now(), 180);
    expect(await alive()).toBe(3); // the appeal is open
    const decided = await staffCall(t, { method: 'POST', url: `/attempts/${o.orderId}/decisions`, token: inst.proctor, payload: { decision: 'disqualification_upheld', note: 'Foto jelas.' } });
    expect(decided.code).toBe(200);
    // Decided, and the appeal answered by that decision: the review is closed, retention applies.
    expect(await sweepOldPhotos(t.db, t.app.blobs, t.clock.now(), 180)).toBeGreaterThanOrEqual(3);
    expect(await alive()).toBe(0);
  });

  it('an appeal alone holds the photos of an attempt whose review was closed', async () => {
    const s = await reviewInstitution(t);
    const o = await institutionAttempt(t, s.id);
    const photos = await disqualifyByTabs(t, o);
    expect((await staffCall(t, { method: 'POST', url: `/attempts/${o.orderId}/decisions`, token: s.proctor, payload: { decision: 'disqualification_upheld', note: 'Tiga kali pindah tab.' } })).code).toBe(200);
    expect((await appeal(o)).code).toBe(200);
    const longAgo = new Date(t.clock.now().getTime() - 200 * 24 * HOUR);
    for (const id of photos) await t.db.update(media).set({ created_at: longAgo }).where(eq(media.id, id));
    await sweepOldPhotos(t.db, t.app.blobs, t.clock.now(), 180);
    expect((await t.db.select({ id: media.id }).from(media)).filter((m) => photos.includes(m.id))).toHaveLength(3);
  });
});
