// GET /admin/v1/attempts/:order_id: everything a reviewer needs about one attempt in one answer:
// the order and member, the time accommodation, the counters, the risk score with its reasons, the
// review state and history, the appeal, the certificate and the evidence timeline.
import { and, eq, isNull } from 'drizzle-orm';
import type { AttemptTimeline } from '../../../contracts/admin-review.ts';
import { DEFAULT_REVIEW_SETTINGS, normalizedAccommodation, ORDER_STATUS_LABELS } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { attemptReviews, certificates, institutions, users } from '../../db/schema/index.ts';
import { certificateStatus } from '../certificates/certificates.ts';
import type { MediaUrlSigner } from '../media/media-urls.ts';
import { countViolations } from '../proctoring/proctoring.ts';
import { staffAppealOf } from './appeals.ts';
import { isFinished, reviewState, scopedOrder, type Reviewer } from './decisions.ts';
import { ensureRisks } from './evidence.ts';
import { evidenceStatusOf } from './evidence-status.ts';
import { buildTimeline, type TimelineSource } from './timeline.ts';

export interface AttemptViewDeps { db: AppDb; urls: MediaUrlSigner; sources?: TimelineSource[] }

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function attemptView({ db, urls, sources }: AttemptViewDeps, reviewer: Reviewer, orderId: string, now: Date): Promise<AttemptTimeline> {
  const order = await scopedOrder(db, reviewer, orderId);
  if (isFinished(order)) await ensureRisks(db, { orderIds: [order.id] });
  const [[user], [inst], [review], [cert], counters, entries, appeal, state] = await Promise.all([
    db.select({ fullname: users.fullname, email: users.email }).from(users).where(eq(users.id, order.user_id)),
    order.institution_id
      ? db.select({ name: institutions.name, review: institutions.review_settings }).from(institutions).where(eq(institutions.id, order.institution_id))
      : Promise.resolve([]),
    db.select().from(attemptReviews).where(eq(attemptReviews.order_id, order.id)),
    db.select().from(certificates).where(and(eq(certificates.order_id, order.id), isNull(certificates.superseded_by))),
    countViolations(db, order.id),
    buildTimeline({ db, urls }, order, sources),
    staffAppealOf(db, order.id),
    reviewState(db, order, reviewer),
  ]);
  const threshold = inst?.review.risk_threshold ?? DEFAULT_REVIEW_SETTINGS.risk_threshold;
  return {
    order: {
      id: order.id, order_no: order.order_no, status: order.status, status_label: ORDER_STATUS_LABELS[order.status],
      member_name: user?.fullname ?? '', email: user?.email ?? '', institution_id: order.institution_id, institution_name: inst?.name ?? null,
      started_at: iso(order.started_at), completed_at: iso(order.completed_at), disqualified_at: iso(order.disqualified_at),
      disqualified_reason: order.disqualified_reason, time_accommodation: normalizedAccommodation(order.time_accommodation),
      scores: {
        listening: order.listening_score, structure: order.structure_score, reading: order.reading_score, total: order.total_score,
        level: order.level, cefr: order.cefr,
      },
      counters,
    },
    risk: review ? { score: review.risk_score, reasons: review.risk_reasons, threshold, version: review.risk_version } : null,
    review: state,
    appeal,
    certificate: cert ? { number: cert.number, status: certificateStatus(cert, now), revoked_reason: cert.revoked_reason } : null,
    evidence_status: evidenceStatusOf(review),
    entries,
    photo_url_ttl_seconds: urls.ttlSeconds,
  };
}
