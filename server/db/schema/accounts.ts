// Companies, their institutions and the members (users) who sign in.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_REVIEW_SETTINGS, type ProctoringFlags, type ReviewSettings } from '../../../contracts/facts/index.ts';
import { createdAt, id } from './columns.ts';

export interface CompanySettings {
  announcement: { is_active: boolean; images: string[] };
  /** Shown on the test list while `maintenance` is on, instead of the default picture (site-relative URLs). */
  maintenance_images?: string[];
}

export const companies = pgTable('companies', {
  id: id(),
  name: text().notNull(),
  settings: jsonb().$type<CompanySettings>().notNull(),
  maintenance: boolean().notNull().default(false),
  created_at: createdAt(),
});

/** `identification`: which checks run; `failed`: which violations fail the test. */
export interface InstitutionSettings { identification: ProctoringFlags; failed: ProctoringFlags }

export const institutions = pgTable('institutions', {
  id: id(),
  company_id: uuid().notNull().references(() => companies.id),
  name: text().notNull(),
  active_camera: boolean().notNull().default(true),
  settings: jsonb().$type<InstitutionSettings>().notNull(),
  // Cloud speech recognition (audio to the browser's cloud service) may be offered to its members,
  // who then consent separately (issue 19). Off: speech is detected on the device only.
  cloud_speech: boolean().notNull().default(false),
  // Issue 17: the review queue's risk threshold, the appeal period and four-eyes confirmation.
  review_settings: jsonb().$type<ReviewSettings>().notNull().default(DEFAULT_REVIEW_SETTINGS),
  // The institution's admins and proctors must enrol two-factor login before anything else (as operators always do).
  staff_totp_required: boolean().notNull().default(false),
  created_at: createdAt(),
});

export const users = pgTable('users', {
  id: id(),
  // Stored lowercased (the check makes a forgotten toLowerCase() fail loudly instead of duplicating).
  email: text().notNull().unique(),
  // Null for accounts created through Google sign-in only.
  password_hash: text(),
  fullname: text().notNull().default(''),
  date_of_birth: date(),
  place_of_birth: text(),
  phone_number: text(),
  residential_address: text(),
  is_updated_profile: boolean().notNull().default(false),
  is_b2b: boolean().notNull().default(false),
  institution_id: uuid().references(() => institutions.id),
  company_id: uuid().notNull().references(() => companies.id),
  // Bumped on logout / password change: tokens carrying an older version are rejected.
  token_version: integer().notNull().default(0),
  // Institution staff can deactivate a member: no login (any provider) until reactivated.
  active: boolean().notNull().default(true),
  // When an SSO link first signed into this account while it had no password: SSO may go on signing
  // into it after a password is set. An account with a password and no link refuses SSO (issue 29 item 11).
  sso_linked_at: timestamp({ withTimezone: true }),
  created_at: createdAt(),
}, (t) => [
  check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  index('users_institution_idx').on(t.institution_id),
]);

/** SSO links already used (their signature's sha256), kept until they expire: a link signs in once. */
export const ssoLinkUses = pgTable('sso_link_uses', {
  sig_hash: text().primaryKey(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
}, (t) => [index('sso_link_uses_expires_idx').on(t.expires_at)]);
