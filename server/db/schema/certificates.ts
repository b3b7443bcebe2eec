// Certificates (one live certificate per completed order, its PDF in the media store), the printed
// certificate's shipment (individual orders) and the courier webhook events already applied.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { media } from './exam.ts';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';

export type CertificateStatus = 'valid' | 'revoked';

/** Each certificate's bit in the published revocation list (issue 28), drawn at issuance; never reused. */
export const certificateStatusIndexSeq = pgSequence('certificate_status_index_seq', { startWith: 0, minValue: 0 });

export const certificates = pgTable('certificates', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  user_id: uuid().notNull().references(() => users.id),
  // 'EPOT-' + 12 CSPRNG characters (services/certificates/certificates.ts): printed, typed and scanned.
  number: text().notNull(),
  status: text().$type<CertificateStatus>().notNull().default('valid'),
  revoked_reason: text(),
  revoked_at: timestamp({ withTimezone: true }),
  issued_at: createdAt(),
  // The test date + one year (spec 4); 'expired' is derived from it, never stored.
  valid_until: timestamp({ withTimezone: true }).notNull(),
  media_id: uuid().notNull().references(() => media.id),
  name_on_certificate: text().notNull(),
  // What the QR code says, so a reissue can keep the origin of the first one.
  verify_url: text().notNull(),
  // The certificate that replaced this one (reissue). No foreign key: the old row is marked before
  // the new one exists, inside one transaction, so the partial unique index below holds throughout.
  superseded_by: uuid(),
  // Issue 28: the signed compact credential (contracts/credential.ts) the QR code carries, and this
  // certificate's bit in the status list (claim `st`). Null credential: signed by the catch-up job.
  credential: text(),
  status_index: integer(),
}, (t) => [
  uniqueIndex('certificates_number_uq').on(t.number),
  // One live certificate per order; superseded ones stay for verification ('revoked').
  uniqueIndex('certificates_order_live_uq').on(t.order_id).where(sql`${t.superseded_by} is null`),
  index('certificates_user_idx').on(t.user_id),
  uniqueIndex('certificates_status_index_uq').on(t.status_index),
  check('certificates_status_valid', sql`${t.status} in ('valid','revoked')`),
]);

export type ShipmentStatus = 'scheduled' | 'picked_up' | 'in_transit' | 'delivered' | 'returned' | 'cancelled';
export interface ShipmentCourier { company: string; type: string; name: string; phone: string; tracking_id: string; link: string }
export interface ShipmentContact { contact_name: string; contact_phone: string; address: string; note: string; postal_code: string }
export interface ShipmentHistoryEntry { updated_at: string; note: string; status: ShipmentStatus }
export interface ShipmentDelivery { datetime: string | null; note: string; type: string }
export interface ShipmentItem { name: string; description: string; quantity: number }

/** The printed certificate of an individual order (spec 3, shipping tracking). */
export const shipments = pgTable('shipments', {
  id: id(),
  order_id: uuid().notNull().references(() => orders.id),
  user_id: uuid().notNull().references(() => users.id),
  status: text().$type<ShipmentStatus>().notNull().default('scheduled'),
  waybill_id: text(),
  courier: jsonb().$type<ShipmentCourier>().notNull(),
  origin: jsonb().$type<ShipmentContact>().notNull(),
  destination: jsonb().$type<ShipmentContact>().notNull(),
  history: jsonb().$type<ShipmentHistoryEntry[]>().notNull().default([]),
  delivery: jsonb().$type<ShipmentDelivery>().notNull(),
  items: jsonb().$type<ShipmentItem[]>().notNull().default([]),
  // Rupiah.
  price: integer().notNull().default(0),
  note: text().notNull().default(''),
  shipper: text().notNull().default(''),
  // Spec 4: sent the next working day, 08.00-15.00 WIB (services/certificates/shipments.ts).
  planned_ship_at: timestamp({ withTimezone: true }).notNull(),
  created_at: createdAt(),
  updated_at: createdAt(),
}, (t) => [
  uniqueIndex('shipments_order_uq').on(t.order_id),
  index('shipments_waybill_idx').on(t.waybill_id),
  check('shipments_status_valid', sql`${t.status} in ('scheduled','picked_up','in_transit','delivered','returned','cancelled')`),
]);

/** Courier webhook events already applied: the same event id twice appends history once. */
export const courierEvents = pgTable('courier_events', {
  event_id: text().primaryKey(),
  shipment_id: uuid().notNull().references(() => shipments.id),
  received_at: createdAt(),
});
