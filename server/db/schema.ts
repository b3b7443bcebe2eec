// The one schema for both PGlite and PostgreSQL. Property names are the snake_case column names
// (drizzle uses the key as the column name), matching the spec's wire fields so routes map 1:1.
// After a change: `npm run db:generate` writes the next migration into server/db/migrations.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProctoringFlags } from '../../contracts/facts/index.ts';

const id = () => uuid().primaryKey().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Server-side key/value facts (e.g. the demo-seed marker). */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updated_at: createdAt(),
});

export interface CompanySettings {
  announcement: { is_active: boolean; images: string[] };
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
  created_at: createdAt(),
}, (t) => [
  check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  index('users_institution_idx').on(t.institution_id),
]);

export const products = pgTable('products', {
  id: id(),
  company_id: uuid().notNull().references(() => companies.id),
  name: text().notNull(),
  description: text().notNull().default(''),
  // 'individual' (bought by a member) or 'b2b' (issued to an institution).
  audience: text().$type<'individual' | 'b2b'>().notNull().default('individual'),
  created_at: createdAt(),
});

/** Licence codes are stored only as a sha256 hash; the plain code is shown once when issued. */
export const licenses = pgTable('licenses', {
  id: id(),
  code_hash: text().notNull().unique(),
  // Last 4 characters, so support and the member can tell codes apart.
  code_hint: text().notNull(),
  product_id: uuid().notNull().references(() => products.id),
  institution_id: uuid().references(() => institutions.id),
  redeemed_by: uuid().references(() => users.id),
  redeemed_at: timestamp({ withTimezone: true }),
  created_at: createdAt(),
}, (t) => [
  index('licenses_redeemed_by_idx').on(t.redeemed_by),
  index('licenses_institution_idx').on(t.institution_id),
]);
export * from './schema-orders.ts';
export * from './schema-auth.ts';
export * from './schema-exam.ts';
export * from './schema-certificates.ts';
export * from './schema-proctoring.ts';
