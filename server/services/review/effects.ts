// What a decision that takes effect does to the attempt (inside the decision's transaction), and the
// scoring of an overturned disqualification from the last answers the server holds.
import { and, eq, isNull } from 'drizzle-orm';
import { REVIEW_REVOKED_REASON, SECTION_NAMES, type ReviewDecision, type SectionName } from '../../../contracts/facts/index.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { certificates, orderSections, orders } from '../../db/schema/index.ts';
import { loadScoring, storedAnswer, type Scoring } from '../exam/attempts.ts';
import { convertSection, scoreExam, scoreSection } from '../exam/scoring.ts';

type OrderRow = typeof orders.$inferSelect;

/** Scoring data of each started section (read before the transaction: the content cache is shared). */
export async function scoringFor(db: AppDb, orderId: string): Promise<Map<string, Scoring>> {
  const rows = await db.select({ section: orderSections.section, exam_id: orderSections.exam_id }).from(orderSections)
    .where(eq(orderSections.order_id, orderId));
  const out = new Map<string, Scoring>();
  for (const r of rows) if (r.exam_id) out.set(r.section, await loadScoring(db, r.exam_id, r.section));
  return out;
}

/**
 * Scores a disqualified attempt from the last answers the server holds: a section the candidate
 * submitted (or the sweeper closed) keeps its score; a section the disqualification closed is scored
 * from its autosaved draft; a section never started scores 0 correct. The order becomes completed on
 * the day it ended (the disqualification's time), so the certificate carries the test's date.
 */
export async function scoreFromSavedAnswers(tx: AppTx, order: OrderRow, scoring: Map<string, Scoring>, now: Date): Promise<void> {
  const rows = await tx.select().from(orderSections).where(eq(orderSections.order_id, order.id));
  const raw = {} as Record<SectionName, number>;
  for (const section of SECTION_NAMES) {
    const row = rows.find((r) => r.section === section);
    if (row && row.closed_by !== 'disqualified' && row.raw_correct !== null) {
      raw[section] = row.raw_correct;
      continue;
    }
    const answer = row ? storedAnswer(row.draft) : [];
    const s = scoring.get(section);
    raw[section] = s ? scoreSection(s.questions, answer, s.keys) : 0;
    if (row) {
      await tx.update(orderSections).set({ answer, raw_correct: raw[section], converted: convertSection(section, raw[section]) })
        .where(eq(orderSections.id, row.id));
    }
  }
  const score = scoreExam(raw);
  await tx.update(orders).set({
    status: 'completed', completed_at: order.disqualified_at ?? now,
    listening_score: score.converted.listening, structure_score: score.converted.structure, reading_score: score.converted.reading,
    total_score: score.total, level: score.level, cefr: score.cefr,
  }).where(eq(orders.id, order.id));
}

const liveCert = (orderId: string) => and(eq(certificates.order_id, orderId), isNull(certificates.superseded_by));

/** Revokes the attempt's live certificate with the review's category (public verification shows it at once). */
async function revokeForReview(tx: AppTx, orderId: string, now: Date): Promise<void> {
  await tx.update(certificates).set({ status: 'revoked', revoked_reason: REVIEW_REVOKED_REASON, revoked_at: now })
    .where(and(liveCert(orderId), eq(certificates.status, 'valid')));
}

export interface EffectResult {
  /** A certificate must be issued after the transaction (PDF rendering stays outside it). */
  issueCertificate: boolean;
}

/** Applies a decision that took effect. `scoring` is needed for an overturn (scoringFor). */
export async function applyDecision(tx: AppTx, order: OrderRow, decision: ReviewDecision, scoring: Map<string, Scoring>, now: Date): Promise<EffectResult> {
  switch (decision) {
    case 'disqualification_overturned':
      if (order.status === 'disqualified') await scoreFromSavedAnswers(tx, order, scoring, now);
      return { issueCertificate: true };
    case 'disqualification_upheld':
      // After an overturn an operator changed it back: the test is disqualified again, its certificate revoked.
      if (order.status === 'completed') {
        await tx.update(orders).set({
          status: 'disqualified', completed_at: null, listening_score: null, structure_score: null, reading_score: null,
          total_score: null, level: null, cefr: null,
        }).where(eq(orders.id, order.id));
        await revokeForReview(tx, order.id, now);
      }
      return { issueCertificate: false };
    case 'invalidated':
      await revokeForReview(tx, order.id, now);
      return { issueCertificate: false };
    case 'valid': {
      // An invalidation reversed by an operator: the same certificate is valid again.
      await tx.update(certificates).set({ status: 'valid', revoked_reason: null, revoked_at: null })
        .where(and(liveCert(order.id), eq(certificates.status, 'revoked'), eq(certificates.revoked_reason, REVIEW_REVOKED_REASON)));
      return { issueCertificate: true };
    }
  }
}
