// An institution's proctoring rules as the console edits them, and whether its members may be
// offered cloud speech recognition (issue 19), each change in the audit log.
// A change applies to attempts not yet started: an order freezes the rules when its test starts
// (orders.rules, set by startTest in services/orders/preparation.ts).
import { eq } from 'drizzle-orm';
import type { InstitutionSettingsBody } from '../../../contracts/admin.ts';
import type { AppDb } from '../../db/client.ts';
import { institutions } from '../../db/schema/index.ts';
import { appendAudit, type AuditActor } from './audit.ts';

export async function institutionSettings(db: AppDb, id: string) {
  const [row] = await db.select({
    id: institutions.id, name: institutions.name, active_camera: institutions.active_camera, setting: institutions.settings, cloud_speech: institutions.cloud_speech,
    staff_totp_required: institutions.staff_totp_required,
  }).from(institutions).where(eq(institutions.id, id));
  return row && { ...row, applies_to: 'attempts_not_started' as const };
}

export async function updateInstitutionSettings(db: AppDb, id: string, next: InstitutionSettingsBody, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ active_camera: institutions.active_camera, setting: institutions.settings, cloud_speech: institutions.cloud_speech })
      .from(institutions).where(eq(institutions.id, id)).for('update');
    if (!before) return undefined;
    // cloud_speech left out keeps the current value (issue 19: off unless someone turns it on).
    const after = { active_camera: next.active_camera, setting: next.setting, cloud_speech: next.cloud_speech ?? before.cloud_speech };
    await tx.update(institutions).set({ active_camera: after.active_camera, settings: after.setting, cloud_speech: after.cloud_speech }).where(eq(institutions.id, id));
    await appendAudit(tx, actor, {
      action: 'institution.settings', targetType: 'institution', targetId: id, institutionId: id, before, after,
    }, now);
    return after;
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
