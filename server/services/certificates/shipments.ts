// The printed certificate of an individual order: one shipment per completed order, planned for the
// next working day at 08.00 WIB (spec 4: sent the next day, Monday to Friday, 08.00-15.00;
// Indonesian public holidays are not modelled). Operators update it with the CLI, couriers with the
// signed webhook; every update appends to `history`, which is kept in time order and decides
// `status` (the newest entry), so an event that arrives late never moves the status backwards.
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { CourierWebhook, ShipmentStatus, ShippingTracking } from '../../../contracts/certificates.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { courierEvents, orders, shipments, users, type ShipmentContact, type ShipmentHistoryEntry } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';

type Tx = AppTx;
export type ShipmentRow = typeof shipments.$inferSelect;

export const SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['scheduled', 'picked_up', 'in_transit', 'delivered', 'returned', 'cancelled'];
export const SHIPMENT_MESSAGES = {
  notFound: 'Data pengiriman tidak ditemukan',
  scheduled: (when: string) => `Sertifikat cetak dijadwalkan dikirim ${when} WIB`,
} as const;

/** WIB is UTC+7 all year (no daylight saving). */
const WIB_OFFSET_MS = 7 * 3600_000;
export const SHIP_HOUR_WIB = 8;

/**
 * The next working day (Monday-Friday) after the day of `completedAt` in WIB, at 08.00 WIB. A test
 * finished on Friday (or at the weekend) ships on Monday.
 */
export function plannedShipAt(completedAt: Date): Date {
  const local = new Date(completedAt.getTime() + WIB_OFFSET_MS);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return new Date(day.getTime() + SHIP_HOUR_WIB * 3600_000 - WIB_OFFSET_MS);
}

const wibDateTime = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Jakarta',
});

/** Who sends the printed certificates (no address book yet: operators add the courier's data). */
export const CERTIFICATE_ORIGIN: ShipmentContact = {
  contact_name: 'EPOT - Pengiriman Sertifikat', contact_phone: '', address: '', note: '', postal_code: '',
};

/**
 * The shipment of an individual order, created once (a second call changes nothing). Its
 * 'scheduled' entry is dated at the completion it follows from, so courier events (which happen
 * after the test) always sort after it, however late this runs; `now` stamps the row itself.
 */
export async function ensureShipment(db: AppDb | Tx, orderId: string, now: Date): Promise<void> {
  const [row] = await db.select({ order: orders, user: users }).from(orders).innerJoin(users, eq(users.id, orders.user_id))
    .where(eq(orders.id, orderId));
  if (!row || row.order.status !== 'completed' || row.order.institution_id !== null || !row.order.completed_at) return;
  const completedAt = row.order.completed_at;
  const planned = plannedShipAt(completedAt);
  await db.insert(shipments).values({
    order_id: row.order.id,
    user_id: row.user.id,
    courier: { company: '', type: 'reg', name: '', phone: '', tracking_id: '', link: '' },
    origin: CERTIFICATE_ORIGIN,
    destination: {
      contact_name: row.user.fullname, contact_phone: row.user.phone_number ?? '', address: row.user.residential_address ?? '',
      note: '', postal_code: '',
    },
    history: [{ updated_at: completedAt.toISOString(), note: SHIPMENT_MESSAGES.scheduled(wibDateTime.format(planned)), status: 'scheduled' }],
    delivery: { datetime: null, note: '', type: 'now' },
    items: [{ name: 'Sertifikat EPOT', description: `Sertifikat cetak untuk order ${row.order.order_no}`, quantity: 1 }],
    shipper: 'EPOT',
    planned_ship_at: planned,
    created_at: now,
    updated_at: now,
  }).onConflictDoNothing();
}

export interface ShipmentUpdate {
  status: ShipmentStatus;
  note: string;
  /** When it happened (the courier's scan time, or the operator's now). */
  at: Date;
  waybill?: string;
  courier?: Partial<ShipmentRow['courier']>;
  delivery?: Partial<ShipmentRow['delivery']>;
}

/** Appends one history entry (in time order) and applies the rest; the caller holds the row lock. */
async function applyUpdate(tx: Tx, row: ShipmentRow, u: ShipmentUpdate, now: Date): Promise<ShipmentRow> {
  const entry: ShipmentHistoryEntry = { updated_at: u.at.toISOString(), note: u.note || u.status, status: u.status };
  const history = [...row.history, entry].sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at));
  const clean = <T extends object>(o: T | undefined) => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
  const [updated] = await tx.update(shipments).set({
    history,
    status: history[history.length - 1]!.status,
    waybill_id: u.waybill ?? row.waybill_id,
    courier: { ...row.courier, ...clean(u.courier) },
    delivery: { ...row.delivery, ...clean(u.delivery) },
    updated_at: now,
  }).where(eq(shipments.id, row.id)).returning();
  return updated!;
}

async function lockShipment(tx: Tx, where: SQL | undefined): Promise<ShipmentRow | undefined> {
  const [row] = await tx.select({ s: shipments }).from(shipments).innerJoin(orders, eq(orders.id, shipments.order_id))
    .where(where).limit(1).for('update', { of: shipments });
  return row?.s;
}

/** Operator update by order number (CLI). */
export async function updateShipmentByOrderNo(db: AppDb, orderNo: string, u: ShipmentUpdate, now: Date): Promise<ShipmentRow> {
  return db.transaction(async (tx) => {
    const row = await lockShipment(tx, eq(orders.order_no, orderNo));
    if (!row) throw new HttpError(404, SHIPMENT_MESSAGES.notFound);
    return applyUpdate(tx, row, u, now);
  });
}

/**
 * A verified courier event. Idempotent by `event_id`: the event is recorded in the same
 * transaction as its history entry, so a repeat (or a concurrent duplicate) appends nothing.
 */
export async function applyCourierEvent(db: AppDb, e: CourierWebhook, now: Date): Promise<{ applied: boolean; row: ShipmentRow }> {
  return db.transaction(async (tx) => {
    const match = or(
      e.waybill_id ? eq(shipments.waybill_id, e.waybill_id) : undefined,
      e.order_no ? eq(orders.order_no, e.order_no) : undefined,
    );
    const row = await lockShipment(tx, match);
    if (!row) throw new HttpError(404, SHIPMENT_MESSAGES.notFound);
    const [fresh] = await tx.insert(courierEvents).values({ event_id: e.event_id, shipment_id: row.id }).onConflictDoNothing().returning();
    if (!fresh) return { applied: false, row };
    const updated = await applyUpdate(tx, row, {
      status: e.status, note: e.note ?? '', at: e.updated_at ? new Date(e.updated_at) : now,
      // The first waybill a courier reports sticks; a later event may not move it to another parcel.
      waybill: row.waybill_id ?? e.waybill_id,
      courier: e.courier,
      delivery: e.delivery,
    }, now);
    return { applied: true, row: updated };
  });
}

/** The member's own shipment for an order (404 for anyone else's). */
export async function ownShipment(db: AppDb, userId: string, orderId: string): Promise<{ row: ShipmentRow; orderNo: string }> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) throw new HttpError(404, SHIPMENT_MESSAGES.notFound);
  const [r] = await db.select({ s: shipments, order_no: orders.order_no }).from(shipments).innerJoin(orders, eq(orders.id, shipments.order_id))
    .where(and(eq(shipments.order_id, orderId), eq(shipments.user_id, userId), eq(orders.user_id, userId)));
  if (!r) throw new HttpError(404, SHIPMENT_MESSAGES.notFound);
  return { row: r.s, orderNo: r.order_no };
}

export function trackingView(row: ShipmentRow, orderNo: string): ShippingTracking {
  return {
    order_id: row.order_id, order_no: orderNo, waybill_id: row.waybill_id, courier: row.courier, status: row.status,
    origin: row.origin, destination: row.destination, history: row.history, delivery: row.delivery, items: row.items,
    price: row.price, note: row.note, shipper: row.shipper, planned_ship_at: row.planned_ship_at.toISOString(),
  };
}
