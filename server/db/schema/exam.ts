// Exam content and stored media. An exam is immutable once imported: a re-import inserts a new
// exam row (version + 1) and archives the old one, so answers keep pointing at the questions they
// were given. The correct answers live in their own table, so no query for candidate-facing
// content can select them by accident.
import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import type { PartLetter, SectionName } from '../../../contracts/facts/index.ts';

export type MediaType = 'audio' | 'image' | 'video' | 'pdf';
export type ExamStatus = 'active' | 'archived';
export interface QuestionOption { text: string }

/** A stored file; the bytes are in the media store (server/services/media/media-store.ts) under storage_key. */
export const media = pgTable('media', {
  id: uuid().primaryKey().defaultRandom(),
  title: text().notNull(),
  // Where it came from: 'import' (exam content) or 'upload' (the spec's upload call).
  source: text().notNull(),
  type: text().$type<MediaType>().notNull(),
  mime: text().notNull(),
  // Server-chosen `<uuid>.<ext>`: never a client-supplied name.
  storage_key: text().notNull().unique(),
  byte_size: integer().notNull(),
  // Read from the file by music-metadata for audio (the listening clock is built from these).
  duration_ms: integer(),
  owner_user_id: uuid().references(() => users.id),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('media_owner_idx').on(t.owner_user_id)]);

export const exams = pgTable('exams', {
  id: uuid().primaryKey().defaultRandom(),
  company_id: uuid().notNull().references(() => companies.id),
  title: text().notNull(),
  version: integer().notNull(),
  status: text().$type<ExamStatus>().notNull().default('active'),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique('exams_company_title_version_uq').on(t.company_id, t.title, t.version),
  // At most one active version per title: a racing second import fails instead of forking.
  uniqueIndex('exams_one_active_uq').on(t.company_id, t.title).where(sql`${t.status} = 'active'`),
  check('exams_status_ck', sql`${t.status} in ('active', 'archived')`),
]);

export const examParts = pgTable('exam_parts', {
  id: uuid().primaryKey().defaultRandom(),
  exam_id: uuid().notNull().references(() => exams.id),
  section: text().$type<SectionName>().notNull(),
  part: text().$type<PartLetter>().notNull(),
  // Order within the section.
  position: integer().notNull(),
  direction_text: text().notNull(),
  direction_media_id: uuid().references(() => media.id),
  // The spoken end-of-part statement (listening).
  close_text: text(),
  close_media_id: uuid().references(() => media.id),
}, (t) => [
  unique('exam_parts_exam_section_part_uq').on(t.exam_id, t.section, t.part),
  check('exam_parts_section_ck', sql`${t.section} in ('listening', 'structure', 'reading')`),
  check('exam_parts_part_ck', sql`${t.part} in ('A', 'B', 'C')`),
]);

/** The spec's "question list": a passage or conversation with its questions, or one lone question. */
export const questionGroups = pgTable('question_groups', {
  id: uuid().primaryKey().defaultRandom(),
  part_id: uuid().notNull().references(() => examParts.id),
  position: integer().notNull(),
  is_group: boolean().notNull(),
  // Shown to the candidate (a reading passage); empty when there is nothing to show.
  text: text().notNull().default(''),
  // What the audio says. Never sent to candidates: it would give the listening answers away.
  transcript: text(),
  media_id: uuid().references(() => media.id),
}, (t) => [unique('question_groups_part_position_uq').on(t.part_id, t.position)]);

export const questions = pgTable('questions', {
  id: uuid().primaryKey().defaultRandom(),
  group_id: uuid().notNull().references(() => questionGroups.id),
  position: integer().notNull(),
  // 1-based number within the section (what the navigation grid shows).
  number: integer().notNull(),
  type: text().$type<'single_choice'>().notNull().default('single_choice'),
  text: text().notNull().default(''),
  image_media_id: uuid().references(() => media.id),
  audio_media_id: uuid().references(() => media.id),
  options: jsonb().$type<QuestionOption[]>().notNull(),
}, (t) => [unique('questions_group_position_uq').on(t.group_id, t.position)]);

/** Kept apart from `questions` on purpose: select it only where answers are scored. */
export const answerKeys = pgTable('answer_keys', {
  question_id: uuid().primaryKey().references(() => questions.id),
  correct_index: integer().notNull(),
}, (t) => [check('answer_keys_index_ck', sql`${t.correct_index} between 0 and 3`)]);
