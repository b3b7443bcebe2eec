// Extra-time accommodations (issue 18): granted per order before its first section starts, read
// by getOrStartSection (services/exam/attempts.ts), which fixes each section's deadline with it, so
// the sweeper and every late request honour it through deadline_at; its break minutes are read by
// services/exam/breaks.ts. Used by the operator CLI (`npm run admin -- accommodations …`) and the
// staff console (routes/admin/accommodations.ts): `institutionId` scopes the order to one institution.
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { MemberOrderAccommodation } from '../../../contracts/admin-accommodations.ts';
import {
  ACCOMMODATION_MESSAGES, breakMinutesOf, isNoAccommodation, isTimeFactor, MAX_BREAK_MINUTES, MAX_EXTRA_MINUTES,
  normalizedAccommodation, ORDER_STATUS_LABELS, type TimeAccommodation,
} from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { orderBreaks, orders, orderSections, users } from '../../db/schema/index.ts';
import { toBreakView } from '../exam/breaks.ts';
import { HttpError } from '../../http-error.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';
import type { OrderRow } from './orders.ts';
import { UUID } from '../../uuid.ts';

/** Checks a requested accommodation; throws 400 with the catalogue's message. */
export function validateAccommodation(a: TimeAccommodation): TimeAccommodation {
  if (!isTimeFactor(a.factor)) throw new HttpError(400, ACCOMMODATION_MESSAGES.badFactor);
  if (!Number.isInteger(a.extra_minutes) || a.extra_minutes < 0 || a.extra_minutes > MAX_EXTRA_MINUTES) {
    throw new HttpError(400, ACCOMMODATION_MESSAGES.badMinutes);
  }
  const breakMinutes = breakMinutesOf(a);
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0 || breakMinutes > MAX_BREAK_MINUTES) {
    throw new HttpError(400, ACCOMMODATION_MESSAGES.badBreak);
  }
  return { factor: a.factor, extra_minutes: a.extra_minutes, break_minutes: breakMinutes };
}

/** Who granted it, for the audit log (staff in the console, SHELL_ACTOR from the CLI). */
export interface GrantedBy { actor: AuditActor; now: Date }

export interface OrderRef {
  /** The order's id or order number. */
  order?: string;
  /** Else the member's newest order that has not finished. */
  email?: string;
}

/** The order named by `ref`, within `institutionId` when given; 404 otherwise. */
export async function findAccommodationOrder(db: AppDb, ref: OrderRef, institutionId?: string): Promise<OrderRow> {
  const scope = institutionId ? eq(orders.institution_id, institutionId) : undefined;
  let row: OrderRow | undefined;
  if (ref.order) {
    const key = ref.order.trim();
    const match = UUID.test(key) ? or(eq(orders.id, key), eq(orders.order_no, key)) : eq(orders.order_no, key);
    [row] = await db.select().from(orders).where(and(match, scope));
  } else if (ref.email) {
    [row] = await db.select({ order: orders }).from(orders).innerJoin(users, eq(users.id, orders.user_id))
      .where(and(eq(users.email, ref.email.trim().toLowerCase()), inArray(orders.status, ['not_started', 'in_progress']), scope))
      .orderBy(desc(orders.created_at)).limit(1).then((rs) => rs.map((r) => r.order));
  }
  if (!row) throw HttpError.notFound(ACCOMMODATION_MESSAGES.orderNotFound);
  return row;
}

/**
 * Grants (or with null / no extra time, removes) an order's extra time. Only before its first
 * section starts: a started section keeps the deadline it was given. With `by`, the change goes
 * into the audit log in the same transaction. Returns the updated order.
 */
export async function setTimeAccommodation(db: AppDb, orderId: string, accommodation: TimeAccommodation | null, by?: GrantedBy): Promise<OrderRow> {
  const value = accommodation && !isNoAccommodation(accommodation) ? validateAccommodation(accommodation) : null;
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw HttpError.notFound(ACCOMMODATION_MESSAGES.orderNotFound);
    if (order.status === 'completed' || order.status === 'disqualified') throw new HttpError(409, ACCOMMODATION_MESSAGES.finished);
    const started = await tx.select({ id: orderSections.id }).from(orderSections).where(eq(orderSections.order_id, orderId)).limit(1);
    if (started.length > 0) throw new HttpError(409, ACCOMMODATION_MESSAGES.alreadyStarted);
    const [updated] = await tx.update(orders).set({ time_accommodation: value }).where(eq(orders.id, orderId)).returning();
    if (by) {
      await appendAudit(tx, by.actor, {
        action: 'order.accommodation', targetType: 'order', targetId: orderId, institutionId: order.institution_id,
        before: { time_accommodation: normalizedAccommodation(order.time_accommodation) }, after: { time_accommodation: value },
      }, by.now);
    }
    return updated!;
  });
}

/** A member's orders, newest first, with their accommodation, whether it may still change, and the breaks taken. */
export async function memberOrderAccommodations(db: AppDb, memberId: string, orderId?: string): Promise<MemberOrderAccommodation[]> {
  const rows = await db.select().from(orders)
    .where(and(eq(orders.user_id, memberId), orderId ? eq(orders.id, orderId) : undefined)).orderBy(desc(orders.created_at));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const started = new Set((await db.selectDistinct({ id: orderSections.order_id }).from(orderSections).where(inArray(orderSections.order_id, ids))).map((r) => r.id));
  const breaks = await db.select().from(orderBreaks).where(inArray(orderBreaks.order_id, ids)).orderBy(asc(orderBreaks.started_at));
  return rows.map((o) => ({
    order_id: o.id, order_no: o.order_no, status: o.status, status_label: ORDER_STATUS_LABELS[o.status], created_at: o.created_at.toISOString(),
    started: started.has(o.id),
    editable: !started.has(o.id) && o.status !== 'completed' && o.status !== 'disqualified',
    time_accommodation: normalizedAccommodation(o.time_accommodation),
    breaks: breaks.filter((b) => b.order_id === o.id).map(toBreakView),
  }));
}
