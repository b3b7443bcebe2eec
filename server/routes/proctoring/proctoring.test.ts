// The server's own violation counting on the small fixture exam: institution rules disqualify at
// the third violation without the client's disqualified post, individuals are only warned, reports
// racing each other never miss the limit, 'voice' and 'speech' are one counter; then monitoring
// events and what detail-full shows.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetailFull, SectionDetail } from '../../../contracts/exam-delivery.ts';
import type { ProctoringEvent, ProctoringState, ViolationRequest } from '../../../contracts/proctoring.ts';
import { institutions, licences, media, orderSections, orders, violations, type InstitutionSettings } from '../../db/schema/index.ts';
import { PROCTORING_MESSAGES } from '../../services/proctoring/proctoring.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { call, getSection, startedOrder, type StartedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';
import { pngBytes, upload } from '../../../tests/server-helpers/uploads.ts';
import { SERVER_MESSAGES } from '../../../contracts/facts/index.ts';

let t: TestApp;
const ANSWER = '/users/v1/member/order/answer/';
const DRAFT = '/users/v1/member/order/answer/draft';

beforeAll(async () => {
  t = await appWithFixtureExam('epot-proctoring-');
});
afterAll(async () => {
  await t?.cleanup();
});

const flags = (on: string[]) => ({ face: on.includes('face'), voice: on.includes('voice'), new_tab: on.includes('new_tab') });

/** An order in progress for a member of a new institution with these settings. */
async function institutionOrder(settings: { identification?: string[]; failed: string[] }): Promise<StartedOrder> {
  const s: InstitutionSettings = { identification: flags(settings.identification ?? ['face', 'voice', 'new_tab']), failed: flags(settings.failed) };
  const [inst] = await t.db.insert(institutions).values({ company_id: t.seed!.companyId, name: `Lembaga ${randomBytes(3).toString('hex')}`, settings: s }).returning();
  const { user } = await createMember(t.db, { company_id: t.seed!.companyId, is_b2b: true, institution_id: inst!.id });
  const [lic] = await t.db.insert(licences).values({
    code_hash: randomBytes(16).toString('hex'), code_hint: 'INST', product_id: t.seed!.productId, institution_id: inst!.id, redeemed_by: user.id, redeemed_at: new Date(),
  }).returning();
  const [order] = await t.db.insert(orders).values({
    order_no: `EPOT-TEST-${randomBytes(4).toString('hex')}`, user_id: user.id, license_id: lic!.id, product_id: t.seed!.productId,
    institution_id: inst!.id, meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' }, status: 'in_progress', started_at: new Date(),
  }).returning();
  return { orderId: order!.id, userId: user.id, headers: { authorization: await bearer(t.app, user) } };
}

const violationUrl = (license: string) => `/users/v1/member/order/update/violation/${license}`;
function report(o: StartedOrder, body: Partial<ViolationRequest> & Pick<ViolationRequest, 'counter_type'>, licence = o.orderId) {
  return call<ProctoringState>(t, { method: 'PUT', url: violationUrl(licence), headers: o.headers, payload: { section: 'listening', image: '', text_voice: '', ...body } });
}
const state = (o: StartedOrder) => call<ProctoringState>(t, { method: 'GET', url: `/users/v1/member/order/violations/${o.orderId}`, headers: o.headers });
const detailFull = (o: StartedOrder) => call<OrderDetailFull>(t, { method: 'GET', url: `/users/v1/member/order/detail-full/${o.orderId}`, headers: o.headers });
async function orderRow(o: StartedOrder) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
  return row!;
}
const emptyAnswer = (detail: SectionDetail) => detail.exam.parts.map((p) => ({
  part: p.part, list_question: p.question_list.flatMap((g) => g.list_question.map((q) => ({ question_id: q.id, answer: [null] as [null] }))),
}));

describe('the server disqualifies on its own count', () => {
  it('ends an institution test at the third tab violation when failed.new_tab is on, for good', async () => {
    const o = await institutionOrder({ failed: ['new_tab'] });
    const listening = await getSection(t, o, 'listening');
    expect(listening.body.data.status).toBe('open');
    const { auth } = { auth: o.headers.authorization };
    const photo = (await upload(t, auth, { filename: 'tab.jpg', data: pngBytes() })).body.data;

    const first = await report(o, { counter_type: 'open_new_tab', image: photo.id });
    expect(first.code).toBe(200);
    expect(first.body.data).toMatchObject({ counters: { open_new_tab: 1, face: 0, speech: 0 }, disqualified: false, limit: 3,
      disqualify_at_limit: { open_new_tab: true, face: false, speech: false } });
    expect((await report(o, { counter_type: 'open_new_tab' })).body.data.disqualified).toBe(false);
    // The licence id works as :license too.
    const third = await report(o, { counter_type: 'open_new_tab', image: photo.id }, (await orderRow(o)).license_id);
    expect(third.code).toBe(200);
    expect(third.body.data).toMatchObject({ counters: { open_new_tab: 3 }, disqualified: true });

    // No disqualified post from the client was needed.
    const row = await orderRow(o);
    expect(row).toMatchObject({ status: 'disqualified', disqualified_reason: 'violations:open_new_tab' });
    const sections = await t.db.select().from(orderSections).where(eq(orderSections.order_id, o.orderId));
    expect(sections).toHaveLength(3);
    for (const s of sections) expect(s.closed_by).toBe('disqualified');
    // The violation's photo is kept as the evidence on the section it happened in.
    expect(sections.find((s) => s.section === 'listening')!.images).toEqual([photo.id]);

    // A 4th answer, a draft and another violation are refused with the spec's message.
    const answer = { id: o.orderId, section: 'listening', images: [], answer: emptyAnswer(listening.body.data), disqualified: false };
    const refused = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: answer });
    expect(refused.code).toBe(400);
    expect(refused.body.message).toBe(SERVER_MESSAGES.testDisqualified);
    const draft = await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer: [], position: 1 } });
    expect(draft.body.message).toBe(SERVER_MESSAGES.testDisqualified);
    const fourth = await report(o, { counter_type: 'open_new_tab' });
    expect(fourth.code).toBe(400);
    expect(fourth.body.message).toBe(SERVER_MESSAGES.testDisqualified);

    // A reload (new GETs) still shows it disqualified; nothing reopens a section.
    const reload = await getSection(t, o, 'listening');
    expect(reload.body.data).toMatchObject({ status: 'disqualified', exam: { is_complete: true, parts: [] } });
    const structure = await getSection(t, o, 'structure');
    expect(structure.body.data.status).toBe('disqualified');
    expect((await state(o)).body.data).toMatchObject({ disqualified: true, counters: { open_new_tab: 3 } });
    expect((await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { ...answer, section: 'structure', answer: [] } })).body.message).toBe(SERVER_MESSAGES.testDisqualified);
    expect((await orderRow(o)).status).toBe('disqualified');
  });

  it('only warns an individual, however many violations', async () => {
    const o = await startedOrder(t);
    const listening = await getSection(t, o, 'listening');
    for (let i = 1; i <= 4; i++) {
      const r = await report(o, { counter_type: 'open_new_tab' });
      expect(r.body.data).toMatchObject({ counters: { open_new_tab: i }, disqualified: false,
        checks: { open_new_tab: true, face: true, speech: true }, disqualify_at_limit: { open_new_tab: false, face: false, speech: false }, camera_required: true });
    }
    for (const kind of ['face', 'face', 'face', 'speech', 'speech', 'speech'] as const) expect((await report(o, { counter_type: kind })).code).toBe(200);
    expect((await orderRow(o)).status).toBe('in_progress');
    const sent = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'listening', images: [], answer: emptyAnswer(listening.body.data), disqualified: false } });
    expect(sent.code).toBe(200);
    expect((await state(o)).body.data.counters).toEqual({ open_new_tab: 4, face: 3, speech: 3 });
  });

  it('counts concurrent reports right: the limit is never missed, nothing is counted past it', async () => {
    const o = await institutionOrder({ failed: ['face'] });
    expect((await report(o, { counter_type: 'face' })).body.data.counters.face).toBe(1);
    // Two at once from 1: one of them is the third.
    const pair = await Promise.all([report(o, { counter_type: 'face' }), report(o, { counter_type: 'face' })]);
    expect(pair.map((r) => r.code)).toEqual([200, 200]);
    expect(pair.filter((r) => r.body.data.disqualified)).toHaveLength(1);
    expect((await orderRow(o)).status).toBe('disqualified');

    const many = await institutionOrder({ failed: ['face'] });
    const results = await Promise.all(Array.from({ length: 6 }, () => report(many, { counter_type: 'face', section: 'structure' })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.code === 400).every((r) => r.body.message === SERVER_MESSAGES.testDisqualified)).toBe(true);
    expect(results.filter((r) => r.code === 200 && r.body.data.disqualified)).toHaveLength(1);
    expect(await t.db.select().from(violations).where(eq(violations.order_id, many.orderId))).toHaveLength(3);
    expect((await orderRow(many)).disqualified_reason).toBe('violations:face');
  });

  it("counts 'voice' and 'speech' together", async () => {
    const o = await institutionOrder({ failed: ['voice'] });
    expect((await report(o, { counter_type: 'voice', text_voice: 'halo apa kabar semuanya' })).body.data.counters.speech).toBe(1);
    expect((await report(o, { counter_type: 'speech', section: 'structure', text_voice: 'saya tidak tahu' })).body.data.counters.speech).toBe(2);
    const third = await report(o, { counter_type: 'voice', text_voice: 'x'.repeat(900) });
    expect(third.body.data).toMatchObject({ counters: { speech: 3, open_new_tab: 0, face: 0 }, disqualified: true });
    const rows = await t.db.select().from(violations).where(eq(violations.order_id, o.orderId));
    expect(rows.map((r) => r.counter_type)).toEqual(['speech', 'speech', 'speech']);
    expect(rows.map((r) => r.text_voice?.length).sort()).toEqual([15, 23, 500]);
  });

  it('does not disqualify for kinds whose failed setting is off', async () => {
    const o = await institutionOrder({ failed: ['new_tab'] });
    for (let i = 0; i < 4; i++) expect((await report(o, { counter_type: 'face' })).body.data.disqualified).toBe(false);
    expect((await orderRow(o)).status).toBe('in_progress');
  });
});

describe('what a report may carry', () => {
  it('refuses a kind whose check is off for the institution, and stores nothing', async () => {
    const o = await institutionOrder({ identification: ['new_tab'], failed: ['new_tab', 'face', 'voice'] });
    expect((await state(o)).body.data).toMatchObject({ checks: { open_new_tab: true, face: false, speech: false },
      disqualify_at_limit: { open_new_tab: true, face: false, speech: false } });
    for (const kind of ['face', 'voice', 'speech'] as const) {
      const r = await report(o, { counter_type: kind });
      expect(r.code).toBe(400);
      expect(r.body.message).toBe(PROCTORING_MESSAGES.checkOff);
    }
    expect(await t.db.select().from(violations).where(eq(violations.order_id, o.orderId))).toHaveLength(0);
  });

  it("refuses another member's photo, and orders that are not the member's or not started", async () => {
    const o = await startedOrder(t);
    const other = await startedOrder(t);
    const theirs = (await upload(t, other.headers.authorization, { filename: 'x.png', data: pngBytes() })).body.data;
    const r = await report(o, { counter_type: 'face', image: theirs.id });
    expect(r.code).toBe(400);
    expect(r.body.message).toMatch(/^Foto tidak dikenal/);
    expect((await report(o, { counter_type: 'face', image: randomUUID() })).code).toBe(400);
    expect((await report(o, { counter_type: 'face', image: 'not-a-uuid' })).code).toBe(400);
    // null stands for no photo, as '' does.
    expect((await report(o, { counter_type: 'face', image: null, text_voice: null })).body.data.counters.face).toBe(1);
    expect((await report(o, { counter_type: 'face' }, other.orderId)).code).toBe(404);
    expect((await report(o, { counter_type: 'blink' as 'face' })).code).toBe(400);
    expect((await report(o, { counter_type: 'face', section: 'device-check' as 'listening' })).code).toBe(400);
    const idle = await startedOrder(t, 'not_started');
    expect((await report(idle, { counter_type: 'face' })).code).toBe(409);
    expect((await state(o)).body.data.counters).toEqual({ open_new_tab: 0, face: 1, speech: 0 });
  });

  it('limits reports to 60 a minute per member', async () => {
    const o = await startedOrder(t);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await report(o, { counter_type: 'face' })).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(60);
    const last = await report(o, { counter_type: 'face' });
    expect(last.code).toBe(429);
    expect(last.res.headers['retry-after']).toBeDefined();
  });

  it('counts a retried report (same violation_id) once', async () => {
    const o = await institutionOrder({ failed: ['new_tab'] });
    const id = randomUUID();
    expect((await report(o, { counter_type: 'open_new_tab', violation_id: id })).body.data.counters.open_new_tab).toBe(1);
    expect((await report(o, { counter_type: 'open_new_tab', violation_id: id })).body.data.counters.open_new_tab).toBe(1);
    await report(o, { counter_type: 'open_new_tab' });
    const last = randomUUID();
    expect((await report(o, { counter_type: 'open_new_tab', violation_id: last })).body.data.disqualified).toBe(true);
    // The retry of the report that disqualified gets the same answer, not an error.
    const retry = await report(o, { counter_type: 'open_new_tab', violation_id: last });
    expect(retry.code).toBe(200);
    expect(retry.body.data).toMatchObject({ disqualified: true, counters: { open_new_tab: 3 } });
  });
});

describe('monitoring events and detail-full', () => {
  const eventUrl = (o: StartedOrder) => `/users/v1/member/order/proctoring-event/${o.orderId}`;

  it('stores events and shows them, the violations and the reason in detail-full', async () => {
    const o = await institutionOrder({ failed: ['new_tab'] });
    const ev = await call<ProctoringEvent>(t, { method: 'POST', url: eventUrl(o), headers: o.headers, payload: { section: 'listening', kind: 'camera-ended', detail: 'track ended' } });
    expect(ev.code).toBe(200);
    expect(ev.body.data).toMatchObject({ section: 'listening', kind: 'camera-ended', detail: 'track ended' });
    await call(t, { method: 'POST', url: eventUrl(o), headers: o.headers, payload: { section: 'listening', kind: 'recovered' } });
    expect((await call(t, { method: 'POST', url: eventUrl(o), headers: o.headers, payload: { section: 'listening', kind: 'nap' } })).code).toBe(400);
    const stranger = await startedOrder(t);
    expect((await call(t, { method: 'POST', url: eventUrl(o), headers: stranger.headers, payload: { section: 'listening', kind: 'recovered' } })).code).toBe(404);

    const photo = (await upload(t, o.headers.authorization, { filename: 'a.png', data: pngBytes() })).body.data;
    await report(o, { counter_type: 'face', image: photo.id });
    await report(o, { counter_type: 'speech', section: 'structure', text_voice: 'halo halo halo' });
    for (let i = 0; i < 3; i++) await report(o, { counter_type: 'open_new_tab', section: 'reading' });

    const full = (await detailFull(o)).body.data;
    expect(full.order).toMatchObject({ status: 'disqualified', disqualified_reason: 'violations:open_new_tab' });
    expect(full.proctoring.counters).toEqual({ open_new_tab: 3, face: 1, speech: 1 });
    expect(full.proctoring.violations.map((v) => [v.section, v.counter_type])).toEqual([
      ['listening', 'face'], ['structure', 'speech'], ['reading', 'open_new_tab'], ['reading', 'open_new_tab'], ['reading', 'open_new_tab'],
    ]);
    expect(full.proctoring.violations[0]).toMatchObject({ image: photo.id, image_url: expect.stringMatching(`/media/file/${photo.id}\\?exp=`) });
    expect(full.proctoring.violations[1]).toMatchObject({ image: null, image_url: null, text_voice: 'halo halo halo' });
    for (const v of full.proctoring.violations) expect(Number.isNaN(Date.parse(v.created_at))).toBe(false);
    expect(full.proctoring.events.map((e) => e.kind)).toEqual(['camera-ended', 'recovered']);

    // Events of a finished test are refused like everything else.
    expect((await call(t, { method: 'POST', url: eventUrl(o), headers: o.headers, payload: { section: 'reading', kind: 'recovered' } })).body.message).toBe(SERVER_MESSAGES.testDisqualified);

    // After the retention sweep deleted the photo, the id stays and the URL goes.
    await t.db.delete(media).where(and(eq(media.id, photo.id), eq(media.owner_user_id, o.userId)));
    const after = (await detailFull(o)).body.data.proctoring.violations[0]!;
    expect(after).toMatchObject({ image: photo.id, image_url: null });
  });

  it('shows the client-posted disqualification reason too', async () => {
    const o = await startedOrder(t);
    await getSection(t, o, 'listening');
    const r = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'listening', images: [], answer: [], disqualified: true } });
    expect(r.code).toBe(200);
    const full = (await detailFull(o)).body.data;
    expect(full.order.disqualified_reason).toBe('candidate app: listening');
    expect(full.proctoring).toEqual({ counters: { open_new_tab: 0, face: 0, speech: 0 }, limit: 3, violations: [], events: [] });
  });
});
