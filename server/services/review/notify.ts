// Telling the candidate: a decision that took effect, or the answer to their appeal, by mail (the app
// shows the same on the appeal screen). Anonymised accounts (privacy deletion) get no mail.
import { eq } from 'drizzle-orm';
import { isAdverseDecision, type ReviewDecision } from '../../../contracts/facts/index.ts';
import { REVIEW_MAIL } from '../../../contracts/facts/review-texts.ts';
import type { AppDb } from '../../db/client.ts';
import { attemptReviews, orders, users } from '../../db/schema/index.ts';
import type { Mailer } from '../platform/mailer.ts';

export interface Notice { kind: 'decision' | 'appeal'; decision: ReviewDecision; note: string }

export async function tellCandidate(db: AppDb, mailer: Mailer, orderId: string, notice: Notice): Promise<void> {
  const [row] = await db.select({ email: users.email, order_no: orders.order_no }).from(orders).innerJoin(users, eq(users.id, orders.user_id))
    .where(eq(orders.id, orderId));
  if (!row || row.email.endsWith('.invalid')) return;
  if (notice.kind === 'appeal') {
    const outcome = isAdverseDecision(notice.decision) ? 'upheld' : 'overturned';
    await mailer.send({ to: row.email, subject: REVIEW_MAIL.appealSubject, text: REVIEW_MAIL.appealText(row.order_no, outcome, notice.note) });
  } else {
    const [review] = await db.select({ held: attemptReviews.evidence_incomplete }).from(attemptReviews).where(eq(attemptReviews.order_id, orderId));
    await mailer.send({ to: row.email, subject: REVIEW_MAIL.decisionSubject, text: REVIEW_MAIL.decisionText(row.order_no, notice.decision, review?.held === true) });
  }
}
