// Staff accounts of the console (operators, institution admins, proctors), separate from the members
// who take tests, and the append-only log of what staff changed.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../contracts/facts/index.ts';
import { institutions } from './accounts.ts';
import { createdAt, id } from './columns.ts';


export const staff = pgTable('staff', {
  id: id(),
  email: text().notNull().unique(),
  name: text().notNull().default(''),
  role: text().$type<StaffRole>().notNull(),
  // Institution admins belong to one institution; an operator's proctors have none (they see all).
  institution_id: uuid().references(() => institutions.id),
  // Null until a password is set through a one-time link.
  password_hash: text(),
  // Base32 TOTP secret: set at enrolment, trusted only once a code has confirmed it.
  totp_secret: text(),
  totp_enabled: boolean().notNull().default(false),
  // Operators must enrol TOTP before using the console, except accounts flagged here (the demo seed's).
  totp_exempt: boolean().notNull().default(false),
  // The time step of the last TOTP code accepted: a code of that step or before is refused (no replay).
  totp_last_step: integer(),
  // Hashes of the unused recovery codes ('hmac:…' keyed with totp_secret; argon2 ones from before
  // issue 29 still count); one is removed each time it is used.
  recovery_hashes: jsonb().$type<string[]>().notNull().default([]),
  active: boolean().notNull().default(true),
  // Bumped by "log out everywhere" and password changes: earlier tokens stop working.
  token_version: integer().notNull().default(0),
  created_at: createdAt(),
}, (t) => [
  check('staff_email_lowercase', sql`${t.email} = lower(${t.email})`),
  check('staff_role_known', sql`${t.role} in ('operator', 'institution-admin', 'proctor')`),
  check('staff_admin_has_institution', sql`${t.role} <> 'institution-admin' or ${t.institution_id} is not null`),
  check('staff_operator_has_no_institution', sql`${t.role} <> 'operator' or ${t.institution_id} is null`),
]);

/**
 * One-time password-set links for staff (a new account without a password, or a new link): only the
 * code's sha256 is stored; single use, expires; a new link replaces the account's unused ones.
 */
export const staffPasswordTokens = pgTable('staff_password_tokens', {
  id: id(),
  staff_id: uuid().notNull().references(() => staff.id, { onDelete: 'cascade' }),
  code_hash: text().notNull().unique(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  used_at: timestamp({ withTimezone: true }),
  created_at: createdAt(),
}, (t) => [index('staff_password_tokens_staff_idx').on(t.staff_id)]);

/** Append-only: the service only inserts; nothing updates or deletes a row. */
export const auditLog = pgTable('audit_log', {
  id: id(),
  // Null for changes made from the server shell (`npm run admin`).
  staff_id: uuid().references(() => staff.id),
  role: text().notNull(),
  action: text().notNull(),
  target_type: text().notNull(),
  target_id: text().notNull(),
  // The institution the change belongs to, so an institution admin sees only its own entries.
  institution_id: uuid().references(() => institutions.id),
  before: jsonb(),
  after: jsonb(),
  // The client address as the TRUST_PROXY rules give it (X-Forwarded-For from a trusted proxy)...
  ip: text(),
  // ...and the TCP peer's own address beside it, which no header can change (issue 29 item 13).
  socket_ip: text(),
  at: timestamp({ withTimezone: true }).notNull(),
}, (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_institution_idx').on(t.institution_id, t.at)]);
