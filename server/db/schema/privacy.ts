// The log of the members' privacy requests (issue 19, UU PDP art. 7-9): each data export and each
// deletion, made by the member on /account or by staff for a request that came another way (then
// with the staff member and a required note). Staff see their scope's requests in the console.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PrivacyRequestChannel, PrivacyRequestKind } from '../../../contracts/facts/index.ts';
import { institutions, users } from './accounts.ts';
import { id } from './columns.ts';
import { staff } from './staff.ts';

export interface PrivacyRequestDetail {
  removed?: string[];
  kept?: string[];
  photos_deleted?: number;
}

export const privacyRequests = pgTable('privacy_requests', {
  id: id(),
  kind: text().$type<PrivacyRequestKind>().notNull(),
  channel: text().$type<PrivacyRequestChannel>().notNull(),
  user_id: uuid().notNull().references(() => users.id),
  // The member's institution when the request was made (scope: an institution's staff see its own).
  institution_id: uuid().references(() => institutions.id),
  // 'staff' requests: who processed it and why (the request that came by mail, phone, letter …).
  staff_id: uuid().references(() => staff.id),
  note: text(),
  requested_at: timestamp({ withTimezone: true }).notNull(),
  completed_at: timestamp({ withTimezone: true }),
  // Deletions: the signed receipt (a JWS), the address it goes to (the account's address before
  // anonymisation; cleared by the retention sweep after PRIVACY_RECEIPT_RETENTION_DAYS) and the
  // mails sent so far.
  receipt: text(),
  receipt_to: text(),
  receipt_sent_at: timestamp({ withTimezone: true }),
  receipt_sends: integer().notNull().default(0),
  detail: jsonb().$type<PrivacyRequestDetail>().notNull().default({}),
}, (t) => [
  index('privacy_requests_institution_idx').on(t.institution_id, t.requested_at),
  index('privacy_requests_requested_idx').on(t.requested_at),
  check('privacy_requests_kind_known', sql`${t.kind} in ('export', 'deletion')`),
  check('privacy_requests_channel_known', sql`${t.channel} in ('account', 'staff')`),
  check('privacy_requests_staff_note', sql`${t.channel} <> 'staff' or ${t.note} is not null`),
]);
