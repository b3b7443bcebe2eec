// Helpers for exam-delivery tests: an order already in progress for a fresh member, the section
// calls over inject(), answers built from the answer keys, and a walker that finds answer-key
// fields anywhere in a response.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AnswerPart } from '../../contracts/exam-answer.ts';
import type { AnswerSubmitResult, SectionDetail } from '../../contracts/exam-delivery.ts';
import { answerKeys, licences, orderSections, orders } from '../../server/db/schema/index.ts';
import { bearer, createMember } from './members.ts';
import type { TestApp } from './test-app.ts';
import { jpegBytes, upload } from './uploads.ts';
import type { SectionName } from '../../contracts/facts/index.ts';

export interface StartedOrder {
  orderId: string;
  userId: string;
  headers: { authorization: string };
}

/** A member of the seed's company with an order in progress (licence and start done directly). */
export async function startedOrder(t: TestApp, status: 'in_progress' | 'not_started' = 'in_progress'): Promise<StartedOrder> {
  const { user } = await createMember(t.db, { company_id: t.seed!.companyId });
  return orderFor(t, user, status);
}

/** An order (in progress or not started) for an existing member, e.g. an institution's. */
export async function orderFor(t: TestApp, user: Parameters<typeof bearer>[1], status: 'in_progress' | 'not_started' = 'in_progress', institutionId: string | null = null): Promise<StartedOrder> {
  const [lic] = await t.db.insert(licences).values({
    code_hash: randomBytes(16).toString('hex'), code_hint: 'TEST', product_id: t.seed!.productId, redeemed_by: user.id, redeemed_at: t.clock.now(),
  }).returning();
  const [order] = await t.db.insert(orders).values({
    order_no: `EPOT-TEST-${randomBytes(4).toString('hex')}`, user_id: user.id, license_id: lic!.id, product_id: t.seed!.productId, institution_id: institutionId,
    meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' }, status, started_at: status === 'in_progress' ? t.clock.now() : null,
  }).returning();
  return { orderId: order!.id, userId: user.id, headers: { authorization: await bearer(t.app, user) } };
}

export interface Body<T = unknown> { status: number; message: string; data: T }

/** Every JSON body the helpers received, for the answer-key crawl. */
export const seenBodies: unknown[] = [];

export async function call<T = unknown>(t: TestApp, req: { method: 'GET' | 'PUT' | 'POST'; url: string; headers?: Record<string, string>; payload?: unknown }) {
  const res = await t.app.inject({ ...req, url: req.url.startsWith('/api') ? req.url : `/api${req.url}`, payload: req.payload as object | undefined });
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() as Body<T> : undefined;
  if (body) seenBodies.push(body);
  return { code: res.statusCode, body: body!, res };
}

export const sectionUrl = (orderId: string, section: SectionName) => `/users/v1/member/order/detail/${orderId}/${section}`;

export async function getSection(t: TestApp, o: StartedOrder, section: SectionName) {
  return call<SectionDetail>(t, { method: 'GET', url: sectionUrl(o.orderId, section), headers: o.headers });
}

/** question id -> correct option index, read from the server-side table. */
export async function keysFor(t: TestApp, detail: SectionDetail): Promise<Map<string, number>> {
  const ids = detail.exam.parts.flatMap((p) => p.question_list.flatMap((g) => g.list_question.map((q) => q.id)));
  const rows = await t.db.select().from(answerKeys).where(inArray(answerKeys.question_id, ids));
  return new Map(rows.map((r) => [r.question_id, r.correct_index]));
}

/**
 * The section's answers in the spec's shape: the first `correct` questions (by number) right, the
 * rest wrong; `unanswered` of the wrong ones (from the end) sent as a null item.
 */
export function answerPattern(detail: SectionDetail, keys: Map<string, number>, correct: number, unanswered = 0): AnswerPart[] {
  const total = detail.exam.parts.reduce((n, p) => n + p.question_list.reduce((m, g) => m + g.list_question.length, 0), 0);
  return detail.exam.parts.map((p) => ({
    part: p.part,
    list_question: p.question_list.flatMap((g) => g.list_question.map((q) => {
      const right = keys.get(q.id)!;
      if (q.number > total - unanswered && q.number > correct) return { question_id: q.id, answer: [null] as [null] };
      const pick = q.number <= correct ? right : (right + 1) % q.options.length;
      return { question_id: q.id, answer: [q.options[pick]!.text] as [string] };
    })),
  }));
}

const FORBIDDEN_KEYS = new Set(['correct', 'answer_key', 'answer_keys', 'correct_index', 'correct_answer', 'transcript', 'is_correct']);

/** Every path in `value` whose key names an answer key or a transcript. */
export function answerKeyFields(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => answerKeyFields(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(FORBIDDEN_KEYS.has(k.toLowerCase()) ? [`${path}.${k}`] : []),
      ...answerKeyFields(v, `${path}.${k}`),
    ]);
  }
  return [];
}

/**
 * The photos the SPA's submit gate takes before a section is submitted (issue 27: the server counts
 * the photos that arrived while the section was open; without them the attempt waits for review).
 */
export async function sectionPhotos(t: TestApp, o: StartedOrder, n = 2): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await upload(t, o.headers.authorization, { filename: 'foto.jpg', contentType: 'image/jpeg', data: jpegBytes(200) });
    if (r.code !== 200) throw new Error(`photo upload: ${r.code}`);
    ids.push(r.body.data.id);
  }
  return ids;
}

/** Submits a section with one correct answer (the rest wrong) and its two photos, as the SPA does; expects 200. */
export async function submitSection(t: TestApp, o: StartedOrder, section: SectionName): Promise<void> {
  const detail = (await getSection(t, o, section)).body.data;
  const answer = answerPattern(detail, await keysFor(t, detail), 1);
  const images = await sectionPhotos(t, o);
  const res = await call<AnswerSubmitResult>(t, { method: 'POST', url: '/users/v1/member/order/answer/', headers: o.headers,
    payload: { id: o.orderId, section, images, answer, disqualified: false } });
  expect(res.code).toBe(200);
}

/** The order's stored row for a section (it must exist). */
export async function sectionRow(t: TestApp, o: StartedOrder, section: SectionName) {
  const [row] = await t.db.select().from(orderSections).where(and(eq(orderSections.order_id, o.orderId), eq(orderSections.section, section)));
  expect(row, `${section} row of ${o.orderId}`).toBeDefined();
  return row!;
}
