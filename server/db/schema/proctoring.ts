// Proctoring: monitoring events (the camera track ended, the face detector became unavailable, …)
// so monitoring never stops without the server knowing. Violations themselves are in
// orders.ts (`violations`), counted per order and kind by services/proctoring/proctoring.ts.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import type { ProctoringEventKind, SectionName } from '../../../contracts/facts/index.ts';

export const proctoringEvents = pgTable('proctoring_events', {
  id: uuid().primaryKey().defaultRandom(),
  order_id: uuid().notNull().references(() => orders.id),
  section: text().$type<SectionName>().notNull(),
  kind: text().$type<ProctoringEventKind>().notNull(),
  detail: text().notNull().default(''),
  // Episodes reported with their length (page-away, face-missing, face-multiple); null otherwise.
  duration_ms: integer(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('proctoring_events_order_idx').on(t.order_id, t.created_at)]);

/**
 * Activity of an attempt counted per minute (issue 17's timeline): autosaves, autosaves that waited
 * in the offline outbox, submissions replayed from it, and section reloads. One row per order,
 * section, kind and minute, incremented in the statement that does the work, so the timeline shows
 * "12 autosaves 10.14" instead of every draft.
 */
export type ActivityKind = 'autosave' | 'autosave_replayed' | 'submit_replayed' | 'resume';
export const attemptActivity = pgTable('attempt_activity', {
  order_id: uuid().notNull().references(() => orders.id),
  section: text().$type<SectionName>().notNull(),
  kind: text().$type<ActivityKind>().notNull(),
  minute: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull().default(0),
}, (t) => [primaryKey({ columns: [t.order_id, t.section, t.kind, t.minute] })]);
