// The server's own violation counting (spec test-sections 4.5, 4.6, 6). A report is stored and
// counted inside one transaction that holds the order row (SELECT … FOR UPDATE), so concurrent
// reports queue up and the one that brings a counter to the limit always sees it; for institution
// members whose `setting.failed` has that kind on, the same transaction disqualifies the order.
// Individuals are never disqualified by the server (warnings only, spec 6).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  counterKindOf, proctoringRules, SERVER_MESSAGES, VIOLATION_LIMIT, violationsReason, violationVerdict, zeroCounters, type Counters,
  type ProctoringEventKind, type ProctoringRules, type SectionName,
} from '../../../contracts/facts/index.ts';
import {
  PROCTORING_LIST_MAX, type ProctoringDetail, type ProctoringState, type ViolationRequest,
} from '../../../contracts/proctoring.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { institutions, media, orders, proctoringEvents, violations } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { ATTEMPT_MESSAGES, disqualifyInTx, type OrderRow } from '../exam/attempts.ts';
import type { MediaUrlSigner } from '../media/media-urls.ts';

export const PROCTORING_MESSAGES = {
  checkOff: 'Pemeriksaan ini tidak aktif untuk tes Anda',
} as const;

type Db = AppDb | AppTx;

/**
 * The order's rules (contracts/facts proctoringRules): individuals get every check and are never
 * disqualified; a started order keeps the institution's rules frozen at its start (orders.rules).
 */
export async function rulesFor(db: Db, order: Pick<OrderRow, 'institution_id' | 'rules'>): Promise<ProctoringRules> {
  if (!order.institution_id) return proctoringRules(null);
  if (order.rules) return proctoringRules(order.rules);
  const [inst] = await db.select({ settings: institutions.settings, active_camera: institutions.active_camera })
    .from(institutions).where(eq(institutions.id, order.institution_id));
  if (!inst) throw new Error(`institution ${order.institution_id} of an order vanished`);
  return proctoringRules({ active_camera: inst.active_camera, setting: inst.settings });
}

export async function countViolations(db: Db, orderId: string): Promise<Counters> {
  const rows = await db.select({ kind: violations.counter_type, n: sql<number>`count(*)::int` })
    .from(violations).where(eq(violations.order_id, orderId)).groupBy(violations.counter_type);
  const counters: Counters = zeroCounters();
  for (const r of rows) if (r.kind in counters) counters[r.kind] = Number(r.n);
  return counters;
}

export async function proctoringState(db: Db, order: OrderRow, rules?: ProctoringRules): Promise<ProctoringState> {
  const r = rules ?? await rulesFor(db, order);
  return { counters: await countViolations(db, order.id), disqualified: order.status === 'disqualified', limit: VIOLATION_LIMIT, ...r };
}

/** The order's state for a report or event: finished orders refuse with the spec's messages. */
function assertInProgress(order: OrderRow): void {
  if (order.status === 'disqualified') throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
  if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
  if (order.status !== 'in_progress') throw new HttpError(409, SERVER_MESSAGES.testNotStarted);
}

export type ViolationInput = Required<Pick<ViolationRequest, 'counter_type' | 'section'>> & {
  image: string; text_voice: string; violation_id?: string | undefined;
};

/**
 * Stores and counts one violation of the member's own order (checked by the caller with
 * getOwnOrder). Refuses a kind whose check is off, an image the member does not own, and finished
 * or not started orders. Returns the state after it, `disqualified` true once the order is.
 */
export async function recordViolation(db: AppDb, memberId: string, orderId: string, input: ViolationInput, now: Date): Promise<ProctoringState> {
  const kind = counterKindOf(input.counter_type);
  if (input.image) {
    const [own] = await db.select({ id: media.id }).from(media).where(and(eq(media.id, input.image), eq(media.owner_user_id, memberId)));
    if (!own) throw new HttpError(400, ATTEMPT_MESSAGES.unknownImages([input.image]));
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw HttpError.notFound(SERVER_MESSAGES.orderNotFound);
    const rules = await rulesFor(tx, order);
    if (input.violation_id) {
      // A retry of a report already counted: answer the state, count nothing.
      const [seen] = await tx.select({ id: violations.id }).from(violations)
        .where(and(eq(violations.order_id, order.id), eq(violations.violation_id, input.violation_id)));
      if (seen) return proctoringState(tx, order, rules);
    }
    assertInProgress(order);
    if (violationVerdict(rules, kind, 0) === 'not-checked') throw new HttpError(400, PROCTORING_MESSAGES.checkOff);
    await tx.insert(violations).values({
      order_id: order.id, section: input.section, counter_type: kind, image_media_id: input.image || null,
      text_voice: input.text_voice || null, violation_id: input.violation_id ?? null, created_at: now,
    });
    const counters = await countViolations(tx, order.id);
    let disqualified = false;
    // A counter already past the limit (the institution turned the rule on mid-test) ends the test
    // at the next violation instead of never.
    if (violationVerdict(rules, kind, counters[kind]) === 'ends-test') {
      disqualified = await disqualifyInTx(tx, order.id, violationsReason(kind), now,
        { section: input.section, images: input.image ? [input.image] : [] });
    }
    return { counters, disqualified, limit: VIOLATION_LIMIT, ...rules };
  });
}

const EPISODE_KINDS: ReadonlySet<ProctoringEventKind> = new Set(['page-away', 'face-missing', 'face-multiple', 'face-still', 'face-still-beside']);

/**
 * Stores a monitoring event (camera ended, detector unavailable, …) of an order in progress. Only
 * episodes (page-away, face-missing, face-multiple) keep a duration.
 */
export async function recordProctoringEvent(db: AppDb, order: OrderRow, input: { section: SectionName; kind: ProctoringEventKind; detail: string; duration_ms?: number | null | undefined }, now: Date) {
  assertInProgress(order);
  const duration = EPISODE_KINDS.has(input.kind) ? input.duration_ms ?? null : null;
  const [row] = await db.insert(proctoringEvents).values({
    order_id: order.id, section: input.section, kind: input.kind, detail: input.detail, duration_ms: duration, created_at: now,
  }).returning();
  return { section: row!.section, kind: row!.kind, detail: row!.detail, duration_ms: row!.duration_ms, created_at: row!.created_at.toISOString() };
}

/** detail-full's proctoring part: totals and the first PROCTORING_LIST_MAX violations and events. */
export async function proctoringDetail(db: AppDb, order: OrderRow, urls: MediaUrlSigner): Promise<ProctoringDetail> {
  const list = await db.select().from(violations).where(eq(violations.order_id, order.id))
    .orderBy(asc(violations.created_at), asc(violations.id)).limit(PROCTORING_LIST_MAX);
  const imageIds = [...new Set(list.map((v) => v.image_media_id).filter((id): id is string => id !== null))];
  // Photos the retention sweep deleted have no row any more: their ids stay, without a URL.
  const existing = imageIds.length === 0 ? [] : await db.select({ id: media.id }).from(media)
    .where(and(inArray(media.id, imageIds), eq(media.owner_user_id, order.user_id)));
  const present = new Set(existing.map((m) => m.id));
  const events = await db.select().from(proctoringEvents).where(eq(proctoringEvents.order_id, order.id))
    .orderBy(asc(proctoringEvents.created_at), asc(proctoringEvents.id)).limit(PROCTORING_LIST_MAX);
  return {
    counters: await countViolations(db, order.id),
    limit: VIOLATION_LIMIT,
    violations: list.map((v) => ({
      created_at: v.created_at.toISOString(),
      section: v.section,
      counter_type: v.counter_type,
      image: v.image_media_id,
      image_url: v.image_media_id && present.has(v.image_media_id) ? urls.url(v.image_media_id) : null,
      text_voice: v.text_voice ?? '',
    })),
    events: events.map((e) => ({ section: e.section, kind: e.kind, detail: e.detail, duration_ms: e.duration_ms, created_at: e.created_at.toISOString() })),
  };
}
