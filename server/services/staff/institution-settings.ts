// An institution's proctoring rules as the console edits them, each change in the audit log.
// A change applies to attempts not yet started: an order freezes the rules when its test starts
// (orders.rules, set by startTest in services/orders/preparation.ts).
import { eq } from 'drizzle-orm';
import type { InstitutionSettingsBody } from '../../../contracts/admin.ts';
import type { AppDb } from '../../db/client.ts';
import { institutions } from '../../db/schema/index.ts';
import { appendAudit, type AuditActor } from './audit.ts';

export async function institutionSettings(db: AppDb, id: string) {
  const [row] = await db.select({
    id: institutions.id, name: institutions.name, active_camera: institutions.active_camera, setting: institutions.settings,
    staff_totp_required: institutions.staff_totp_required,
  }).from(institutions).where(eq(institutions.id, id));
  return row && { ...row, applies_to: 'attempts_not_started' as const };
}

export async function updateInstitutionSettings(db: AppDb, id: string, next: InstitutionSettingsBody, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ active_camera: institutions.active_camera, setting: institutions.settings })
      .from(institutions).where(eq(institutions.id, id)).for('update');
    if (!before) return undefined;
    await tx.update(institutions).set({ active_camera: next.active_camera, settings: next.setting }).where(eq(institutions.id, id));
    await appendAudit(tx, actor, {
      action: 'institution.settings', targetType: 'institution', targetId: id, institutionId: id, before, after: next,
    }, now);
    return next;
  });
}

/**
 * Turns the two-factor rule for the institution's admins and proctors on or off (audited). On, each
 * of them without TOTP gets only the enrolment routes until enrolled (mustEnrolTotp), from their next
 * request on: the rule is read with the account on every request, no session needs to end.
 */
export async function setStaffTotpRequired(db: AppDb, id: string, required: boolean, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ staff_totp_required: institutions.staff_totp_required })
      .from(institutions).where(eq(institutions.id, id)).for('update');
    if (!before) return undefined;
    await tx.update(institutions).set({ staff_totp_required: required }).where(eq(institutions.id, id));
    await appendAudit(tx, actor, {
      action: 'institution.staff-totp', targetType: 'institution', targetId: id, institutionId: id, before, after: { staff_totp_required: required },
    }, now);
    return { staff_totp_required: required };
  });
}
