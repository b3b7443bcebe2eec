// Proctor review (issue 17): the risk score and review state of each finished attempt, the history of
// decisions (with four-eyes confirmations) and the candidates' appeals.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AppealOutcome, AppealStatus, ReviewDecision, RiskReasonCode } from '../../../contracts/facts/index.ts';
import { institutions, users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';

export interface StoredRiskReason { code: RiskReasonCode; points: number; text: string }

/**
 * One row per finished attempt (completed or disqualified), made when the queue, the timeline or the
 * retention sweep first needs it (services/review/reviews.ts ensureRisks). The evidence of a
 * finished attempt no longer changes, so the score is computed once per formula version.
 */
export const attemptReviews = pgTable('attempt_reviews', {
  order_id: uuid().primaryKey().references(() => orders.id),
  // The order's institution (null: an individual, which only operators review).
  institution_id: uuid().references(() => institutions.id),
  // The attempt ended by a disqualification (stays true when the disqualification is overturned).
  disqualified: boolean().notNull(),
  finished_at: timestamp({ withTimezone: true }).notNull(),
  risk_score: integer().notNull(),
  risk_reasons: jsonb().$type<StoredRiskReason[]>().notNull(),
  risk_version: integer().notNull(),
  // Issue 27: evidence the rules required is missing (services/proctoring/evidence.ts): the attempt
  // is in the queue and its certificate waits for a decision.
  evidence_incomplete: boolean().notNull().default(false),
  // The decision in effect (null: none yet) and since when.
  decision: text().$type<ReviewDecision>(),
  decided_at: timestamp({ withTimezone: true }),
  // A decision waiting for the second reviewer (four eyes).
  pending_decision_id: uuid(),
  created_at: createdAt(),
}, (t) => [
  index('attempt_reviews_queue_idx').on(t.institution_id, t.risk_score),
  check('attempt_reviews_decision_valid', sql`${t.decision} is null or ${t.decision} in ('valid','invalidated','disqualification_upheld','disqualification_overturned')`),
]);

export type DecisionStatus = 'pending' | 'effective' | 'confirmed' | 'reversed' | 'superseded';

/** Every decision ever taken, never deleted: the history. */
export const reviewDecisions = pgTable('review_decisions', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  institution_id: uuid().references(() => institutions.id),
  decision: text().$type<ReviewDecision>().notNull(),
  note: text().notNull(),
  staff_id: uuid().notNull().references(() => staff.id),
  role: text().notNull(),
  // pending: waits for a second reviewer; confirmed / reversed: what the second reviewer did to it;
  // effective: in effect; superseded: replaced by a later effective decision.
  status: text().$type<DecisionStatus>().notNull(),
  // A second review: the pending decision it confirms or reverses, and whether it reversed it.
  second_of: uuid(),
  reversed: boolean(),
  // The appeal this decision answered.
  appeal_id: uuid(),
  created_at: createdAt(),
}, (t) => [
  index('review_decisions_order_idx').on(t.order_id, t.created_at),
  index('review_decisions_second_idx').on(t.institution_id).where(sql`${t.second_of} is not null`),
]);

/** A candidate's appeal: at most one per attempt (the unique index decides a race). */
export const appeals = pgTable('appeals', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  user_id: uuid().notNull().references(() => users.id),
  institution_id: uuid().references(() => institutions.id),
  text: text().notNull(),
  status: text().$type<AppealStatus>().notNull().default('open'),
  outcome: text().$type<AppealOutcome>(),
  answer_note: text(),
  answered_at: timestamp({ withTimezone: true }),
  decision_id: uuid(),
  created_at: createdAt(),
}, (t) => [
  uniqueIndex('appeals_order_uq').on(t.order_id),
  index('appeals_open_idx').on(t.institution_id).where(sql`${t.status} = 'open'`),
  check('appeals_status_valid', sql`${t.status} in ('open','answered')`),
]);
