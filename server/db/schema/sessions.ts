// Test-day sessions (issue 30): an institution's scheduled sitting. A member in a session may start
// the test only inside its window (opens_at .. last_start_at); members outside any session keep
// starting whenever they like. Times are instants (timestamptz); the console shows them in WIB.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions, users } from './accounts.ts';
import { staff } from './staff.ts';
import { createdAt, id } from './columns.ts';

export const testSessions = pgTable('test_sessions', {
  id: id(),
  institution_id: uuid().notNull().references(() => institutions.id),
  name: text().notNull(),
  opens_at: timestamp({ withTimezone: true }).notNull(),
  last_start_at: timestamp({ withTimezone: true }).notNull(),
  closes_at: timestamp({ withTimezone: true }).notNull(),
  // Ended early by staff (with the reason in the audit log): no new starts from then on.
  ended_at: timestamp({ withTimezone: true }),
  created_by: uuid().references(() => staff.id),
  created_at: createdAt(),
}, (t) => [
  index('test_sessions_institution_idx').on(t.institution_id, t.opens_at),
  check('test_sessions_window', sql`${t.opens_at} <= ${t.last_start_at} and ${t.last_start_at} <= ${t.closes_at}`),
]);

export const testSessionMembers = pgTable('test_session_members', {
  session_id: uuid().notNull().references(() => testSessions.id, { onDelete: 'cascade' }),
  user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.session_id, t.user_id] }),
  index('test_session_members_user_idx').on(t.user_id),
]);

export const testSessionProctors = pgTable('test_session_proctors', {
  session_id: uuid().notNull().references(() => testSessions.id, { onDelete: 'cascade' }),
  staff_id: uuid().notNull().references(() => staff.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.session_id, t.staff_id] })]);

/**
 * What happened to session members, for the live view (issue 30): persisted so that a reconnecting
 * view catches up from its last event id (SSE Last-Event-ID), and announced on the database's own
 * publish/subscribe (NOTIFY 'epot_live') so that every server process pushes it within a second.
 * Only members of a session that is not over get rows. Heartbeats are announced, not stored here
 * (proctoring_heartbeats has them). `session_id` is set for whole-session events (a message, the end).
 */
export const sessionLiveEvents = pgTable('session_live_events', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  session_id: uuid().references(() => testSessions.id, { onDelete: 'cascade' }),
  user_id: uuid().references(() => users.id, { onDelete: 'cascade' }),
  order_id: uuid(),
  kind: text().notNull(),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  at: timestamp({ withTimezone: true }).notNull(),
}, (t) => [
  index('session_live_events_user_idx').on(t.user_id, t.id),
  index('session_live_events_session_idx').on(t.session_id, t.id),
]);
