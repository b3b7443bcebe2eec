// Proctoring: monitoring events (the camera track ended, the face detector became unavailable, …)
// so monitoring never stops without the server knowing. Violations themselves are in
// orders.ts (`violations`), counted per order and kind by services/proctoring/proctoring.ts.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import type { ProctoringEventKind, SectionName } from '../../../contracts/facts/index.ts';

export const proctoringEvents = pgTable('proctoring_events', {
  id: uuid().primaryKey().defaultRandom(),
  order_id: uuid().notNull().references(() => orders.id),
  section: text().$type<SectionName>().notNull(),
  kind: text().$type<ProctoringEventKind>().notNull(),
  detail: text().notNull().default(''),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('proctoring_events_order_idx').on(t.order_id, t.created_at)]);
