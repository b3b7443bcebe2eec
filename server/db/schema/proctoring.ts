// Proctoring: monitoring events (the camera track ended, the face detector became unavailable, …)
// so monitoring never stops without the server knowing. Violations themselves are in
// orders.ts (`violations`), counted per order and kind by services/proctoring/proctoring.ts.
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** A beat's face verdicts since the previous one (contracts/proctoring.ts heartbeatSchema). */
export interface FaceCounts { ok: number; no_face: number; multi_face: number; still: number }

/**
 * The proctoring run's monitoring heartbeat (issue 27), one row per beat, stamped with the server's
 * receipt time: the server computes the gaps in monitoring from these (services/proctoring/evidence.ts).
 * A retried beat (same run and seq) is stored once.
 */
export const proctoringHeartbeats = pgTable('proctoring_heartbeats', {
  id: uuid().primaryKey().defaultRandom(),
  order_id: uuid().notNull().references(() => orders.id),
  section: text().$type<SectionName>().notNull(),
  run_id: uuid().notNull(),
  seq: integer().notNull(),
  elapsed_ms: integer().notNull(),
  camera_live: boolean().notNull(),
  detector_running: boolean().notNull(),
  detector_fps: real().notNull(),
  face_counts: jsonb().$type<FaceCounts>().notNull(),
  tab_hidden_ms: integer().notNull(),
  tab_leaves: integer().notNull(),
  speech_monitoring: boolean().notNull(),
  received_at: timestamp({ withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('proctoring_heartbeats_run_seq_uq').on(t.order_id, t.run_id, t.seq),
  index('proctoring_heartbeats_order_idx').on(t.order_id, t.received_at),
]);
