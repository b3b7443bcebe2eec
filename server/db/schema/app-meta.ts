// Server-side key/value facts (e.g. the demo-seed marker, the generated JWT secret).
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updated_at: createdAt(),
});
