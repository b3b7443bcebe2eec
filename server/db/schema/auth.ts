// Accounts and access: password-reset codes, fixed-window rate-limit counters (shared by every
// server process through the database) and the dev mail outbox.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * One forgot-password request. The link `code` (128-bit) is stored only as a sha256; the 6-digit
 * OTP only as sha256(code:otp), so a leaked table cannot be brute-forced without the mailed code.
 */
export const passwordResets = pgTable('password_resets', {
  id: uuid().primaryKey().defaultRandom(),
  user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  code_hash: text().notNull().unique(),
  otp_hash: text().notNull(),
  // Wrong OTPs so far; at the limit the code is dead.
  attempts: integer().notNull().default(0),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  used_at: timestamp({ withTimezone: true }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('password_resets_user_idx').on(t.user_id)]);

/** `key` names the limit and its subject (e.g. "login:<email>|<ip>"); the window ends at reset_at. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  reset_at: timestamp({ withTimezone: true }).notNull(),
}, (t) => [index('rate_limits_reset_idx').on(t.reset_at)]);

/** Mail kept instead of sent when no SMTP_URL is configured (development). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to_address: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
