// Before the first section (spec accounts 4 "Preparation", "Device check"): the consent to the
// proctoring checks, device reports ('continue anyway'), the device settings and the start signal.
import { asc, desc, eq, sql } from 'drizzle-orm';
import { preparationChecks, proctoringRules } from '../../../contracts/facts/index.ts';
import type { OrderSettings } from '../../../contracts/orders.ts';
import type { AppDb } from '../../db/client.ts';
import { consents, deviceReports, institutions, orders } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { OrderRow } from './orders.ts';

export const PREPARATION_MESSAGES = {
  consentFirst: 'Silakan setujui peraturan tes terlebih dahulu',
} as const;

/** What the checks are for this order: individuals get everything; institutions their settings. */
async function checksFor(db: AppDb, institutionId: string | null) {
  if (!institutionId) return preparationChecks(proctoringRules(null));
  const [inst] = await db.select().from(institutions).where(eq(institutions.id, institutionId));
  if (!inst) throw HttpError.notFound();
  return preparationChecks(proctoringRules({ active_camera: inst.active_camera, setting: inst.settings }));
}

export interface ConsentInput { rulesVersion: string; ip: string; userAgent: string | null; now: Date }

/** Records the member's consent with the checks it covers, before any capture (UU PDP). */
export async function recordConsent(db: AppDb, order: OrderRow, input: ConsentInput) {
  const checks = await checksFor(db, order.institution_id);
  const [row] = await db.insert(consents).values({
    order_id: order.id, user_id: order.user_id, rules_version: input.rulesVersion, checks,
    ip: input.ip, user_agent: input.userAgent, created_at: input.now,
  }).returning();
  return row!;
}

export interface DeviceReportInput { device: 'audio' | 'camera' | 'microphone'; problem: string }

/** Notes a device check the member continued past; returns all of the order's reports, oldest first. */
export async function addDeviceReport(db: AppDb, orderId: string, input: DeviceReportInput, now: Date) {
  await db.insert(deviceReports).values({ order_id: orderId, device: input.device, problem: input.problem, created_at: now });
  return deviceReportsOf(db, orderId);
}

export async function deviceReportsOf(db: AppDb, orderId: string) {
  return db.select({ device: deviceReports.device, problem: deviceReports.problem, created_at: deviceReports.created_at })
    .from(deviceReports).where(eq(deviceReports.order_id, orderId)).orderBy(asc(deviceReports.created_at));
}

/** The newest consent of the order, or undefined. */
export async function latestConsent(db: AppDb, orderId: string) {
  const [row] = await db.select({ rules_version: consents.rules_version, created_at: consents.created_at }).from(consents)
    .where(eq(consents.order_id, orderId)).orderBy(desc(consents.created_at)).limit(1);
  return row;
}

/** Which detections the device check enabled. */
export async function saveOrderSettings(db: AppDb, orderId: string, settings: OrderSettings) {
  const [row] = await db.update(orders).set({ settings }).where(eq(orders.id, orderId)).returning();
  return row!;
}

/**
 * The start signal: the order moves to in progress (consent first). Repeating it keeps the first
 * start. An institution's rules are frozen on the order here (orders.rules): later changes to the
 * institution's settings apply only to attempts not yet started.
 */
export async function startTest(db: AppDb, order: OrderRow, now: Date) {
  const [consent] = await db.select({ id: consents.id }).from(consents).where(eq(consents.order_id, order.id)).limit(1);
  if (!consent) throw new HttpError(400, PREPARATION_MESSAGES.consentFirst);
  const [row] = await db.update(orders)
    .set({
      status: 'in_progress', started_at: order.started_at ?? now,
      rules: sql`coalesce(${orders.rules}, (select jsonb_build_object('active_camera', ${institutions.active_camera}, 'setting', ${institutions.settings}) from ${institutions} where ${institutions.id} = ${orders.institution_id}))`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}
