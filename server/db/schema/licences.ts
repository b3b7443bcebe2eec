// Products and the licence codes that redeem them into orders.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, institutions, users } from './accounts.ts';
import { createdAt, id } from './columns.ts';

export const products = pgTable('products', {
  id: id(),
  company_id: uuid().notNull().references(() => companies.id),
  name: text().notNull(),
  description: text().notNull().default(''),
  // 'individual' (bought by a member) or 'b2b' (issued to an institution).
  audience: text().$type<'individual' | 'b2b'>().notNull().default('individual'),
  created_at: createdAt(),
});

/** A batch of codes an institution's staff generated at once (count, product, expiry). */
export const licenceBatches = pgTable('license_batches', {
  id: id(),
  institution_id: uuid().notNull().references(() => institutions.id),
  product_id: uuid().notNull().references(() => products.id),
  count: integer().notNull(),
  note: text().notNull().default(''),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  // The staff member who generated it (the audit log has the full record).
  created_by: uuid(),
  revoked_at: timestamp({ withTimezone: true }),
  created_at: createdAt(),
}, (t) => [index('license_batches_institution_idx').on(t.institution_id, t.created_at)]);

/** Licence codes are stored only as a sha256 hash; the plain code is shown once when issued. */
export const licences = pgTable('licenses', {
  id: id(),
  code_hash: text().notNull().unique(),
  // Last 4 characters, so support and the member can tell codes apart.
  code_hint: text().notNull(),
  product_id: uuid().notNull().references(() => products.id),
  institution_id: uuid().references(() => institutions.id),
  redeemed_by: uuid().references(() => users.id),
  redeemed_at: timestamp({ withTimezone: true }),
  // Codes from the console's batches: their batch, expiry and revocation (null for older codes).
  batch_id: uuid().references(() => licenceBatches.id),
  expires_at: timestamp({ withTimezone: true }),
  revoked_at: timestamp({ withTimezone: true }),
  created_at: createdAt(),
}, (t) => [
  index('licenses_batch_idx').on(t.batch_id),
  index('licenses_redeemed_by_idx').on(t.redeemed_by),
  index('licenses_institution_idx').on(t.institution_id),
]);
