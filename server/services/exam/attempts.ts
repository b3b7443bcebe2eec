// Section attempts: the server owns the clock, the stored answers and the score.
// - The first GET of a section starts it and fixes deadline_at; sections go listening -> structure
//   -> reading, all from the exam chosen for the order's first section.
// - Every write that closes a section or changes the order's status first locks the order row
//   (SELECT … FOR UPDATE), then closes with `… WHERE submitted_at IS NULL`: concurrent submits,
//   several sweepers and a disqualification can never store two results or skip the scoring.
// - The last section to close scores the order in the same transaction.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { answerPartSchema, type AnswerPart } from '../../../contracts/exam-answer.ts';
import type { AnswerSubmitResult, SectionStatus } from '../../../contracts/exam-delivery.ts';
import {
  accommodatedSectionSeconds, SECTION_MESSAGES, SECTION_NAMES, sectionsBefore, SERVER_MESSAGES, SUBMIT_GRACE_MS, type SectionName,
} from '../../../contracts/facts/index.ts';
import { publishMemberEvent } from '../sessions/live.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { answerKeys, attemptActivity, exams, media, orderSections, orders, products, type ActivityKind } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { getOwnOrder, getOwnOrderWithSections } from '../orders/orders.ts';
import { sectionStartAfterBreak } from './breaks.ts';
import { countAttemptSql, rateLimitResult, type RateLimitResult } from '../platform/rate-limit.ts';
import { convertSection, scoreExam, scoreSection, type AnswerKey, type ScorableQuestion } from './scoring.ts';
import { cachedPerSection, loadSectionContent } from './section-content.ts';
import { UUID } from '../../uuid.ts';

type Tx = AppTx;
type Db = AppDb | Tx;

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const p = sql.placeholder;
export type OrderRow = typeof orders.$inferSelect;
export type SectionRow = typeof orderSections.$inferSelect;

// Section times and the grace period are in contracts/facts (sections.ts), shared with the SPA, as
// are the messages the SPA reacts to (SERVER_MESSAGES, SECTION_MESSAGES); these are the server's own.
export const ATTEMPT_MESSAGES = {
  unknownQuestions: (ids: string[]) => `Soal tidak dikenal: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`,
  unknownImages: (ids: string[]) => `Foto tidak dikenal: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`,
} as const;

export function sectionStatus(row: Pick<SectionRow, 'submitted_at' | 'closed_by'>): Exclude<SectionStatus, 'not_started'> {
  return row.submitted_at ? row.closed_by ?? 'submitted' : 'open';
}

const isOverdue = (row: SectionRow, nowMs: number) => !row.submitted_at && nowMs > row.deadline_at.getTime() + SUBMIT_GRACE_MS;

const storedAnswerSchema = z.array(answerPartSchema);
/** A stored draft or answer as answer parts; anything unreadable counts as no answer. */
export function storedAnswer(value: unknown): AnswerPart[] {
  const parsed = storedAnswerSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export function submissionHash(s: { answer: AnswerPart[]; images: string[]; disqualified: boolean }): string {
  return createHash('sha256').update(JSON.stringify([s.answer, s.images, s.disqualified])).digest('base64url');
}

export async function sectionRows(db: Db, orderId: string): Promise<SectionRow[]> {
  return db.select().from(orderSections).where(eq(orderSections.order_id, orderId));
}

/** The newest active exam of the order's company (the product's company). */
async function activeExamId(db: Db, order: OrderRow): Promise<string> {
  const [row] = await db.select({ id: exams.id }).from(exams)
    .innerJoin(products, eq(products.company_id, exams.company_id))
    .where(and(eq(products.id, order.product_id), eq(exams.status, 'active')))
    .orderBy(desc(exams.created_at)).limit(1);
  if (!row) throw new HttpError(409, SERVER_MESSAGES.noExam);
  return row.id;
}

/**
 * The order's row for `section`, starting the section if this is the first request for it (the
 * earlier sections must be closed, the order in progress). Starting twice at once is harmless:
 * the unique (order, section) index keeps the first row and its deadline. The deadline includes
 * the order's extra-time accommodation and counts from the end of a break taken before it.
 */
export async function getOrStartSection(db: AppDb, order: OrderRow, section: SectionName, now: Date): Promise<SectionRow> {
  const rows = await sectionRows(db, order.id);
  const existing = rows.find((r) => r.section === section);
  if (existing) return existing;
  if (order.status === 'disqualified') throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
  if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
  if (order.status !== 'in_progress') throw new HttpError(409, SERVER_MESSAGES.testNotStarted);
  for (const earlier of sectionsBefore(section)) {
    if (!rows.find((r) => r.section === earlier)?.submitted_at) throw new HttpError(409, SECTION_MESSAGES.finishFirst(earlier));
  }
  // One exam for the whole order: the one its first section got.
  const examId = rows.find((r) => r.exam_id)?.exam_id ?? await activeExamId(db, order);
  const content = await loadSectionContent(db, examId, section);
  // A break before this section ends now; one that ran past its allowed end started the clock then (breaks.ts).
  const started = await sectionStartAfterBreak(db, order.id, section, now);
  // Extra time granted to the candidate (services/orders/accommodations.ts) is part of the deadline.
  const seconds = accommodatedSectionSeconds(section, content.audioMs, order.time_accommodation);
  const deadline = new Date(started.getTime() + seconds * 1000);
  const inserted = await db.insert(orderSections)
    .values({ order_id: order.id, section, exam_id: examId, started_at: started, deadline_at: deadline })
    .onConflictDoNothing().returning({ id: orderSections.id });
  const [row] = await db.select().from(orderSections)
    .where(and(eq(orderSections.order_id, order.id), eq(orderSections.section, section)));
  // Test day: a proctor's live view shows the start (issue 30).
  if (inserted.length > 0) await publishMemberEvent(db, { userId: order.user_id, orderId: order.id, kind: 'section_start', data: { section, deadline_at: row!.deadline_at.toISOString() } }, now);
  return row!;
}

// ---- closing sections -------------------------------------------------------------------------

export interface Scoring { questions: ScorableQuestion[]; keys: AnswerKey[] }

/**
 * What scoring a section needs, cached like the content: reading the keys per submit was a query
 * with one parameter per question, the most expensive part of a submit's server CPU
 * (bench/README.md, 2026-11-26). The cache lives in the server only; nothing sent to a client is
 * built from it.
 */
export const loadScoring = cachedPerSection(readScoring);

async function readScoring(db: AppDb, examId: string, section: SectionName): Promise<Scoring> {
  const content = await loadSectionContent(db, examId, section);
  const ids = [...content.questionIds];
  const keys = ids.length === 0 ? [] : await db.select({ question_id: answerKeys.question_id, correct_index: answerKeys.correct_index })
    .from(answerKeys).where(inArray(answerKeys.question_id, ids));
  return { questions: content.questions, keys };
}

interface CloseInput {
  rowId: string;
  orderId: string;
  closedBy: 'submitted' | 'swept';
  /** The submitted answer, or 'draft' to close from the autosaved draft (sweeper). */
  answer: AnswerPart[] | 'draft';
  images?: string[];
  hash?: string;
  /** Sweeper: only close when the deadline is before this (re-checked under the lock). */
  overdueBefore?: Date;
}

interface CloseResult { closed: boolean; row: SectionRow | undefined; order: OrderRow; rows?: SectionRow[] }

async function closeSection(db: AppDb, input: CloseInput, scoring: Scoring, now: Date): Promise<CloseResult> {
  const r = await closeSectionTx(db, input, scoring, now);
  // Test day: the live view hears the end of the section (and of the test) after the commit.
  if (r.closed && r.row) {
    await publishMemberEvent(db, { userId: r.order.user_id, orderId: r.order.id, kind: 'section_end', data: { section: r.row.section, closed_by: input.closedBy } }, now);
    if (r.order.status === 'completed') await publishMemberEvent(db, { userId: r.order.user_id, orderId: r.order.id, kind: 'finished' }, now);
  }
  return r;
}

async function closeSectionTx(db: AppDb, input: CloseInput, scoring: Scoring, now: Date): Promise<CloseResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    const [row] = await tx.select().from(orderSections).where(eq(orderSections.id, input.rowId));
    if (!order || !row) throw new Error(`order section ${input.rowId} vanished`);
    if (row.submitted_at) return { closed: false, row, order };
    if (order.status !== 'in_progress') {
      // An open section of a finished order (cannot normally happen): close it so it is not retried.
      const [stale] = await tx.update(orderSections).set({ submitted_at: now, closed_by: 'disqualified', answer: [] })
        .where(and(eq(orderSections.id, row.id), isNull(orderSections.submitted_at))).returning();
      return { closed: false, row: stale ?? row, order };
    }
    if (input.overdueBefore && row.deadline_at >= input.overdueBefore) return { closed: false, row, order };
    const answer = input.answer === 'draft' ? storedAnswer(row.draft) : input.answer;
    const raw = scoreSection(scoring.questions, answer, scoring.keys);
    const [closed] = await tx.update(orderSections).set({
      submitted_at: now, closed_by: input.closedBy, answer, images: input.images ?? row.images,
      submission_hash: input.hash ?? null, raw_correct: raw, converted: convertSection(row.section, raw),
    }).where(and(eq(orderSections.id, row.id), isNull(orderSections.submitted_at))).returning();
    const { completed, rows } = await completeOrderIfDone(tx, order, now);
    return { closed: true, row: closed, order: completed ?? order, rows };
  });
}

/** All three sections closed (none disqualified): store the scores and complete the order. */
async function completeOrderIfDone(tx: Tx, order: OrderRow, now: Date): Promise<{ completed: OrderRow | null; rows: SectionRow[] }> {
  const rows = await sectionRows(tx, order.id);
  const raw = (s: SectionName) => rows.find((r) => r.section === s && r.submitted_at && r.closed_by !== 'disqualified')?.raw_correct;
  const [l, s, r] = SECTION_NAMES.map(raw);
  if (l == null || s == null || r == null) return { completed: null, rows };
  const score = scoreExam({ listening: l, structure: s, reading: r });
  const [done] = await tx.update(orders).set({
    status: 'completed', completed_at: now,
    listening_score: score.converted.listening, structure_score: score.converted.structure, reading_score: score.converted.reading,
    total_score: score.total, level: score.level, cefr: score.cefr,
  }).where(and(eq(orders.id, order.id), eq(orders.status, 'in_progress'))).returning();
  return { completed: done ?? null, rows };
}

/** Closes one overdue open section from its draft (sweeper, or a late request that finds it). */
async function sweepSection(db: AppDb, row: Pick<SectionRow, 'id' | 'order_id' | 'exam_id' | 'section'>, now: Date): Promise<boolean> {
  const scoring = row.exam_id ? await loadScoring(db, row.exam_id, row.section) : { questions: [], keys: [] };
  const r = await closeSection(db, {
    rowId: row.id, orderId: row.order_id, closedBy: 'swept', answer: 'draft', overdueBefore: new Date(now.getTime() - SUBMIT_GRACE_MS),
  }, scoring, now);
  return r.closed;
}

/**
 * Closes every section past deadline + grace from its draft ('swept') and scores orders whose
 * three sections are then closed. Safe to run in several processes at once. Returns how many
 * sections this call closed.
 */
export async function sweepOverdueSections(db: AppDb, now: Date, batch = 100): Promise<number> {
  const rows = await db.select({ id: orderSections.id, order_id: orderSections.order_id, exam_id: orderSections.exam_id, section: orderSections.section })
    .from(orderSections)
    .where(and(isNull(orderSections.submitted_at), lt(orderSections.deadline_at, new Date(now.getTime() - SUBMIT_GRACE_MS))))
    .orderBy(asc(orderSections.deadline_at)).limit(batch);
  let closed = 0;
  for (const row of rows) if (await sweepSection(db, row, now)) closed++;
  return closed;
}

/** A section row, closed first when it is overdue, so every reader sees the true state. */
export async function settleOverdue(db: AppDb, row: SectionRow, now: Date): Promise<SectionRow> {
  if (!isOverdue(row, now.getTime())) return row;
  await sweepSection(db, row, now);
  const [fresh] = await db.select().from(orderSections).where(eq(orderSections.id, row.id));
  return fresh!;
}

/** The order's section rows with overdue ones closed first; the order re-read when that completed it. */
export async function settledSections(db: AppDb, order: OrderRow, now: Date): Promise<{ order: OrderRow; rows: SectionRow[] }> {
  const before = await sectionRows(db, order.id);
  const rows: SectionRow[] = [];
  for (const r of before) rows.push(await settleOverdue(db, r, now));
  if (!rows.some((r, i) => r.submitted_at && !before[i]!.submitted_at)) return { order, rows };
  const [fresh] = await db.select().from(orders).where(eq(orders.id, order.id));
  return { order: fresh ?? order, rows };
}

/**
 * Ends the order as disqualified: open sections close with an empty answer and sections never
 * started get a closed row, so every later request sees a finished test. The seam for the server's
 * own violation counting (proctoring). False when the order was already finished.
 */
export async function disqualifyOrder(db: AppDb, orderId: string, reason: string, now: Date, evidence?: DisqualifyEvidence): Promise<boolean> {
  return db.transaction((tx) => disqualifyInTx(tx, orderId, reason, now, evidence));
}

export interface DisqualifyEvidence { section: SectionName; images: string[] }

/** disqualifyOrder inside the caller's transaction (proctoring counts and disqualifies in one). */
export async function disqualifyInTx(tx: Tx, orderId: string, reason: string, now: Date, evidence?: DisqualifyEvidence): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.status === 'completed' || order.status === 'disqualified') return false;
  await tx.update(orders).set({ status: 'disqualified', disqualified_at: now, disqualified_reason: reason.slice(0, 300) })
    .where(eq(orders.id, orderId));
  const rows = await sectionRows(tx, orderId);
  for (const row of rows.filter((r) => !r.submitted_at)) {
    const images = evidence?.section === row.section && evidence.images.length > 0 ? evidence.images : row.images;
    await tx.update(orderSections).set({ submitted_at: now, closed_by: 'disqualified', answer: [], images })
      .where(and(eq(orderSections.id, row.id), isNull(orderSections.submitted_at)));
  }
  const examId = rows.find((r) => r.exam_id)?.exam_id ?? null;
  const missing = SECTION_NAMES.filter((s) => !rows.some((r) => r.section === s));
  if (missing.length > 0) {
    await tx.insert(orderSections).values(missing.map((section) => ({
      order_id: orderId, section, exam_id: examId, started_at: now, deadline_at: now, submitted_at: now,
      closed_by: 'disqualified' as const, answer: [],
      images: evidence?.section === section ? evidence.images : [],
    }))).onConflictDoNothing();
  }
  return true;
}

// ---- the candidate's calls --------------------------------------------------------------------

export interface SubmitInput {
  id: string;
  section: SectionName;
  images: string[];
  answer: AnswerPart[];
  disqualified: boolean;
}

function toResult(order: OrderRow, row: SectionRow, rows?: SectionRow[]): AnswerSubmitResult {
  const status = sectionStatus(row);
  if (status === 'open') throw new Error('toResult on an open section');
  return {
    id: order.id, section: row.section, status, submitted_at: row.submitted_at!.toISOString(), order_status: order.status,
    exam_complete: order.status === 'completed' || (rows !== undefined && SECTION_NAMES.every((s) => rows.find((r) => r.section === s)?.submitted_at)),
  };
}

/** A closed section: the stored result for an identical retry, the spec's refusal otherwise. */
function repeatOrRefuse(order: OrderRow, row: SectionRow, hash: string): AnswerSubmitResult {
  if (row.submission_hash === hash && row.closed_by === 'submitted') return toResult(order, row);
  if (order.status === 'disqualified') throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
  if (row.section === 'reading') throw new HttpError(400, SECTION_MESSAGES.sectionClosed('reading'));
  if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
  throw new HttpError(400, SECTION_MESSAGES.sectionClosed(row.section));
}

async function reread(db: AppDb, orderId: string, section: SectionName) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const rows = await sectionRows(db, orderId);
  return { order: order!, rows, row: rows.find((r) => r.section === section) };
}

/**
 * Closes an open section that is not the order's last as one prepared statement, in its own
 * (synchronous) commit: lock the order while it is in progress, then close the row if still open.
 * Sections start only after the earlier ones closed (getOrStartSection), so closing any but the
 * last cannot complete the order, and a disqualification (which locks the order first) either
 * comes before — no row — or waits for this commit. The last section goes through closeSection's
 * transaction, which scores the order. This saves the transaction's BEGIN, its three reads and
 * the query building of each: the submit's cost was its round trips (bench/README.md).
 */
const closeOpenSectionQuery = preparedPer((db) => {
  const locked = db.$with('locked').as(db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.id, p('order_id')), eq(orders.status, 'in_progress'))).for('update'));
  return db.with(locked).update(orderSections).set({
    submitted_at: sql`${p('now')}::timestamptz`, closed_by: 'submitted', answer: sql`${p('answer')}::jsonb`, images: sql`${p('images')}::jsonb`,
    submission_hash: sql`${p('hash')}`, raw_correct: sql`${p('raw')}::int`, converted: sql`${p('converted')}::int`,
  }).where(and(eq(orderSections.id, p('row_id')), isNull(orderSections.submitted_at), sql`exists (select 1 from ${locked})`))
    .returning().prepare('epot_close_open_section');
});

/** Closes the submitted section: one statement for an earlier section, closeSection's transaction for the last. */
async function closeSubmitted(db: AppDb, order: OrderRow, rows: SectionRow[], row: SectionRow, input: { answer: AnswerPart[]; images: string[]; hash: string }, now: Date): Promise<CloseResult> {
  const scoring = await loadScoring(db, row.exam_id!, row.section);
  const last = SECTION_NAMES.every((s) => s === row.section || rows.some((r) => r.section === s && r.submitted_at));
  if (last) return closeSection(db, { rowId: row.id, orderId: order.id, closedBy: 'submitted', ...input }, scoring, now);
  const raw = scoreSection(scoring.questions, input.answer, scoring.keys);
  const [closed] = await closeOpenSectionQuery(db).execute({
    order_id: order.id, row_id: row.id, now: now.toISOString(), answer: JSON.stringify(input.answer), images: JSON.stringify(input.images),
    hash: input.hash, raw, converted: convertSection(row.section, raw),
  });
  if (!closed) return { closed: false, row, order };
  return { closed: true, row: closed, order, rows: rows.map((r) => (r.id === closed.id ? closed : r)) };
}

/** POST order.answer: stores the section's one result (see the file comment for concurrency). */
export async function submitAnswer(db: AppDb, memberId: string, input: SubmitInput, now: Date): Promise<AnswerSubmitResult> {
  const { order, rows } = await getOwnOrderWithSections(db, memberId, input.id);
  if (input.disqualified) {
    if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
    // The SPA posts the disqualification for each section in turn: all but the first find it done.
    await disqualifyOrder(db, order.id, `candidate app: ${input.section}`, now, { section: input.section, images: input.images });
    const after = await reread(db, order.id, input.section);
    // Disqualified elsewhere without section rows (cannot happen through disqualifyOrder).
    if (!after.row?.submitted_at) throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
    return toResult(after.order, after.row, after.rows);
  }
  if (order.status === 'disqualified') throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
  if (order.status === 'not_started') throw new HttpError(409, SERVER_MESSAGES.testNotStarted);
  const hash = submissionHash(input);
  const row = rows.find((r) => r.section === input.section);
  if (!row) {
    if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
    throw new HttpError(409, SECTION_MESSAGES.sectionNotStarted(input.section));
  }
  if (row.submitted_at) return repeatOrRefuse(order, row, hash);
  if (isOverdue(row, now.getTime())) {
    // Too late: the draft is what counts (as the sweeper would do it).
    await sweepSection(db, row, now);
    throw new HttpError(409, SERVER_MESSAGES.timeUp);
  }
  const content = await loadSectionContent(db, row.exam_id!, row.section);
  const unknown = [...new Set(input.answer.flatMap((p) => p.list_question.map((e) => e.question_id)))].filter((id) => !content.questionIds.has(id));
  if (unknown.length > 0) throw new HttpError(400, ATTEMPT_MESSAGES.unknownQuestions(unknown));
  const images = [...new Set(input.images)];
  if (images.length > 0) {
    const own = await db.select({ id: media.id }).from(media).where(and(inArray(media.id, images), eq(media.owner_user_id, memberId)));
    const missing = images.filter((id) => !own.some((m) => m.id === id));
    if (missing.length > 0) throw new HttpError(400, ATTEMPT_MESSAGES.unknownImages(missing));
  }
  const r = await closeSubmitted(db, order, rows, row, { answer: input.answer, images, hash }, now);
  if (r.closed) return toResult(r.order, r.row!, r.rows);
  // Lost a race (a concurrent submit, the sweeper or a disqualification closed it first).
  const after = await reread(db, order.id, input.section);
  return repeatOrRefuse(after.order, after.row!, hash);
}

export interface DraftInput { id: string; section: SectionName; answer: AnswerPart[]; position: number; client_seq?: number | undefined }
/** The SPA sent this draft from its offline outbox after it waited (issue 17: counted apart per minute). */
export interface DraftOptions { replayed?: boolean }

/** The minute an activity is counted in (attempt_activity). */
export const activityMinute = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);
/** The autosave rate limit, counted in the same statement as the save. */
export interface DraftLimit { key: string; limit: number; windowMs: number }


/**
 * The autosave as one prepared statement: the rate-limit upsert and, within it, the conditional
 * UPDATE. One statement, so one commit: an autosave used to be two (the rate-limit upsert, then the
 * update), and each commit waits for its own WAL flush, the bottleneck measured in bench/README.md.
 */
const staleDraft = sql`(${p('seq')}::bigint is not null and ${orderSections.draft_seq} is not null and ${orderSections.draft_seq} >= ${p('seq')}::bigint)`;
const saveDraftQuery = preparedPer((db) => {
  const counted = db.$with('counted').as(countAttemptSql(db, p('key'), p('now'), p('reset_at')));
  const saved = db.$with('saved').as(db.update(orderSections)
    // A draft older than the stored one (by the client's sequence) arrived late: the row still
    // matches (so the call is acknowledged) but keeps the newer draft. Drafts without a sequence
    // (older clients) are stored as they come.
    .set({
      draft: sql`case when ${staleDraft} then ${orderSections.draft} else ${p('draft')}::jsonb end`,
      draft_position: sql`case when ${staleDraft} then ${orderSections.draft_position} else ${p('position')}::int end`,
      draft_saved_at: sql`case when ${staleDraft} then ${orderSections.draft_saved_at} else ${p('now')}::timestamptz end`,
      draft_seq: sql`case when ${staleDraft} then ${orderSections.draft_seq} else ${p('seq')}::bigint end`,
    })
    .where(and(
      eq(orderSections.order_id, p('order_id')),
      eq(orderSections.section, p('section')), isNull(orderSections.submitted_at),
      sql`${orderSections.deadline_at} > ${p('open_after')}::timestamptz`,
      sql`exists (select 1 from ${orders} where ${orders.id} = ${orderSections.order_id} and ${orders.user_id} = ${p('member_id')} and ${orders.status} = 'in_progress')`,
      sql`(select ${counted.count} from ${counted}) <= ${p('limit')}::int`,
    ))
    .returning({ deadline_at: orderSections.deadline_at, order_id: orderSections.order_id }));
  // The reviewers' timeline counts autosaves per minute (attempt_activity), in this same statement.
  const activity = db.$with('activity', { n: sql<number>`n` }).as(sql`insert into ${attemptActivity} (order_id, section, kind, minute, count)
    select "saved"."order_id", ${p('section')}, ${p('kind')}, ${p('minute')}::timestamptz, 1 from "saved"
    on conflict (order_id, section, kind, minute) do update set count = ${attemptActivity}.count + 1 returning 1 as n`);
  return db.with(counted, saved, activity).select({
    count: counted.count, reset_at: counted.reset_at,
    deadline_at: sql<Date | null>`(select ${saved.deadline_at} from ${saved})`.mapWith(orderSections.deadline_at),
    // This statement's commit does not wait for its WAL flush (the measured ceiling): a draft is
    // re-sent whole by the next autosave and the submission carries every answer. What a database
    // crash can cost is in docs/scaling.md. Local to this statement's transaction.
    async_commit: sql<string>`set_config('synchronous_commit', 'off', true)`,
  }).from(counted).prepare('epot_save_draft');
});

/**
 * PUT order.answerDraft: one statement on the happy path (saveDraftQuery), counting the attempt
 * against the rate limit and, within it, a conditional UPDATE (own order in progress, section open,
 * not past deadline + grace); only a refusal reads more, to say why. Over the limit nothing is stored.
 */
export async function saveDraft(db: AppDb, memberId: string, input: DraftInput, now: Date, limit: DraftLimit, opts: DraftOptions = {}): Promise<{ deadline_at: Date | null; rate: RateLimitResult }> {
  const kind: ActivityKind = opts.replayed ? 'autosave_replayed' : 'autosave';
  const [result] = await saveDraftQuery(db).execute({
    kind, minute: activityMinute(now).toISOString(),
    key: limit.key, now: now.toISOString(), reset_at: new Date(now.getTime() + limit.windowMs).toISOString(), limit: limit.limit,
    // A malformed id matches no row (the rate limit still counts the attempt); the refusal below says why.
    order_id: UUID.test(input.id) ? input.id : NIL_UUID, section: input.section, member_id: memberId,
    draft: JSON.stringify(input.answer), position: input.position, seq: input.client_seq ?? null,
    open_after: new Date(now.getTime() - SUBMIT_GRACE_MS).toISOString(),
  });
  const rate = await rateLimitResult(db, result!, limit.limit, now);
  if (!rate.allowed || result!.deadline_at) return { deadline_at: result!.deadline_at, rate };
  const order = await getOwnOrder(db, memberId, input.id);
  if (order.status === 'disqualified') throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
  if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
  if (order.status !== 'in_progress') throw new HttpError(409, SERVER_MESSAGES.testNotStarted);
  const [row] = await db.select().from(orderSections)
    .where(and(eq(orderSections.order_id, order.id), eq(orderSections.section, input.section)));
  if (!row) throw new HttpError(409, SECTION_MESSAGES.sectionNotStarted(input.section));
  if (row.submitted_at) throw new HttpError(400, SECTION_MESSAGES.sectionClosed(input.section));
  throw new HttpError(409, SERVER_MESSAGES.timeUp);
}

/** Counts one activity of the attempt in the current minute (reloads, submissions replayed from the outbox). */
export async function countActivity(db: AppDb, orderId: string, section: SectionName, kind: ActivityKind, now: Date): Promise<void> {
  await db.insert(attemptActivity).values({ order_id: orderId, section, kind, minute: activityMinute(now), count: 1 })
    .onConflictDoUpdate({
      target: [attemptActivity.order_id, attemptActivity.section, attemptActivity.kind, attemptActivity.minute],
      set: { count: sql`${attemptActivity.count} + 1` },
    });
}
