// What the candidate is told about the proctoring evidence of a finished attempt (issue 27), and the
// certificate's hold: an attempt whose required evidence is missing (attempt_reviews.
// evidence_incomplete) gets no certificate until a reviewer's decision releases it.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { EvidenceStatus } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { attemptReviews } from '../../db/schema/index.ts';
import { ensureRisks } from './evidence.ts';

type ReviewRow = typeof attemptReviews.$inferSelect;

/** Decisions that release a held certificate (the attempt is valid, or scored after an overturn). */
const RELEASING = ['valid', 'disqualification_overturned'] as const;

/**
 * complete: nothing required is missing; pending_review: missing, no decision yet (certificate held);
 * released / refused: a reviewer decided. Null while the attempt is not finished.
 */
export function evidenceStatusOf(review: Pick<ReviewRow, 'evidence_incomplete' | 'decision'> | undefined): EvidenceStatus | null {
  if (!review) return null;
  if (!review.evidence_incomplete) return 'complete';
  if (review.decision === 'valid' || review.decision === 'disqualification_overturned') return 'released';
  if (review.decision === 'invalidated' || review.decision === 'disqualification_upheld') return 'refused';
  return 'pending_review';
}

/** The evidence status of orders by id; makes the review rows of finished ones still missing. */
export async function evidenceStatuses(db: AppDb, orderIds: string[]): Promise<Map<string, EvidenceStatus | null>> {
  if (orderIds.length === 0) return new Map();
  await ensureRisks(db, { orderIds });
  const rows = await db.select({ order_id: attemptReviews.order_id, evidence_incomplete: attemptReviews.evidence_incomplete, decision: attemptReviews.decision })
    .from(attemptReviews).where(inArray(attemptReviews.order_id, orderIds));
  const byId = new Map(rows.map((r) => [r.order_id, r]));
  return new Map(orderIds.map((id) => [id, evidenceStatusOf(byId.get(id))]));
}

/** The order's certificate is held: evidence incomplete and no releasing decision in effect. */
export async function certificateHeld(db: AppDb, orderId: string): Promise<boolean> {
  const status = (await evidenceStatuses(db, [orderId])).get(orderId);
  return status === 'pending_review' || status === 'refused';
}

/** SQL for a query on orders: the order's certificate is held (its review row says so). */
export const certificateHeldSql = (orderId: SQL | unknown): SQL => sql`exists (select 1 from ${attemptReviews}
  where ${attemptReviews.order_id} = ${orderId} and ${attemptReviews.evidence_incomplete}
  and (${attemptReviews.decision} is null or ${attemptReviews.decision} not in (${sql.join(RELEASING.map((d) => sql`${d}`), sql`, `)})))`;
