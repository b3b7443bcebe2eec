// Before the first section (spec accounts 4 "Preparation", "Device check"): the consent to the
// proctoring checks, device reports ('continue anyway'), the device settings and the start signal.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PRIVACY_MESSAGES } from '../../../contracts/facts/index.ts';
import type { OrderSettings } from '../../../contracts/orders.ts';
import type { AppDb } from '../../db/client.ts';
import { consents, deviceReports, institutions, orders, users } from '../../db/schema/index.ts';
import { isPrintableName } from '../certificates/certificate-name.ts';
import { HttpError } from '../../http-error.ts';
import type { OrderRow } from './orders.ts';
import {
  hasLiveConsent, orderConsentContext, recordPreparationConsents, usesCamera, type PreparationConsentInput,
} from '../privacy/consents.ts';

export const PREPARATION_MESSAGES = {
  consentFirst: 'Silakan setujui peraturan tes terlebih dahulu',
  profileFirst: 'Lengkapi Nama Lengkap Anda di halaman Account sebelum memulai tes',
} as const;

/**
 * Records the member's consents (the rules, and separately the biometric and cloud-speech ones; the
 * ledger is services/privacy/consents.ts) with the checks they cover, before any capture (UU PDP).
 */
export async function recordConsent(db: AppDb, order: OrderRow, input: PreparationConsentInput) {
  return recordPreparationConsents(db, order, input);
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
    .where(and(eq(consents.order_id, orderId), eq(consents.kind, 'terms'))).orderBy(desc(consents.created_at)).limit(1);
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
  const [consent] = await db.select({ id: consents.id }).from(consents).where(and(eq(consents.order_id, order.id), eq(consents.kind, 'terms'))).limit(1);
  if (!consent) throw new HttpError(400, PREPARATION_MESSAGES.consentFirst);
  // The spec's profile gate, enforced here too: the certificate prints this name, so a test cannot
  // start without a real full name (never the e-mail address in its place).
  if (order.status === 'not_started') {
    const [user] = await db.select({ fullname: users.fullname }).from(users).where(eq(users.id, order.user_id));
    if (!isPrintableName(user?.fullname)) throw new HttpError(400, PREPARATION_MESSAGES.profileFirst);
  }
  // A test that uses the camera needs the separate biometric consent, live now (a withdrawal stops it
  // until the preparation page records it again). An order already started keeps going.
  if (order.status === 'not_started' && !(await hasLiveConsent(db, order.user_id, 'biometric'))) {
    const { checks } = await orderConsentContext(db, order);
    if (usesCamera(checks)) throw new HttpError(400, PRIVACY_MESSAGES.biometricRequired);
  }
  const [row] = await db.update(orders)
    .set({
      status: 'in_progress', started_at: order.started_at ?? now,
      rules: sql`coalesce(${orders.rules}, (select jsonb_build_object('active_camera', ${institutions.active_camera}, 'setting', ${institutions.settings}) from ${institutions} where ${institutions.id} = ${orders.institution_id}))`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}
