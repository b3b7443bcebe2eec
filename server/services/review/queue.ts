// The review queue (issue 17): every disqualification, every completed attempt whose risk score
// reaches its institution's threshold, and every appealed attempt; sorted by risk (highest first,
// then the newest), with filters and paging. "Open" means no decision in effect yet, one waiting for
// its second reviewer, or an open appeal. Issue 27: attempts whose required proctoring evidence is
// missing ('evidence') join it too, whatever their score: their certificate waits for a decision. The same conditions decide the retention hold (heldPhotoIds).
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ReviewQueueQuery, ReviewQueueRow } from '../../../contracts/admin-review.ts';
import { DEFAULT_REVIEW_SETTINGS, ORDER_STATUS_LABELS } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { appeals, attemptReviews, institutions, orders, reviewDecisions, users, violations } from '../../db/schema/index.ts';
import { likePattern } from '../staff/members.ts';
import { ensureRisks } from './evidence.ts';

const threshold = sql`coalesce((${institutions.review_settings}->>'risk_threshold')::int, ${DEFAULT_REVIEW_SETTINGS.risk_threshold})`;
const needsDq = sql`${attemptReviews.disqualified}`;
const needsRisk = sql`${attemptReviews.risk_score} >= ${threshold}`;
const needsAppeal = sql`${appeals.id} is not null`;
const needsEvidence = sql`${attemptReviews.evidence_incomplete}`;
const isOpen = sql`(${attemptReviews.decision} is null or ${attemptReviews.pending_decision_id} is not null or ${appeals.status} = 'open')`;

const count = (kind: string) =>
  sql<number>`(select count(*)::int from ${violations} where ${violations.order_id} = ${orders.id} and ${violations.counter_type} = ${kind})`;

function whereOf(institutionId: string | null, q: ReviewQueueQuery): SQL {
  const where: SQL[] = [sql`(${needsDq} or ${needsRisk} or ${needsAppeal} or ${needsEvidence})`];
  if (institutionId) where.push(eq(attemptReviews.institution_id, institutionId));
  if (q.state === 'open') where.push(isOpen);
  if (q.state === 'decided') where.push(sql`not ${isOpen}`);
  if (q.reason === 'disqualified') where.push(needsDq);
  if (q.reason === 'risk') where.push(needsRisk);
  if (q.reason === 'appeal') where.push(needsAppeal);
  if (q.reason === 'evidence') where.push(needsEvidence);
  if (q.search) {
    const p = likePattern(q.search);
    where.push(or(ilike(users.fullname, p), ilike(users.email, p), ilike(orders.order_no, p))!);
  }
  return and(...where)!;
}

const pendingDecision = sql<string | null>`(select ${reviewDecisions.decision} from ${reviewDecisions} where ${reviewDecisions.id} = ${attemptReviews.pending_decision_id})`;

function base(db: AppDb) {
  return db.select({
    r: attemptReviews, order_no: orders.order_no, status: orders.status, member_name: users.fullname, email: users.email,
    institution_name: institutions.name, appeal_status: appeals.status, pending: pendingDecision,
    in_risk: sql<boolean>`${needsRisk}`, v_tab: count('open_new_tab'), v_face: count('face'), v_speech: count('speech'),
  }).from(attemptReviews)
    .innerJoin(orders, eq(orders.id, attemptReviews.order_id))
    .innerJoin(users, eq(users.id, orders.user_id))
    .leftJoin(institutions, eq(institutions.id, attemptReviews.institution_id))
    .leftJoin(appeals, eq(appeals.order_id, attemptReviews.order_id));
}

/** One page of the queue; `institutionId` null = every institution (operators). */
export async function listReviewQueue(db: AppDb, institutionId: string | null, q: ReviewQueueQuery): Promise<{ list: ReviewQueueRow[]; total: number }> {
  await ensureRisks(db, institutionId ? { institutionId } : {});
  const where = whereOf(institutionId, q);
  const rows = await base(db).where(where)
    .orderBy(desc(attemptReviews.risk_score), desc(attemptReviews.finished_at), desc(attemptReviews.order_id))
    .limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(attemptReviews)
    .innerJoin(orders, eq(orders.id, attemptReviews.order_id)).innerJoin(users, eq(users.id, orders.user_id))
    .leftJoin(institutions, eq(institutions.id, attemptReviews.institution_id)).leftJoin(appeals, eq(appeals.order_id, attemptReviews.order_id))
    .where(where);
  const list = rows.map((x): ReviewQueueRow => ({
    order_id: x.r.order_id, order_no: x.order_no, member_name: x.member_name, email: x.email, institution_id: x.r.institution_id,
    institution_name: x.institution_name, status: x.status, status_label: ORDER_STATUS_LABELS[x.status], finished_at: x.r.finished_at.toISOString(),
    disqualified: x.r.disqualified, risk_score: x.r.risk_score, risk_reasons: x.r.risk_reasons, decision: x.r.decision,
    pending_decision: x.pending as ReviewQueueRow['pending_decision'], appeal_status: x.appeal_status,
    counters: { open_new_tab: Number(x.v_tab), face: Number(x.v_face), speech: Number(x.v_speech) },
    needs: [...(x.r.disqualified ? ['disqualified' as const] : []), ...(x.in_risk ? ['risk' as const] : []), ...(x.appeal_status ? ['appeal' as const] : []),
      ...(x.r.evidence_incomplete ? ['evidence' as const] : [])],
  }));
  return { list, total: Number(total?.n ?? 0) };
}

/**
 * Orders whose review or appeal is open: disqualified and not yet decided (with or without a risk
 * row), at or over their institution's threshold and not decided, waiting for a second reviewer,
 * or appealed and not answered. Their photos are held back from the retention sweep.
 */
export const heldOrderCondition = (orderId: SQL) => sql`(
  exists (select 1 from ${appeals} where ${appeals.order_id} = ${orderId} and ${appeals.status} = 'open')
  or exists (select 1 from ${attemptReviews} left join ${institutions} on ${institutions.id} = ${attemptReviews.institution_id}
    where ${attemptReviews.order_id} = ${orderId} and (${attemptReviews.pending_decision_id} is not null
      or (${attemptReviews.decision} is null and (${attemptReviews.disqualified} or ${attemptReviews.evidence_incomplete} or ${attemptReviews.risk_score} >= ${threshold}))))
  or exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.status} = 'disqualified'
    and not exists (select 1 from ${attemptReviews} where ${attemptReviews.order_id} = ${orderId}))
)`;
