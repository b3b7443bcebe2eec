// Orders (a redeemed licence), consent records, device-check reports, per-section attempts and
// violations. One order = one test attempt; the server owns its status.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions, users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { licences, products } from './licences.ts';
import type {
  BreakAfterSection, ConsentKind, CounterKind, InstitutionProctoring, PreparationChecks, SectionName, TimeAccommodation,
} from '../../../contracts/facts/index.ts';

export type OrderStatus = 'not_started' | 'in_progress' | 'completed' | 'disqualified';
export interface SurveyMeta { job: string; certificate_for: string }
export interface OrderSettings { use_face_detection: boolean; use_speech_detection: boolean }

export const orders = pgTable('orders', {
  id: id(),
  order_no: text().notNull().unique(),
  user_id: uuid().notNull().references(() => users.id),
  // unique: a licence redeems into exactly one order, whatever races the requests run.
  license_id: uuid().notNull().unique().references(() => licences.id),
  product_id: uuid().notNull().references(() => products.id),
  institution_id: uuid().references(() => institutions.id),
  meta: jsonb().$type<SurveyMeta>().notNull(),
  status: text().$type<OrderStatus>().notNull().default('not_started'),
  settings: jsonb().$type<OrderSettings>().notNull().default({ use_face_detection: false, use_speech_detection: false }),
  // The institution's proctoring rules frozen when the test starts: later changes to the
  // institution's settings apply only to attempts not yet started. Null before the start.
  rules: jsonb().$type<InstitutionProctoring>(),
  // Issue 27: the server judges this attempt's proctoring evidence (services/proctoring/evidence.ts).
  // Orders made before the heartbeat existed are false (the migration), so they are never judged
  // by rules they could not follow.
  evidence_required: boolean().notNull().default(true),
  started_at: timestamp({ withTimezone: true }),
  completed_at: timestamp({ withTimezone: true }),
  disqualified_at: timestamp({ withTimezone: true }),
  disqualified_reason: text(),
  // Extra time granted before the test (issue 18; server/services/orders/accommodations.ts); null: none.
  time_accommodation: jsonb().$type<TimeAccommodation>(),
  // Stored when the last of the three sections closes (server/services/exam/attempts.ts).
  listening_score: integer(),
  structure_score: integer(),
  reading_score: integer(),
  total_score: integer(),
  level: text(),
  cefr: text(),
  created_at: createdAt(),
}, (t) => [
  index('orders_user_idx').on(t.user_id, t.created_at),
  check('orders_status_valid', sql`${t.status} in ('not_started','in_progress','completed','disqualified')`),
]);

/**
 * The consent ledger (UU PDP art. 22-24: recorded, provable, each purpose separately): one row per
 * consent given on the preparation page, before any capture. `kind` 'terms' is the test's rules,
 * 'biometric' the camera and face photos (specific personal data), 'cloud_speech' audio sent to a
 * cloud recogniser (only where the institution allows it). `rules_version` is the version of the
 * text agreed to. A withdrawal stamps `withdrawn_at` on every live row of that kind of the member
 * (services/privacy/consents.ts); a new consent is a new row.
 */
export const consents = pgTable('consents', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  user_id: uuid().notNull().references(() => users.id),
  kind: text().$type<ConsentKind>().notNull().default('terms'),
  rules_version: text().notNull(),
  checks: jsonb().$type<PreparationChecks>().notNull(),
  ip: text(),
  user_agent: text(),
  created_at: createdAt(),
  withdrawn_at: timestamp({ withTimezone: true }),
}, (t) => [
  index('consents_order_idx').on(t.order_id),
  index('consents_user_kind_idx').on(t.user_id, t.kind),
  check('consents_kind_known', sql`${t.kind} in ('terms', 'biometric', 'cloud_speech')`),
]);

/** 'Continue anyway' after a device check that did not pass, noted in the order's details. */
export const deviceReports = pgTable('device_reports', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  device: text().$type<'audio' | 'camera' | 'microphone'>().notNull(),
  problem: text().notNull(),
  continued: boolean().notNull().default(true),
  created_at: createdAt(),
}, (t) => [index('device_reports_order_idx').on(t.order_id)]);

/** Counter for wrong licence codes, per user and per IP (throttling is in services/rate-limit). */
export const licenceAttempts = pgTable('licence_attempts', {
  id: id(),
  user_id: uuid().references(() => users.id),
  ip: text(),
  code_hint: text(),
  created_at: createdAt(),
}, (t) => [index('licence_attempts_user_idx').on(t.user_id, t.created_at)]);

/** One row per order and section: the server-side deadline, autosaved draft and final result. */
export const orderSections = pgTable('order_sections', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  section: text().$type<SectionName>().notNull(),
  exam_id: uuid(),
  started_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  deadline_at: timestamp({ withTimezone: true }).notNull(),
  submitted_at: timestamp({ withTimezone: true }),
  // 'submitted' by the candidate, 'swept' by the deadline sweeper, 'disqualified'.
  closed_by: text().$type<'submitted' | 'swept' | 'disqualified'>(),
  draft: jsonb().$type<unknown>(),
  draft_position: integer(),
  draft_saved_at: timestamp({ withTimezone: true }),
  // The client's sequence of the stored draft (issue 29.3): an older draft arriving late is not stored.
  draft_seq: bigint({ mode: 'number' }),
  answer: jsonb().$type<unknown>(),
  images: jsonb().$type<string[]>().notNull().default([]),
  // sha256 of the stored submission (answer, images, disqualified): an identical retry gets 200.
  submission_hash: text(),
  raw_correct: integer(),
  converted: integer(),
}, (t) => [
  uniqueIndex('order_sections_order_section_uq').on(t.order_id, t.section),
  index('order_sections_open_idx').on(t.deadline_at).where(sql`${t.submitted_at} is null`),
]);

/**
 * Breaks between sections (issue 18; server/services/exam/breaks.ts), granted by the order's
 * accommodation (break_minutes): at most one after listening and one after structure. The next
 * section's start ends the break; one that ran past `ends_at` started that section's clock at
 * `ends_at`. One of the sources of the staff attempt timeline (issue 17): started_at..ended_at.
 */
export const orderBreaks = pgTable('order_breaks', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  after_section: text().$type<BreakAfterSection>().notNull(),
  started_at: timestamp({ withTimezone: true }).notNull(),
  /** started_at + the granted minutes: the latest end. */
  ends_at: timestamp({ withTimezone: true }).notNull(),
  /** When the next section started (the break's real end, at most ends_at); null while it lasts. */
  ended_at: timestamp({ withTimezone: true }),
}, (t) => [
  uniqueIndex('order_breaks_order_after_uq').on(t.order_id, t.after_section),
  check('order_breaks_after_valid', sql`${t.after_section} in ('listening','structure')`),
]);

export const violations = pgTable('violations', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  section: text().$type<SectionName | 'device-check'>().notNull(),
  // Normalised: the spec's 'voice' and 'speech' are one counter ('speech').
  counter_type: text().$type<CounterKind>().notNull(),
  // A media id; no foreign key on purpose: the photo-retention sweep deletes old photos and the id
  // stays as a record that a photo was taken (services/proctoring/photo-retention.ts).
  image_media_id: uuid(),
  text_voice: text(),
  // The client's id for this violation, reused on retries: a retried report is not counted twice.
  violation_id: uuid(),
  created_at: createdAt(),
}, (t) => [
  index('violations_order_idx').on(t.order_id, t.counter_type),
  uniqueIndex('violations_order_client_id_uq').on(t.order_id, t.violation_id),
]);
