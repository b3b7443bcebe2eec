// Section attempts on the small fixture exam (3 listening, 2 structure, 2 reading questions):
// concurrency, deadlines, the sweeper, disqualification and the refusals.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerSubmitResult } from '../../../contracts/exam-delivery.ts';
import { orderSections, orders } from '../../db/schema/index.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import {
  answerKeyFields, answerPattern, call, getSection, keysFor, seenBodies, startedOrder, type StartedOrder,
} from '../../../tests/server-helpers/exam-attempts.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';
import { disqualifyOrder, sweepOverdueSections } from './attempts.ts';
import { scoreExam } from './scoring.ts';
import { SERVER_MESSAGES, SUBMIT_GRACE_MS, type SectionName } from '../../../contracts/facts/index.ts';

let t: TestApp;
const ANSWER = '/users/v1/member/order/answer/';
const DRAFT = '/users/v1/member/order/answer/draft';

beforeAll(async () => {
  t = await appWithFixtureExam('epot-attempts-');
});
afterAll(async () => {
  await t?.cleanup();
});

async function sectionRow(o: StartedOrder, section: SectionName) {
  const [row] = await t.db.select().from(orderSections).where(and(eq(orderSections.order_id, o.orderId), eq(orderSections.section, section)));
  return row!;
}
async function orderRow(o: StartedOrder) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
  return row!;
}
/** Moves the section's deadline `secondsAgo` into the past. */
async function expire(o: StartedOrder, section: SectionName, secondsAgo: number) {
  await t.db.update(orderSections).set({ deadline_at: new Date(Date.now() - secondsAgo * 1000) })
    .where(and(eq(orderSections.order_id, o.orderId), eq(orderSections.section, section)));
}
async function answerSection(o: StartedOrder, section: SectionName, correct: number) {
  const detail = (await getSection(t, o, section)).body.data;
  const answer = answerPattern(detail, await keysFor(t, detail), correct);
  return call<AnswerSubmitResult>(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section, images: [], answer, disqualified: false } });
}

describe('starting sections', () => {
  it('needs a started order and keeps the section order', async () => {
    const idle = await startedOrder(t, 'not_started');
    expect((await getSection(t, idle, 'listening')).code).toBe(409);
    const o = await startedOrder(t);
    const early = await getSection(t, o, 'structure');
    expect(early.code).toBe(409);
    expect(early.body.message).toBe('Selesaikan section listening terlebih dahulu');
    const first = await getSection(t, o, 'listening');
    expect(first.code).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'open', draft_position: null, exam: { is_complete: false, section: 'listening' } });
    expect((await getSection(t, o, 'reading')).body.message).toBe('Selesaikan section listening terlebih dahulu');
    // A second request resumes the same attempt: same deadline.
    const again = await getSection(t, o, 'listening');
    expect(again.body.data.deadline_ms).toBe(first.body.data.deadline_ms);
    expect(again.body.data.started_at).toBe(first.body.data.started_at);
  });

  it('resumes at the saved question with the saved answers and the true remaining time', async () => {
    const o = await startedOrder(t);
    const detail = (await getSection(t, o, 'listening')).body.data;
    const answer = answerPattern(detail, await keysFor(t, detail), 1);
    answer[0]!.list_question = answer[0]!.list_question.slice(0, 2);
    const saved = await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer, position: 1 } });
    expect(saved.code).toBe(200);
    const resumed = (await getSection(t, o, 'listening')).body.data;
    expect(resumed.draft_position).toBe(1);
    const questions = resumed.exam.parts[0]!.question_list.flatMap((g) => g.list_question);
    expect(questions.map((q) => q.selected_answer)).toEqual([answer[0]!.list_question[0]!.answer[0], answer[0]!.list_question[1]!.answer[0], null]);
    expect(Math.abs(resumed.deadline_ms - resumed.server_time_ms - resumed.remaining_seconds * 1000)).toBeLessThan(1000);
  });
  it('counts autosaves against the limit in the same statement: the 121st in a minute is refused and not stored', async () => {
    const o = await startedOrder(t);
    const detail = (await getSection(t, o, 'listening')).body.data;
    const answer = answerPattern(detail, await keysFor(t, detail), 1);
    answer[0]!.list_question = answer[0]!.list_question.slice(0, 1);
    const save = (position: number) => call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer, position } });
    const codes = await Promise.all(Array.from({ length: 120 }, (_, i) => save(i % 2)));
    expect(codes.every((r) => r.code === 200)).toBe(true);
    await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer: [], position: 0 } }).then((r) => {
      expect(r.code).toBe(429);
      expect(Number(r.res.headers['retry-after'])).toBeGreaterThan(0);
    });
    const resumed = (await getSection(t, o, 'listening')).body.data;
    expect(resumed.exam.parts[0]!.question_list.flatMap((g) => g.list_question)[0]!.selected_answer).toBe(answer[0]!.list_question[0]!.answer[0]);
  });

  it("an autosave's asynchronous commit stays in its own transaction: later statements commit synchronously", async () => {
    const o = await startedOrder(t);
    await getSection(t, o, 'listening');
    const saved = await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer: [], position: 3 } });
    expect(saved.code).toBe(200);
    expect((await sectionRow(o, 'listening')).draft_position).toBe(3);
    // PGlite has one connection, so this is the very session the autosave ran on; on PostgreSQL any
    // pooled connection must show the server's default as well.
    const settings = await Promise.all(Array.from({ length: 5 }, async () =>
      (await t.db.select({ v: sql<string>`current_setting('synchronous_commit')` }).from(sql`(select 1) as one`))[0]!.v));
    expect(settings).toEqual(['on', 'on', 'on', 'on', 'on']);
  });
});

describe('submission', () => {
  it('stores one result for 20 concurrent submits of one section; a retry gets it, other content is refused', async () => {
    const o = await startedOrder(t);
    const detail = (await getSection(t, o, 'listening')).body.data;
    const payload = { id: o.orderId, section: 'listening', images: [], answer: answerPattern(detail, await keysFor(t, detail), 2), disqualified: false };
    const results = await Promise.all(Array.from({ length: 20 }, () => call<AnswerSubmitResult>(t, { method: 'POST', url: ANSWER, headers: o.headers, payload })));
    expect(results.map((r) => r.code)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.data.submitted_at)).size).toBe(1);
    const row = await sectionRow(o, 'listening');
    expect(row).toMatchObject({ closed_by: 'submitted', raw_correct: 2 });
    // The same submission again (a retry after a lost response), without the trailing slash too.
    const retry = await call<AnswerSubmitResult>(t, { method: 'POST', url: ANSWER.slice(0, -1), headers: o.headers, payload });
    expect(retry.code).toBe(200);
    expect(retry.body.data).toMatchObject({ status: 'submitted', submitted_at: row.submitted_at!.toISOString(), order_status: 'in_progress', exam_complete: false });
    const other = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { ...payload, answer: [] } });
    expect(other.code).toBe(400);
    expect(other.body.message).toBe('Maaf, section listening sudah selesai');
    const draft = await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer: [], position: 0 } });
    expect(draft.code).toBe(400);
    expect((await sectionRow(o, 'listening')).raw_correct).toBe(2);
  });

  it('names unknown question ids and refuses photos that are not the member own', async () => {
    const o = await startedOrder(t);
    await getSection(t, o, 'listening');
    const stranger = '00000000-0000-4000-8000-000000000001';
    const bad = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: {
      id: o.orderId, section: 'listening', images: [], disqualified: false,
      answer: [{ part: 'A', list_question: [{ question_id: stranger, answer: ['one'] }] }],
    } });
    expect(bad.code).toBe(400);
    expect(bad.body.message).toBe(`Soal tidak dikenal: ${stranger}`);
    const photos = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'listening', images: [stranger], answer: [], disqualified: false } });
    expect(photos.code).toBe(400);
    expect(photos.body.message).toBe(`Foto tidak dikenal: ${stranger}`);
    expect((await sectionRow(o, 'listening')).submitted_at).toBeNull();
  });

  it('refuses a draft and a submission after deadline + 60 s and scores the draft instead', async () => {
    const o = await startedOrder(t);
    const detail = (await getSection(t, o, 'listening')).body.data;
    const answer = answerPattern(detail, await keysFor(t, detail), 3);
    // Within the grace period a draft is still taken.
    await expire(o, 'listening', 30);
    const inGrace = await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer, position: 2 } });
    expect(inGrace.code).toBe(200);
    expect((inGrace.body.data as { remaining_seconds: number }).remaining_seconds).toBe(0);
    await expire(o, 'listening', SUBMIT_GRACE_MS / 1000 + 1);
    const late = await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'listening', answer: [], position: 0 } });
    expect(late.code).toBe(409);
    expect(late.body.message).toBe('Waktu section sudah habis');
    const lateSubmit = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'listening', images: [], answer: [], disqualified: false } });
    expect(lateSubmit.code).toBe(409);
    // The draft (3 correct) is what was stored, not the late empty answer.
    expect(await sectionRow(o, 'listening')).toMatchObject({ closed_by: 'swept', raw_correct: 3 });
    const after = (await getSection(t, o, 'listening')).body.data;
    expect(after).toMatchObject({ status: 'swept', remaining_seconds: 0, exam: { is_complete: true, parts: [] } });
  });
});

describe('sweeper', () => {
  it('scores abandoned sections from their drafts and completes the order when all three are closed', async () => {
    const o = await startedOrder(t);
    expect((await answerSection(o, 'listening', 2)).code).toBe(200);
    for (const [section, correct] of [['structure', 1], ['reading', 2]] as const) {
      const detail = (await getSection(t, o, section)).body.data;
      const answer = answerPattern(detail, await keysFor(t, detail), correct);
      expect((await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section, answer, position: 1 } })).code).toBe(200);
      // The browser goes away; time passes.
      await expire(o, section, SUBMIT_GRACE_MS / 1000 + 5);
      const [a, b] = await Promise.all([sweepOverdueSections(t.db, t.clock.now()), sweepOverdueSections(t.db, t.clock.now())]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect(await sectionRow(o, section)).toMatchObject({ closed_by: 'swept', raw_correct: correct });
    }
    expect(await sweepOverdueSections(t.db, t.clock.now())).toBe(0);
    const expected = scoreExam({ listening: 2, structure: 1, reading: 2 });
    expect(await orderRow(o)).toMatchObject({
      status: 'completed', total_score: expected.total, level: expected.level, cefr: expected.cefr,
      listening_score: expected.converted.listening, structure_score: expected.converted.structure, reading_score: expected.converted.reading,
    });
    expect((await orderRow(o)).completed_at).toBeInstanceOf(Date);
    const full = await call<{ section: Record<string, { status: string; raw_correct: number }>; order: { status: string; total_score: number } }>(t,
      { method: 'GET', url: `/users/v1/member/order/detail-full/${o.orderId}`, headers: o.headers });
    expect(full.body.data.section.structure).toMatchObject({ status: 'swept', raw_correct: 1 });
    expect(full.body.data.order).toMatchObject({ status: 'completed', total_score: expected.total });
    const finished = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'reading', images: [], answer: [], disqualified: false } });
    expect(finished.body.message).toBe('Maaf, section reading sudah selesai');
    const listeningAgain = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'listening', images: [], answer: [], disqualified: false } });
    expect(listeningAgain.body.message).toBe('Maaf, Tes ini sudah selesai');
  });

  it('runs in the background when configured and stops on close', async () => {
    const app2 = await appWithFixtureExam('epot-sweeper-', { env: { SWEEP_INTERVAL_MS: '50' } });
    try {
      await app2.app.ready();
      const o = await startedOrder(app2);
      expect((await getSection(app2, o, 'listening')).code).toBe(200);
      await app2.db.update(orderSections).set({ deadline_at: sql`now() - interval '2 minutes'` }).where(eq(orderSections.order_id, o.orderId));
      let row;
      for (let i = 0; i < 100 && !row?.submitted_at; i++) {
        await new Promise((r) => setTimeout(r, 50));
        [row] = await app2.db.select().from(orderSections).where(eq(orderSections.order_id, o.orderId));
      }
      expect(row).toMatchObject({ closed_by: 'swept', raw_correct: 0 });
    } finally {
      await app2.cleanup();
    }
  });
});

describe('disqualification', () => {
  it('ends the order, closes every section and answers the spec message afterwards', async () => {
    const o = await startedOrder(t);
    expect((await answerSection(o, 'listening', 1)).code).toBe(200);
    await getSection(t, o, 'structure');
    const dq = await call<AnswerSubmitResult>(t, { method: 'POST', url: ANSWER.slice(0, -1), headers: o.headers,
      payload: { id: o.orderId, section: 'structure', images: [], answer: [], disqualified: true } });
    expect(dq.code).toBe(200);
    expect(dq.body.data).toMatchObject({ status: 'disqualified', order_status: 'disqualified' });
    // The SPA posts the disqualification for the other sections too.
    const dqReading = await call<AnswerSubmitResult>(t, { method: 'POST', url: ANSWER, headers: o.headers,
      payload: { id: o.orderId, section: 'reading', images: [], answer: [], disqualified: true } });
    expect(dqReading.code).toBe(200);
    expect((await orderRow(o)).status).toBe('disqualified');
    expect((await sectionRow(o, 'structure'))).toMatchObject({ closed_by: 'disqualified', answer: [] });
    expect((await sectionRow(o, 'reading'))).toMatchObject({ closed_by: 'disqualified' });
    const after = await call(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'reading', images: [], answer: [], disqualified: false } });
    expect(after.code).toBe(400);
    expect(after.body.message).toBe(SERVER_MESSAGES.testDisqualified);
    const detail = (await getSection(t, o, 'reading')).body.data;
    expect(detail).toMatchObject({ status: 'disqualified', exam: { is_complete: true } });
    expect((await call(t, { method: 'PUT', url: DRAFT, headers: o.headers, payload: { id: o.orderId, section: 'structure', answer: [], position: 0 } })).body.message).toBe(SERVER_MESSAGES.testDisqualified);
  });

  it('racing a submit of an earlier section (one statement, not a transaction), closes it once: the order ends disqualified either way', async () => {
    for (let round = 0; round < 5; round++) {
      const o = await startedOrder(t);
      const detail = (await getSection(t, o, 'listening')).body.data;
      const answer = answerPattern(detail, await keysFor(t, detail), 2);
      const [submitted, dq] = await Promise.all([
        call<AnswerSubmitResult>(t, { method: 'POST', url: ANSWER, headers: o.headers, payload: { id: o.orderId, section: 'listening', images: [], answer, disqualified: false } }),
        disqualifyOrder(t.db, o.orderId, 'race', t.clock.now()),
      ]);
      expect(dq).toBe(true);
      const row = await sectionRow(o, 'listening');
      expect((await orderRow(o)).status).toBe('disqualified');
      if (submitted.code === 200) {
        // The submit came first: its result stands, and the disqualification closed the rest.
        expect(row).toMatchObject({ closed_by: 'submitted', raw_correct: 2 });
        expect((await sectionRow(o, 'structure')).closed_by).toBe('disqualified');
      } else {
        expect(submitted.body.message).toBe(SERVER_MESSAGES.testDisqualified);
        expect(row).toMatchObject({ closed_by: 'disqualified', raw_correct: null });
      }
    }
  });

  it('disqualifyOrder is the seam for server-side rules: once only, never after completion', async () => {
    const o = await startedOrder(t);
    expect(await disqualifyOrder(t.db, o.orderId, 'face violations: 3', t.clock.now())).toBe(true);
    expect(await disqualifyOrder(t.db, o.orderId, 'again', t.clock.now())).toBe(false);
    expect(await orderRow(o)).toMatchObject({ status: 'disqualified', disqualified_reason: 'face violations: 3' });
  });
});

it('never sends an answer key or a transcript in any of these responses', () => {
  expect(seenBodies.length).toBeGreaterThan(30);
  expect(seenBodies.flatMap((b) => answerKeyFields(b))).toEqual([]);
});
