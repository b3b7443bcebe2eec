// Breaks between sections (issue 18). An accommodation with break_minutes lets the candidate pause
// after listening and again after structure, from the end-of-section screen, for up to that many
// minutes. Nothing runs meanwhile: the section before is closed (and stays closed), the next one
// has not started, and the SPA's break screen has no proctoring. The break ends when the next
// section starts (getOrStartSection calls sectionStartAfterBreak): a break that ran past its
// allowed end starts that section's clock at that end, so the server, not the browser, bounds it.
// Stored in order_breaks, one row per break: a source for the staff attempt timeline (issue 17).
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  BREAK_MESSAGES, breakMinutesOf, nextSection, sectionsBefore, type BreakAfterSection, type SectionName,
} from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { orderBreaks, orderSections } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { assertOrderOpen, type OrderRow } from '../orders/orders.ts';

export type BreakRow = typeof orderBreaks.$inferSelect;

/** A break as the API and the attempt timeline show it. */
export interface BreakView {
  after_section: BreakAfterSection;
  started_at: string;
  ends_at: string;
  ended_at: string | null;
}

export const toBreakView = (b: BreakRow): BreakView => ({
  after_section: b.after_section, started_at: b.started_at.toISOString(), ends_at: b.ends_at.toISOString(), ended_at: b.ended_at?.toISOString() ?? null,
});

/** Every break of the order, oldest first (the attempt timeline reads this). */
export async function listBreaks(db: AppDb, orderId: string): Promise<BreakRow[]> {
  return db.select().from(orderBreaks).where(eq(orderBreaks.order_id, orderId)).orderBy(asc(orderBreaks.started_at));
}

/**
 * Starts the break after `after` (idempotent: a retry while it lasts gets the same break). Only
 * with break minutes granted, once `after` is closed and before the next section has started.
 */
export async function startBreak(db: AppDb, order: OrderRow, after: BreakAfterSection, now: Date): Promise<BreakRow> {
  assertOrderOpen(order);
  const minutes = breakMinutesOf(order.time_accommodation);
  if (minutes <= 0) throw HttpError.forbidden(BREAK_MESSAGES.notGranted);
  return db.transaction(async (tx) => {
    const sections = await tx.select({ section: orderSections.section, submitted_at: orderSections.submitted_at })
      .from(orderSections).where(eq(orderSections.order_id, order.id)).for('update');
    const closed = sections.find((s) => s.section === after)?.submitted_at;
    const next = nextSection(after)!;
    const [existing] = await tx.select().from(orderBreaks).where(and(eq(orderBreaks.order_id, order.id), eq(orderBreaks.after_section, after)));
    if (existing) {
      if (existing.ended_at) throw HttpError.conflict(BREAK_MESSAGES.taken);
      return existing;
    }
    if (!closed || sections.some((s) => s.section === next)) throw HttpError.conflict(BREAK_MESSAGES.notNow);
    await tx.insert(orderBreaks)
      .values({ order_id: order.id, after_section: after, started_at: now, ends_at: new Date(now.getTime() + minutes * 60_000) })
      .onConflictDoNothing();
    // A retry that raced this one: both answer the one stored break.
    const [row] = await tx.select().from(orderBreaks).where(and(eq(orderBreaks.order_id, order.id), eq(orderBreaks.after_section, after)));
    return row!;
  });
}

/**
 * When `section` starts: ends the break taken before it, if any, and says when the section's clock
 * starts — now, or the break's allowed end when the candidate came back later than that.
 */
export async function sectionStartAfterBreak(db: AppDb, orderId: string, section: SectionName, now: Date): Promise<Date> {
  const before = sectionsBefore(section).at(-1);
  if (!before) return now;
  const [row] = await db.select().from(orderBreaks)
    .where(and(eq(orderBreaks.order_id, orderId), eq(orderBreaks.after_section, before as BreakAfterSection)));
  if (!row) return now;
  const start = row.ends_at < now ? row.ends_at : now;
  await db.update(orderBreaks).set({ ended_at: start }).where(and(eq(orderBreaks.id, row.id), isNull(orderBreaks.ended_at)));
  return row.ended_at ?? start;
}

/**
 * The break in progress (started, the next section not yet), or null. A break whose next section
 * started at the same moment (the countdown and the break button racing) ends at that start.
 */
export async function currentBreak(db: AppDb, orderId: string): Promise<BreakRow | null> {
  const [row] = await db.select().from(orderBreaks).where(and(eq(orderBreaks.order_id, orderId), isNull(orderBreaks.ended_at)));
  if (!row) return null;
  const [next] = await db.select({ started_at: orderSections.started_at }).from(orderSections)
    .where(and(eq(orderSections.order_id, orderId), eq(orderSections.section, nextSection(row.after_section)!)));
  if (!next) return row;
  await db.update(orderBreaks).set({ ended_at: next.started_at < row.ends_at ? next.started_at : row.ends_at })
    .where(and(eq(orderBreaks.id, row.id), isNull(orderBreaks.ended_at)));
  return null;
}
