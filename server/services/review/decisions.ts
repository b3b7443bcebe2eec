// Review decisions (issue 17). A proctor, institution admin or operator decides with a note:
// - the decision must fit the attempt (a disqualification is upheld or overturned, a completed test
//   is valid or invalidated);
// - once a decision is in effect only an operator changes it, unless the candidate's appeal is open
//   (the appeal reopens the review; the decision that follows answers it);
// - with four eyes on, 'invalidated' and 'disqualification_upheld' wait for a second reviewer (not the
//   first), whose decision confirms or reverses them; operators' decisions take effect at once;
// - every decision is kept (the history) and written to the audit log.
// The order row and the review row are locked for the transaction, so two reviewers cannot both take
// effect on a stale state.
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { DecisionRecord, ReviewState } from '../../../contracts/admin-review.ts';
import { decisionsFor, FOUR_EYES_DECISIONS, isAdverseDecision, STAFF_MESSAGES, type ReviewDecision } from '../../../contracts/facts/index.ts';
import { REVIEW_MESSAGES } from '../../../contracts/facts/review-texts.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { appeals, attemptReviews, auditLog, orders, reviewDecisions, staff } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';
import { institutionFilter, type StaffScope } from '../staff/scope.ts';
import { applyDecision, scoringFor } from './effects.ts';
import { ensureRisks } from './evidence.ts';
import { reviewSettingsOf } from './settings.ts';

type OrderRow = typeof orders.$inferSelect;
type DecisionRow = typeof reviewDecisions.$inferSelect;
type Db = AppDb | AppTx;

export interface Reviewer extends StaffScope { id: string }

/** The order if the staff member may see it; 404 otherwise (as if it did not exist). */
export async function scopedOrder(db: Db, scope: StaffScope, orderId: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  const only = institutionFilter(scope);
  if (!row || (only !== null && row.institution_id !== only)) throw HttpError.notFound(STAFF_MESSAGES.notFound);
  return row;
}

export const isFinished = (o: Pick<OrderRow, 'status'>) => o.status === 'completed' || o.status === 'disqualified';

export async function openAppealOf(db: Db, orderId: string) {
  const [row] = await db.select().from(appeals).where(and(eq(appeals.order_id, orderId), eq(appeals.status, 'open')));
  return row ?? null;
}

async function withEmails(db: Db, rows: DecisionRow[]): Promise<DecisionRecord[]> {
  const ids = [...new Set(rows.map((r) => r.staff_id))];
  const emails = new Map(ids.length === 0 ? [] : (await db.select({ id: staff.id, email: staff.email }).from(staff).where(inArray(staff.id, ids))).map((s) => [s.id, s.email]));
  return rows.map((r) => ({
    id: r.id, decision: r.decision, note: r.note, staff_email: emails.get(r.staff_id) ?? '', role: r.role, status: r.status,
    second_of: r.second_of, reversed: r.reversed, appeal_id: r.appeal_id, created_at: r.created_at.toISOString(),
  }));
}

/**
 * Four eyes need two independent people: an institution admin who creates a proctor account chooses
 * its e-mail address, so could confirm their own decision through it (issue 29 item 15).
 * True when one of the two created the other's account (the `staff.create` audit entry); operators are
 * never asked (their decisions take effect at once).
 */
export async function createdOneAnother(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, 'staff.create'), eq(auditLog.target_type, 'staff'),
    or(and(eq(auditLog.staff_id, a), eq(auditLog.target_id, b)), and(eq(auditLog.staff_id, b), eq(auditLog.target_id, a))))).limit(1);
  return rows.length > 0;
}

/** What may the reviewer do now, and the history. Null for an attempt that is not finished. */
export async function reviewState(db: Db, order: OrderRow, reviewer: Reviewer): Promise<ReviewState | null> {
  const [review] = await db.select().from(attemptReviews).where(eq(attemptReviews.order_id, order.id));
  if (!review || !isFinished(order)) return null;
  const history = await withEmails(db, await db.select().from(reviewDecisions).where(eq(reviewDecisions.order_id, order.id))
    .orderBy(asc(reviewDecisions.created_at), asc(reviewDecisions.id)));
  const pending = history.find((h) => h.id === review.pending_decision_id) ?? null;
  const pendingRow = pending ? (await db.select().from(reviewDecisions).where(eq(reviewDecisions.id, pending.id)))[0] : undefined;
  const appeal = await openAppealOf(db, order.id);
  const settings = await reviewSettingsOf(db, order.institution_id);
  const open = reviewer.role === 'operator' || review.decision === null || appeal !== null || pending !== null;
  return {
    disqualified: review.disqualified, decision: review.decision, decided_at: review.decided_at?.toISOString() ?? null,
    pending, allowed_decisions: [...decisionsFor(review.disqualified)], four_eyes: settings.four_eyes,
    can_decide: open && pendingRow?.staff_id !== reviewer.id
      && !(pendingRow && reviewer.role !== 'operator' && await createdOneAnother(db, pendingRow.staff_id, reviewer.id)), history,
  };
}

export interface DecideResult {
  record: DecisionRecord;
  effective: boolean;
  /** A certificate to issue now (overturned, or valid without one). */
  issueCertificate: boolean;
  /** The candidate to tell, and how. */
  notify: { kind: 'decision' | 'appeal'; decision: ReviewDecision; note: string } | null;
}

export interface DecideInput { decision: ReviewDecision; note: string }

/** Takes a decision (see the file comment). The caller issues the certificate and sends the mail. */
export async function decide(db: AppDb, reviewer: Reviewer, actor: AuditActor, orderId: string, input: DecideInput, now: Date): Promise<DecideResult> {
  const order = await scopedOrder(db, reviewer, orderId);
  if (!isFinished(order)) throw HttpError.conflict(REVIEW_MESSAGES.notFinished);
  await ensureRisks(db, { orderIds: [order.id] });
  const scoring = input.decision === 'disqualification_overturned' ? await scoringFor(db, order.id) : new Map();
  const settings = await reviewSettingsOf(db, order.institution_id);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    const [review] = await tx.select().from(attemptReviews).where(eq(attemptReviews.order_id, order.id)).for('update');
    if (!locked || !review) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    if (!decisionsFor(review.disqualified).includes(input.decision)) throw HttpError.badRequest(REVIEW_MESSAGES.decisionNotAllowed);
    const appeal = await openAppealOf(tx, order.id);
    const [pending] = review.pending_decision_id
      ? await tx.select().from(reviewDecisions).where(eq(reviewDecisions.id, review.pending_decision_id)) : [];
    const operator = reviewer.role === 'operator';
    if (!operator && review.decision !== null && !appeal && !pending) throw HttpError.forbidden(REVIEW_MESSAGES.onlyOperatorChanges);
    if (pending && pending.staff_id === reviewer.id) throw HttpError.conflict(REVIEW_MESSAGES.sameReviewer);
    if (pending && !operator && await createdOneAnother(tx, pending.staff_id, reviewer.id)) throw HttpError.conflict(REVIEW_MESSAGES.dependentReviewer);

    const second = pending ? { second_of: pending.id, reversed: pending.decision !== input.decision } : { second_of: null, reversed: null };
    const waits = !pending && !operator && settings.four_eyes && FOUR_EYES_DECISIONS.includes(input.decision);
    if (pending) {
      await tx.update(reviewDecisions).set({ status: second.reversed ? 'reversed' : 'confirmed' }).where(eq(reviewDecisions.id, pending.id));
    }
    const [row] = await tx.insert(reviewDecisions).values({
      order_id: order.id, institution_id: order.institution_id, decision: input.decision, note: input.note, staff_id: reviewer.id,
      role: reviewer.role, status: waits ? 'pending' : 'effective', ...second, appeal_id: waits ? null : appeal?.id ?? null, created_at: now,
    }).returning();
    const before = { decision: review.decision, pending: pending?.decision ?? null };
    let effect = { issueCertificate: false };
    if (waits) {
      await tx.update(attemptReviews).set({ pending_decision_id: row!.id }).where(eq(attemptReviews.order_id, order.id));
    } else {
      await tx.update(reviewDecisions).set({ status: 'superseded' })
        .where(and(eq(reviewDecisions.order_id, order.id), eq(reviewDecisions.status, 'effective'), ne(reviewDecisions.id, row!.id)));
      await tx.update(attemptReviews).set({ decision: input.decision, decided_at: now, pending_decision_id: null }).where(eq(attemptReviews.order_id, order.id));
      effect = await applyDecision(tx, locked, input.decision, scoring, now);
      if (appeal) {
        await tx.update(appeals).set({
          status: 'answered', outcome: isAdverseDecision(input.decision) ? 'upheld' : 'overturned', answer_note: input.note, answered_at: now, decision_id: row!.id,
        }).where(eq(appeals.id, appeal.id));
      }
    }
    await appendAudit(tx, actor, {
      action: waits ? 'review.decision_pending' : 'review.decision', targetType: 'order', targetId: order.id, institutionId: order.institution_id,
      before, after: { decision: input.decision, note: input.note, status: row!.status, second_of: second.second_of, reversed: second.reversed, appeal_id: row!.appeal_id },
    }, now);
    const [record] = await withEmails(tx, [row!]);
    return {
      record: record!, effective: !waits, issueCertificate: !waits && effect.issueCertificate,
      notify: waits ? null : { kind: appeal ? 'appeal' : 'decision', decision: input.decision, note: input.note },
    };
  });
}
