// Certificates and shipments as the operator handles them from the console: find by number or
// order number, revoke, reissue after a name correction, update a shipment. The work itself is the
// certificate services' (shared with `npm run admin -- certificate|shipment`); this adds the audit.
import { desc, eq, or } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { certificates, orders, shipments } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import {
  normalizeCertificateNumber, reissueCertificate, revokeCertificate, type CertificateDeps, type CertificateRow,
} from '../certificates/certificates.ts';
import { SHIPMENT_MESSAGES, updateShipmentByOrderNo, type ShipmentRow, type ShipmentUpdate } from '../certificates/shipments.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';

export const certificateView = (c: CertificateRow, orderNo: string) => ({
  id: c.id, number: c.number, order_no: orderNo, name: c.name_on_certificate, status: c.status,
  revoked_reason: c.revoked_reason, issued_at: c.issued_at.toISOString(), verify_url: c.verify_url,
});
export type CertificateView = ReturnType<typeof certificateView>;

async function institutionOfOrder(db: AppDb, orderId: string): Promise<string | null> {
  const [o] = await db.select({ institution_id: orders.institution_id }).from(orders).where(eq(orders.id, orderId));
  return o?.institution_id ?? null;
}

/** Every certificate (newest first) of the order `q`, or the certificate numbered `q`. */
export async function findCertificates(db: AppDb, q: string): Promise<CertificateView[]> {
  const number = normalizeCertificateNumber(q);
  const rows = await db.select({ c: certificates, order_no: orders.order_no }).from(certificates)
    .innerJoin(orders, eq(orders.id, certificates.order_id))
    .where(number ? or(eq(certificates.number, number), eq(orders.order_no, q.trim())) : eq(orders.order_no, q.trim()))
    .orderBy(desc(certificates.issued_at)).limit(20);
  return rows.map((r) => certificateView(r.c, r.order_no));
}

async function orderNoOf(db: AppDb, orderId: string): Promise<string> {
  const [o] = await db.select({ order_no: orders.order_no }).from(orders).where(eq(orders.id, orderId));
  return o?.order_no ?? '';
}

export async function revokeAudited(db: AppDb, number: string, reason: string, actor: AuditActor, now: Date) {
  const { row, changed } = await revokeCertificate(db, number, reason, now);
  if (changed) {
    await appendAudit(db, actor, {
      action: 'certificate.revoke', targetType: 'certificate', targetId: row.number, institutionId: await institutionOfOrder(db, row.order_id),
      before: { status: 'valid' }, after: { status: 'revoked', reason: row.revoked_reason },
    }, now);
  }
  return { certificate: certificateView(row, await orderNoOf(db, row.order_id)), changed };
}

export async function reissueAudited(deps: CertificateDeps, orderNo: string, name: string, verifyBase: string, actor: AuditActor) {
  const { old, fresh } = await reissueCertificate(deps, orderNo, name, verifyBase);
  await appendAudit(deps.db, actor, {
    action: 'certificate.reissue', targetType: 'certificate', targetId: fresh.number, institutionId: await institutionOfOrder(deps.db, fresh.order_id),
    before: old ? { number: old.number, name: old.name_on_certificate } : null,
    after: { number: fresh.number, name: fresh.name_on_certificate },
  }, deps.clock.now());
  return { certificate: certificateView(fresh, orderNo), replaced_number: old?.number ?? null };
}

export const shipmentView = (s: ShipmentRow, orderNo: string) => ({
  order_no: orderNo, status: s.status, waybill_id: s.waybill_id, courier_company: s.courier.company,
  history: s.history, updated_at: s.updated_at.toISOString(),
});

export async function findShipment(db: AppDb, orderNo: string) {
  const [row] = await db.select({ s: shipments }).from(shipments).innerJoin(orders, eq(orders.id, shipments.order_id))
    .where(eq(orders.order_no, orderNo));
  if (!row) throw new HttpError(404, SHIPMENT_MESSAGES.notFound);
  return shipmentView(row.s, orderNo);
}

export async function updateShipmentAudited(db: AppDb, orderNo: string, u: ShipmentUpdate, actor: AuditActor, now: Date) {
  const before = await findShipment(db, orderNo);
  const row = await updateShipmentByOrderNo(db, orderNo, u, now);
  await appendAudit(db, actor, {
    action: 'shipment.update', targetType: 'shipment', targetId: orderNo, institutionId: await institutionOfOrder(db, row.order_id),
    before: { status: before.status, waybill_id: before.waybill_id, courier_company: before.courier_company },
    after: { status: row.status, waybill_id: row.waybill_id, courier_company: row.courier.company, note: u.note },
  }, now);
  return shipmentView(row, orderNo);
}
