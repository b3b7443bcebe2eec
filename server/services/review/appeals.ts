// Appeals (issue 17), the candidate's side: an attempt that was disqualified (and not overturned) or
// invalidated may be appealed once, within the institution's period (default 72 h) from the
// disqualification or the invalidation, with a text. The appeal reopens the attempt in the review
// queue; the decision that follows answers it (decisions.ts), by mail and in the app. The candidate
// sees the evidence behind the decision: their own flags and their own photos, nothing else.
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppealDetail, AppealSummary, MemberAppeal } from '../../../contracts/appeals.ts';
import type { StaffAppeal } from '../../../contracts/admin-review.ts';
import { APPEAL_MESSAGES, SERVER_MESSAGES } from '../../../contracts/facts/index.ts';
import { VIOLATION_REASONS } from '../../../contracts/facts/review-texts.ts';
import type { AppDb } from '../../db/client.ts';
import { appeals, attemptReviews, media, orders, proctoringEvents, violations } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { certificateStatus, liveCertificate } from '../certificates/certificates.ts';
import type { MediaUrlSigner } from '../media/media-urls.ts';
import { getOwnOrder } from '../orders/orders.ts';
import { ensureRisks } from './evidence.ts';
import { reviewSettingsOf } from './settings.ts';

type OrderRow = typeof orders.$inferSelect;
type AppealRow = typeof appeals.$inferSelect;
type ReviewRow = typeof attemptReviews.$inferSelect;

const HOUR_MS = 3_600_000;

/** When the appeal period started (the disqualification, or the invalidation in effect); null: nothing to appeal. */
export function appealBasis(order: Pick<OrderRow, 'status' | 'disqualified_at'>, review: Pick<ReviewRow, 'decision' | 'decided_at'> | undefined): Date | null {
  if (review?.decision === 'invalidated') return review.decided_at;
  if (order.status === 'disqualified') return order.disqualified_at;
  return null;
}

async function summaryOf(db: AppDb, order: OrderRow, review: ReviewRow | undefined, appeal: AppealRow | undefined, now: Date): Promise<AppealSummary> {
  const basis = appealBasis(order, review);
  const hours = (await reviewSettingsOf(db, order.institution_id)).appeal_hours;
  const deadline = basis && !appeal ? new Date(basis.getTime() + hours * HOUR_MS) : null;
  return {
    order_id: order.id, order_no: order.order_no, order_status: order.status, decision: review?.decision ?? null,
    can_appeal: deadline !== null && now.getTime() <= deadline.getTime(), deadline_at: deadline?.toISOString() ?? null,
    appeal_status: appeal?.status ?? null, outcome: appeal?.outcome ?? null,
  };
}

export const toMemberAppeal = (a: AppealRow): MemberAppeal => ({
  text: a.text, status: a.status, outcome: a.outcome, answer_note: a.answer_note, answered_at: a.answered_at?.toISOString() ?? null,
  created_at: a.created_at.toISOString(),
});

export const toStaffAppeal = (a: AppealRow): StaffAppeal => ({ id: a.id, ...toMemberAppeal(a) });

/** The member's attempts that were disqualified, reviewed or appealed, newest first. */
export async function appealSummaries(db: AppDb, userId: string, now: Date): Promise<AppealSummary[]> {
  const rows = await db.select({ order: orders, review: attemptReviews, appeal: appeals }).from(orders)
    .leftJoin(attemptReviews, eq(attemptReviews.order_id, orders.id))
    .leftJoin(appeals, eq(appeals.order_id, orders.id))
    .where(and(eq(orders.user_id, userId), or(eq(orders.status, 'disqualified'), sql`${attemptReviews.decision} is not null`, sql`${appeals.id} is not null`)))
    .orderBy(desc(orders.created_at));
  return Promise.all(rows.map((r) => summaryOf(db, r.order, r.review ?? undefined, r.appeal ?? undefined, now)));
}

async function reviewAndAppeal(db: AppDb, orderId: string) {
  const [review] = await db.select().from(attemptReviews).where(eq(attemptReviews.order_id, orderId));
  const [appeal] = await db.select().from(appeals).where(eq(appeals.order_id, orderId));
  return { review, appeal };
}

/** One of the member's own attempts: its appeal state and the evidence (their own flags and photos). */
export async function appealDetail(db: AppDb, urls: MediaUrlSigner, userId: string, orderId: string, now: Date): Promise<AppealDetail> {
  const order = await getOwnOrder(db, userId, orderId);
  const { review, appeal } = await reviewAndAppeal(db, order.id);
  const vs = await db.select().from(violations).where(eq(violations.order_id, order.id)).orderBy(asc(violations.created_at), asc(violations.id));
  const ids = vs.map((v) => v.image_media_id).filter((id): id is string => id !== null);
  const own = new Set(ids.length === 0 ? [] : (await db.select({ id: media.id }).from(media)
    .where(and(inArray(media.id, ids), eq(media.owner_user_id, userId)))).map((m) => m.id));
  const evs = await db.select().from(proctoringEvents).where(eq(proctoringEvents.order_id, order.id)).orderBy(asc(proctoringEvents.created_at));
  const cert = order.status === 'completed' ? await liveCertificate(db, order.id) : undefined;
  return {
    ...await summaryOf(db, order, review, appeal, now),
    appeal: appeal ? toMemberAppeal(appeal) : null,
    result: order.status !== 'completed' ? null : {
      total_score: order.total_score, level: order.level, cefr: order.cefr,
      certificate: cert ? { number: cert.number, status: certificateStatus(cert, now), verify_url: cert.verify_url, public_url: urls.url(cert.media_id) } : null,
    },
    evidence: {
      violations: vs.map((v) => ({
        created_at: v.created_at.toISOString(), section: v.section, counter_type: v.counter_type,
        reason: VIOLATION_REASONS[v.counter_type] ?? v.counter_type, text_voice: v.text_voice ?? '',
        image_url: v.image_media_id && own.has(v.image_media_id) ? urls.url(v.image_media_id) : null,
      })),
      events: evs.map((e) => ({ created_at: e.created_at.toISOString(), section: e.section, kind: e.kind, duration_ms: e.duration_ms })),
    },
  };
}

/** Files the member's one appeal for the attempt (409 for a second one, 400 when not appealable or late). */
export async function submitAppeal(db: AppDb, userId: string, orderId: string, text: string, now: Date): Promise<MemberAppeal> {
  const order = await getOwnOrder(db, userId, orderId);
  await ensureRisks(db, { orderIds: [order.id] });
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked) throw HttpError.notFound(SERVER_MESSAGES.orderNotFound);
    const [review] = await tx.select().from(attemptReviews).where(eq(attemptReviews.order_id, order.id));
    const [existing] = await tx.select({ id: appeals.id }).from(appeals).where(eq(appeals.order_id, order.id));
    if (existing) throw HttpError.conflict(APPEAL_MESSAGES.alreadyAppealed);
    const basis = appealBasis(locked, review);
    if (!basis) throw HttpError.badRequest(APPEAL_MESSAGES.notAppealable);
    const hours = (await reviewSettingsOf(tx, locked.institution_id)).appeal_hours;
    if (now.getTime() > basis.getTime() + hours * HOUR_MS) throw HttpError.badRequest(APPEAL_MESSAGES.deadlinePassed);
    // The unique index decides a race between two tabs: the loser answers 409 too.
    const [row] = await tx.insert(appeals).values({ order_id: order.id, user_id: userId, institution_id: locked.institution_id, text, created_at: now })
      .onConflictDoNothing().returning();
    if (!row) throw HttpError.conflict(APPEAL_MESSAGES.alreadyAppealed);
    return toMemberAppeal(row);
  });
}

/** The attempt's appeal as staff see it (null: none). */
export async function staffAppealOf(db: AppDb, orderId: string): Promise<StaffAppeal | null> {
  const [row] = await db.select().from(appeals).where(eq(appeals.order_id, orderId));
  return row ? toStaffAppeal(row) : null;
}
