// Exam delivery over HTTP on the full demo exam: the real flow (redeem, consent, start, three
// sections) scored against the reference chart, the listening clock, signed media, the exam and
// bank calls, ownership, and a crawl of every response for answer-key fields and transcripts.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerSubmitResult, BankQuestion, OrderDetailFull } from '../../../contracts/exam-delivery.ts';
import { examParts, exams, media, orderSections, orders, questionGroups, questions } from '../../db/schema/index.ts';
import { createDiskStore } from '../../services/media/disk-store.ts';
import { loadMediaUrlSigner } from '../../services/media/media-urls.ts';
import {
  answerKeyFields, answerPattern, call, getSection, keysFor, sectionPhotos, sectionUrl, seenBodies, startedOrder, type StartedOrder,
} from '../../../tests/server-helpers/exam-attempts.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { SECTION_NAMES } from '../../../contracts/facts/index.ts';

let t: TestApp;
const ANSWER = '/users/v1/member/order/answer/';
const DRAFT = '/users/v1/member/order/answer/draft';

beforeAll(async () => { t = await buildTestApp({ seed: true, seedExam: true }); });
afterAll(async () => { await t?.cleanup(); });

/** Takes the three sections with `raw` correct answers each; returns the final order row. */
async function takeExam(o: StartedOrder, raw: Record<(typeof SECTION_NAMES)[number], number>) {
  for (const section of SECTION_NAMES) {
    const detail = await getSection(t, o, section);
    expect(detail.code).toBe(200);
    const answer = answerPattern(detail.body.data, await keysFor(t, detail.body.data), raw[section], 3);
    expect((await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section, answer, position: 4 } })).code).toBe(200);
    // The two photos the SPA's gate takes (issue 27: without them the certificate waits for review).
    const images = await sectionPhotos(t, o);
    const sent = await call<AnswerSubmitResult>(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section, images, answer, disqualified: false } });
    expect(sent.code).toBe(200);
    expect(sent.body.data.exam_complete).toBe(section === 'reading');
    // The completion check after submit.
    expect((await getSection(t, o, section)).body.data.exam.is_complete).toBe(true);
  }
  const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
  return row!;
}

describe('the real flow on the demo exam', () => {
  it('scores 30/28/43 as 537 after redeem, consent and start', async () => {
    const { user } = await createMember(t.db, { company_id: t.seed!.companyId });
    const o = { headers: { authorization: await bearer(t.app, user) } };
    const created = await call<{ id: string }>(t, { method: 'POST', url: '/users/v1/member/order/create/', headers: o.headers,
      payload: { license: t.seed!.individualCodes[0], meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' } } });
    expect(created.code).toBe(200);
    const order: StartedOrder = { orderId: created.body.data.id, userId: user.id, headers: o.headers };
    expect((await getSection(t, order, 'listening')).body.message).toBe('Tes belum dimulai');
    expect((await call(t, { method: 'POST', url: `/users/v1/member/order/consent/${order.orderId}`, headers: o.headers, payload: { rules_version: '2026-11-01', accepted: true, biometric_version: '2026-11-01' } })).code).toBe(200);
    expect((await call(t, { method: 'PUT', url: `/users/v1/member/order/update-start-test/${order.orderId}`, headers: o.headers, payload: {} })).code).toBe(200);
    const row = await takeExam(order, { listening: 30, structure: 28, reading: 43 });
    expect(row).toMatchObject({ status: 'completed', listening_score: 51, structure_score: 52, reading_score: 58, total_score: 537, level: 'Advanced' });
    const full = await call<OrderDetailFull>(t, { method: 'GET', url: `/users/v1/member/order/detail-full/${order.orderId}`, headers: o.headers });
    expect(full.body.data.section.listening).toMatchObject({ status: 'submitted', raw_correct: 30, converted: 51 });
    expect(full.body.data.section.reading).toMatchObject({ status: 'submitted', raw_correct: 43, converted: 58 });
    expect(full.body.data).toMatchObject({ sertificate: { status: 'valid' }, order: { status: 'completed', total_score: 537, consent: { rules_version: '2026-11-01' } } });
  });

  it('scores 29/26/33 as 500', async () => {
    const row = await takeExam(await startedOrder(t), { listening: 29, structure: 26, reading: 33 });
    expect(row).toMatchObject({ listening_score: 50, structure_score: 50, reading_score: 50, total_score: 500, level: 'Upper intermediate' });
  });
});

describe('sections', () => {
  it('fixes the listening deadline at its audio + 300 s + the 120 s buffering allowance', async () => {
    const o = await startedOrder(t);
    const detail = (await getSection(t, o, 'listening')).body.data;
    // Every audio the section plays, counted from the tables, each use once.
    const [exam] = await t.db.select({ id: exams.id }).from(exams).where(eq(exams.status, 'active'));
    const parts = await t.db.select().from(examParts).where(and(eq(examParts.exam_id, exam!.id), eq(examParts.section, 'listening')));
    const groups = await t.db.select().from(questionGroups).where(inArray(questionGroups.part_id, parts.map((p) => p.id)));
    const used = [...parts.flatMap((p) => [p.direction_media_id, p.close_media_id]), ...groups.map((g) => g.media_id)].filter((id): id is string => id !== null);
    const durations = await t.db.select({ id: media.id, ms: media.duration_ms }).from(media).where(inArray(media.id, used));
    const audioMs = used.reduce((sum, id) => sum + (durations.find((d) => d.id === id)!.ms ?? 0), 0);
    expect(audioMs).toBeGreaterThan(10 * 60_000);
    const seconds = Math.ceil(audioMs / 1000) + 300 + 120;
    expect(detail.duration_seconds).toBe(seconds);
    expect(detail.deadline_ms - Date.parse(detail.started_at)).toBe(seconds * 1000);
    expect(detail.remaining_seconds).toBeGreaterThan(seconds - 5);
    // The spec's shape: parts A-C with directions, close statements and question lists with audio.
    expect(detail.exam.parts.map((p) => p.part)).toEqual(['A', 'B', 'C']);
    const [partA] = detail.exam.parts;
    expect(partA).toMatchObject({ exam_id: exam!.id, company: { id: t.seed!.companyId }, part_direction: { with_media: true }, close_statement: { with_media: true } });
    expect(partA!.part_direction.media).toMatchObject({ type: 'audio', public_url: expect.stringMatching(/^\/api\/storage\/v1\/media\/file\//) });
    expect(partA!.question_list[0]!.list_question[0]).toMatchObject({ number: 1, type: 'single_choice', selected_answer: null, question: { media: null } });
    expect(detail.exam.parts.flatMap((p) => p.question_list.flatMap((g) => g.list_question))).toHaveLength(50);
  });

  it('times structure at 1500 s and reading at 3300 s', async () => {
    const o = await startedOrder(t);
    for (const section of SECTION_NAMES) {
      const detail = (await getSection(t, o, section)).body.data;
      if (section !== 'listening') expect(detail.duration_seconds).toBe(section === 'structure' ? 1500 : 3300);
      const answer = answerPattern(detail, await keysFor(t, detail), 0, 200);
      expect((await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section, images: [], answer, disqualified: false } })).code).toBe(200);
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    // Nothing answered: every section at the bottom of its scale.
    expect(row).toMatchObject({ status: 'completed', total_score: 310, level: 'Beginner' });
  });
});

describe('autosave ordering', () => {
  it('keeps the newest draft by the client sequence when an older one arrives late', async () => {
    const o = await startedOrder(t);
    await getSection(t, o, 'listening');
    const put = (position: number, client_seq?: number) => call(t, { method: 'PUT', url: DRAFT, headers: o.headers,
      payload: { id: o.orderId, section: 'listening', answer: [], position, ...(client_seq === undefined ? {} : { client_seq }) } });
    const stored = async () => (await t.db.select({ position: orderSections.draft_position }).from(orderSections)
      .where(and(eq(orderSections.order_id, o.orderId), eq(orderSections.section, 'listening'))))[0]!.position;
    expect((await put(7, 1_700_000_000_002)).code).toBe(200);
    // The older draft (sent before, delayed in the network) is acknowledged but not stored.
    expect((await put(3, 1_700_000_000_001)).code).toBe(200);
    expect(await stored()).toBe(7);
    expect((await put(9, 1_700_000_000_003)).code).toBe(200);
    expect(await stored()).toBe(9);
    // A client without a sequence (older SPA) is stored as it comes.
    expect((await put(2)).code).toBe(200);
    expect(await stored()).toBe(2);
  });
});

describe('media', () => {
  it('serves a signed URL with Range support and refuses tampered or expired ones', async () => {
    const o = await startedOrder(t);
    const detail = (await getSection(t, o, 'listening')).body.data;
    const audio = detail.exam.parts[0]!.question_list[0]!.media!;
    expect(audio.url).toBe(audio.public_url);
    expect(audio.duration).toBeGreaterThan(1);
    const whole = await t.app.inject({ method: 'GET', url: audio.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const size = whole.rawPayload.length;
    expect(Number(whole.headers['content-length'])).toBe(size);
    const part = await t.app.inject({ method: 'GET', url: audio.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const tail = await t.app.inject({ method: 'GET', url: audio.url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));
    expect((await t.app.inject({ method: 'GET', url: audio.url, headers: { range: `bytes=${size}-` } })).statusCode).toBe(416);
    // Tampered: another id with this signature, a changed signature, a later expiry.
    const url = new URL(audio.url, 'http://x');
    const other = detail.exam.parts[0]!.question_list[1]!.media!.id;
    const sig = url.searchParams.get('sig')!;
    const tampered = [
      audio.url.replace(audio.id, other),
      audio.url.replace(sig, (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)),
      audio.url.replace(/exp=\d+/, `exp=${Number(url.searchParams.get('exp')) + 3600}`),
      audio.url.replace(/&sig=.*/, ''),
    ];
    for (const bad of tampered) expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'GET', url: tampered[0]! })).statusCode).toBe(403);
    const signer = await loadMediaUrlSigner(t.db, undefined, { apiBase: '/api', ttlSeconds: t.config.mediaUrlTtlSeconds, clock: t.clock });
    expect(signer.url(audio.id)).toBe(audio.url);
    // A URL handed out seven hours ago (the TTL is six).
    const past = await loadMediaUrlSigner(t.db, undefined, {
      apiBase: '/api', ttlSeconds: t.config.mediaUrlTtlSeconds, clock: { now: () => new Date(t.clock.now().getTime() - 7 * 3600 * 1000) },
    });
    const expired = past.url(audio.id);
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it("answers the member's own media with a signed URL and 404 for anyone else's", async () => {
    const owner = await startedOrder(t);
    const stranger = await startedOrder(t);
    const key = await createDiskStore(t.config.dataDir).put(Buffer.from('jpeg bytes'), 'jpg');
    const [photo] = await t.db.insert(media).values({ title: 'foto', source: 'upload', type: 'image', mime: 'image/jpeg', storage_key: key, byte_size: 10, owner_user_id: owner.userId }).returning();
    const mine = await call<{ public_url: string; type: string }>(t, { method: 'GET', url: `/storage/v1/media/user/detail/${photo!.id}`, headers: owner.headers });
    expect(mine.code).toBe(200);
    expect(mine.body.data).toMatchObject({ id: photo!.id, type: 'image', source: 'upload', duration: null });
    const file = await t.app.inject({ method: 'GET', url: mine.body.data.public_url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('jpeg bytes');
    expect((await call(t, { method: 'GET', url: `/storage/v1/media/user/detail/${photo!.id}`, headers: stranger.headers })).code).toBe(404);
    // Exam audio belongs to nobody: not a member's media.
    const [audio] = await t.db.select({ id: media.id }).from(media).where(eq(media.source, 'import')).limit(1);
    expect((await call(t, { method: 'GET', url: `/storage/v1/media/user/detail/${audio!.id}`, headers: owner.headers })).code).toBe(404);
  });
});

describe('exam and bank calls', () => {
  it('list and detail the company exams and only the questions of started sections', async () => {
    const o = await startedOrder(t);
    const list = await call<{ list: { id: string }[]; page: number; limit: number; total: number }>(t, { method: 'GET', url: '/exam/v1/list', headers: o.headers });
    expect(list.body.data).toMatchObject({ page: 1, limit: 10, total: 1 });
    const examId = list.body.data.list[0]!.id;
    const detail = await call<{ parts: { section: string; question_count: number }[] }>(t, { method: 'GET', url: `/exam/v1/detail/${examId}`, headers: o.headers });
    expect(detail.code, detail.body.message).toBe(200);
    const perSection = (name: string) => detail.body.data.parts.filter((p) => p.section === name).reduce((n, p) => n + p.question_count, 0);
    expect(detail.body.data.parts.map((p) => p.section)).toEqual(['listening', 'listening', 'listening', 'structure', 'structure', 'reading']);
    expect([perSection('listening'), perSection('structure'), perSection('reading')]).toEqual([50, 40, 50]);
    expect((await call(t, { method: 'GET', url: '/exam/v1/list?status=archived', headers: o.headers })).body.data).toMatchObject({ total: 0 });

    const before = await call<{ total: number }>(t, { method: 'GET', url: '/bank/v1/question', headers: o.headers });
    expect(before.body.data.total).toBe(0);
    await getSection(t, o, 'listening');
    const bank = await call<{ list: BankQuestion[]; total: number; limit: number }>(t, { method: 'GET', url: '/bank/v1/question?page=2', headers: o.headers });
    expect(bank.body.data).toMatchObject({ total: 50, limit: 10 });
    expect(bank.body.data.list.map((q) => q.number)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const q = bank.body.data.list[0]!;
    expect((await call(t, { method: 'GET', url: `/bank/v1/question/detail/${q.id}`, headers: o.headers })).body.data).toEqual(q);
    const company = { ...o.headers, 'x-company-id': t.seed!.companyId };
    expect((await call(t, { method: 'GET', url: `/bank/v1/question/public/${q.id}`, headers: company })).body.data).toEqual(q);
    expect((await call(t, { method: 'GET', url: `/bank/v1/question/public/${q.id}`, headers: o.headers })).code).toBe(403);
    expect((await call(t, { method: 'GET', url: `/bank/v1/question/public/${q.id}`, headers: { ...o.headers, 'x-company-id': randomBytes(4).toString('hex') } })).code).toBe(403);
    const ids = bank.body.data.list.slice(0, 3).map((x) => x.id);
    const many = await call<BankQuestion[]>(t, { method: 'GET', url: `/bank/v1/question/public_multiple?id=${ids.join(',')}`, headers: company });
    expect(many.body.data.map((x) => x.id)).toEqual(ids);
    // A reading question before reading has started: not there.
    const [reading] = await t.db.select({ id: questions.id }).from(questions)
      .innerJoin(questionGroups, eq(questionGroups.id, questions.group_id))
      .innerJoin(examParts, eq(examParts.id, questionGroups.part_id))
      .where(and(eq(examParts.section, 'reading'), isNotNull(questions.id))).limit(1);
    expect((await call(t, { method: 'GET', url: `/bank/v1/question/detail/${reading!.id}`, headers: o.headers })).code).toBe(404);
    expect((await call(t, { method: 'GET', url: `/exam/v1/detail/${randomBytes(4).toString('hex')}`, headers: o.headers })).code).toBe(404);
  });

  it('a disqualification in listening opens no question of the sections whose clock never ran', async () => {
    const o = await startedOrder(t);
    await getSection(t, o, 'listening');
    const dq = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'listening', images: [], answer: [], disqualified: true } });
    expect(dq.code, dq.body.message).toBe(200);
    const bank = await call<{ list: BankQuestion[]; total: number }>(t, { method: 'GET', url: '/bank/v1/question?limit=100', headers: o.headers });
    expect(bank.body.data.total).toBe(50);
    expect(new Set(bank.body.data.list.map((q) => q.section))).toEqual(new Set(['listening']));
  });
});

describe('ownership', () => {
  it("answers 404 for another member's order on every order route", async () => {
    const owner = await startedOrder(t);
    await getSection(t, owner, 'listening');
    const other = await startedOrder(t);
    const id = owner.orderId;
    const requests = [
      ...SECTION_NAMES.map((s) => ({ method: 'GET' as const, url: sectionUrl(id, s) })),
      { method: 'PUT' as const, url: DRAFT, payload: { id, section: 'listening', answer: [], position: 0 } },
      { method: 'POST' as const, url: ANSWER, payload: { id, section: 'listening', images: [], answer: [], disqualified: false } },
      { method: 'POST' as const, url: ANSWER, payload: { id, section: 'listening', images: [], answer: [], disqualified: true } },
      { method: 'GET' as const, url: `/users/v1/member/order/detail-full/${id}` },
      { method: 'PUT' as const, url: `/users/v1/member/order/update-start-test/${id}`, payload: {} },
      { method: 'POST' as const, url: `/users/v1/member/order/consent/${id}`, payload: { rules_version: '2026-11-01', accepted: true } },
    ];
    for (const req of requests) expect((await call(t, { ...req, headers: other.headers })).code, `${req.method} ${req.url}`).toBe(404);
    // Nothing changed for the owner.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('in_progress');
    expect((await call(t, { method: 'GET', url: sectionUrl(id, 'listening') })).code).toBe(401);
  });
});

describe('no answer key reaches a candidate', () => {
  it('finds no answer-key field and no transcript in any response of this file', async () => {
    // One more look at each kind of response from a fresh attempt.
    const o = await startedOrder(t);
    await getSection(t, o, 'listening');
    await call(t, { method: 'GET', url: '/bank/v1/question?limit=100', headers: o.headers });
    await call(t, { method: 'GET', url: `/users/v1/member/order/detail-full/${o.orderId}`, headers: o.headers });
    expect(seenBodies.length).toBeGreaterThan(40);
    expect(seenBodies.flatMap((b) => answerKeyFields(b))).toEqual([]);
    const transcripts = await t.db.select({ transcript: questionGroups.transcript }).from(questionGroups).where(isNotNull(questionGroups.transcript));
    expect(transcripts.length).toBeGreaterThan(30);
    const everything = JSON.stringify(seenBodies);
    const leaked = transcripts.map((r) => r.transcript!.slice(0, 60)).filter((text) => everything.includes(JSON.stringify(text).slice(1, -1)));
    expect(leaked).toEqual([]);
    // The walker itself finds such fields wherever they hide.
    expect(answerKeyFields({ a: [{ b: { correct_index: 1 } }], transcript: 'x' })).toEqual(['$.a[0].b.correct_index', '$.transcript']);
  });
});
