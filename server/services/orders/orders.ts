// Licence redemption and order queries. A code redeems exactly once even under concurrent requests:
// the claim is one conditional UPDATE (`redeemed_by is null`), and orders.license_id is unique.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { licenceAttempts, licences, orderSections, orders, users, type SurveyMeta } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { hashLicenceCode, LICENCE_ALPHABET, normalizeLicenceCode } from './licence-codes.ts';
import { SERVER_MESSAGES } from '../../../contracts/facts/index.ts';
import { UUID } from '../../uuid.ts';

export const LICENCE_MESSAGES = {
  invalid: 'Kode lisensi tidak valid',
  used: 'Kode lisensi sudah digunakan',
  otherInstitution: 'Kode lisensi ini hanya dapat digunakan oleh anggota lembaga pemilik lisensi',
  revoked: 'Kode lisensi sudah dicabut oleh lembaga pemiliknya',
  expired: 'Kode lisensi sudah kedaluwarsa',
} as const;

export type OrderRow = typeof orders.$inferSelect;

/** Human-readable order number, e.g. EPOT-20261121-7KQ2MX (date + 30 random bits). */
export function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const rand = Array.from(randomBytes(6), (b) => LICENCE_ALPHABET[b & 31]).join('');
  return `EPOT-${day}-${rand}`;
}

export interface RedeemInput { userId: string; code: string; meta: SurveyMeta; now: Date }

/** Claims the licence and creates the order in one transaction; throws HttpError 400/403 otherwise. */
export async function redeemLicence(db: AppDb, input: RedeemInput) {
  if (!normalizeLicenceCode(input.code)) throw new HttpError(400, LICENCE_MESSAGES.invalid);
  const codeHash = hashLicenceCode(input.code);
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ institution_id: users.institution_id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw HttpError.unauthorized();
    const claimed = await tx.update(licences)
      .set({ redeemed_by: input.userId, redeemed_at: input.now })
      .where(and(
        eq(licences.code_hash, codeHash),
        isNull(licences.redeemed_by),
        isNull(licences.revoked_at),
        or(isNull(licences.expires_at), gt(licences.expires_at, input.now)),
        user.institution_id ? or(isNull(licences.institution_id), eq(licences.institution_id, user.institution_id))
          : isNull(licences.institution_id),
      ))
      .returning();
    const licence = claimed[0];
    if (!licence) {
      // Explain why, without claiming anything.
      const [existing] = await tx.select().from(licences).where(eq(licences.code_hash, codeHash));
      if (!existing) throw new HttpError(400, LICENCE_MESSAGES.invalid);
      if (existing.redeemed_by) throw new HttpError(400, LICENCE_MESSAGES.used);
      if (existing.revoked_at) throw new HttpError(400, LICENCE_MESSAGES.revoked);
      if (existing.expires_at && existing.expires_at <= input.now) throw new HttpError(400, LICENCE_MESSAGES.expired);
      throw new HttpError(403, LICENCE_MESSAGES.otherInstitution);
    }
    const [order] = await tx.insert(orders).values({
      order_no: newOrderNo(input.now),
      user_id: input.userId,
      license_id: licence.id,
      product_id: licence.product_id,
      institution_id: licence.institution_id,
      meta: input.meta,
      created_at: input.now,
    }).returning();
    return { order: order!, licence };
  });
}

/** The member's orders, newest first, with the licence hint as `license` (never the plain code). */
export async function listOrders(db: AppDb, userId: string, limit: number, offset = 0) {
  const rows = await db.select({ order: orders, licenceHint: licences.code_hint })
    .from(orders)
    .innerJoin(licences, eq(licences.id, orders.license_id))
    .where(eq(orders.user_id, userId))
    .orderBy(desc(orders.created_at))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.user_id, userId));
  return { rows, total: count?.n ?? 0 };
}

const notFound = () => HttpError.notFound(SERVER_MESSAGES.orderNotFound);
/** The member's order named by its id or its licence's id (a value or a prepared statement's placeholder). */
const ownOrder = (userId: string | Placeholder, ref: string | Placeholder) =>
  and(eq(orders.user_id, userId), or(eq(orders.id, ref), eq(orders.license_id, ref)));

/** The order if it belongs to the member; 404 otherwise (never reveal others' ids). */
export async function getOwnOrder(db: AppDb, userId: string, orderIdOrLicence: string) {
  if (!UUID.test(orderIdOrLicence)) throw notFound();
  const [row] = await db.select().from(orders).where(ownOrder(userId, orderIdOrLicence));
  if (!row) throw notFound();
  return row;
}

// The section submit's first read (services/exam/attempts.ts): one prepared round trip.
const ownOrderWithSectionsQuery = preparedPer((db) => db.select({ order: orders, section: orderSections }).from(orders)
  .leftJoin(orderSections, eq(orderSections.order_id, orders.id))
  .where(ownOrder(sql.placeholder('user_id'), sql.placeholder('ref')))
  .prepare('epot_own_order_sections'));

/** getOwnOrder with the order's section rows. */
export async function getOwnOrderWithSections(db: AppDb, userId: string, orderIdOrLicence: string) {
  if (!UUID.test(orderIdOrLicence)) throw notFound();
  const found = await ownOrderWithSectionsQuery(db).execute({ user_id: userId, ref: orderIdOrLicence });
  if (found.length === 0) throw notFound();
  return { order: found[0]!.order, rows: found.flatMap((r) => (r.section ? [r.section] : [])) };
}

/** A finished order refuses every further step with the spec's messages. */
export function assertOrderOpen(order: OrderRow): void {
  if (order.status === 'disqualified') throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
  if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
}

/** Notes a refused redeem (support reads these; the guessing limits are in the rate-limit table). */
export async function recordRefusedRedeem(db: AppDb, input: { userId: string; ip: string; codeHint: string }): Promise<void> {
  await db.insert(licenceAttempts).values({ user_id: input.userId, ip: input.ip, code_hint: input.codeHint });
}

/** The last four characters of the order's licence code ('' if the licence vanished). */
export async function licenceHintOf(db: AppDb, licenceId: string): Promise<string> {
  const [row] = await db.select({ hint: licences.code_hint }).from(licences).where(eq(licences.id, licenceId));
  return row?.hint ?? '';
}
