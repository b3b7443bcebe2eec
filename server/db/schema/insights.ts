// Issue 31: the item analysis kept incrementally, so that reading it does not expand every stored
// answer (services/insights/item-counts.ts). Triggers (migration 0023) note the order of every
// change that may alter what counts (an order's status or disqualification; a section closed,
// scored, re-opened or deleted) in insight_dirty; the next fold replaces that order's rows in
// insight_attempts and moves insight_counts by the difference. No foreign keys: rows follow the
// source tables through the fold, not through cascades.
import { bigint, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import type { SectionName } from '../../../contracts/facts/index.ts';

/** Orders to fold, appended by the triggers; a fold takes the rows it saw and deletes them. */
export const insightDirty = pgTable('insight_dirty', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  order_id: uuid().notNull(),
});

/**
 * One row per counted section attempt (completed, non-disqualified order; section closed by a
 * submit or the sweeper) as last folded: the stored section score and the chosen option index
 * per item (-1: none), aligned with the section's questions ordered by (number, id). Exams are
 * immutable once imported, so the alignment holds.
 */
export const insightAttempts = pgTable('insight_attempts', {
  // No primary key: a fold deletes an order's rows and inserts them again in one statement.
  order_section_id: uuid().notNull(),
  order_id: uuid().notNull(),
  exam_id: uuid().notNull(),
  section: text().$type<SectionName>().notNull(),
  /** order_sections.raw_correct; null: the attempt counts but has no score (left out of the figures). */
  total: integer(),
  choices: smallint().array().notNull(),
}, (t) => [
  index('insight_attempts_rank_idx').on(t.exam_id, t.section, t.total, t.order_id),
  index('insight_attempts_order_idx').on(t.order_id),
]);

/** How many counted attempts chose `chosen` (-1: none) on a question with this section score. */
export const insightCounts = pgTable('insight_counts', {
  exam_id: uuid().notNull(),
  question_id: uuid().notNull(),
  chosen: smallint().notNull(),
  total: integer().notNull(),
  n: integer().notNull(),
}, (t) => [
  primaryKey({ columns: [t.exam_id, t.question_id, t.chosen, t.total] }),
]);

export const INSIGHT_NO_CHOICE = -1;
