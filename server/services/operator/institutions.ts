// Institutions as the operator runs them: list, create and rename (their proctoring rules:
// ../staff/institution-settings.ts). Shared by the console and `npm run admin -- institution`;
// every change is in the audit log with before → after.
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { companies, institutions, type InstitutionSettings } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';

export type InstitutionRow = typeof institutions.$inferSelect;

/** New institutions: camera on, every check on, only a new tab fails the test. */
export const DEFAULT_INSTITUTION_SETTINGS: InstitutionSettings = {
  identification: { face: true, voice: true, new_tab: true },
  failed: { face: false, voice: false, new_tab: true },
};

export const institutionView = (r: InstitutionRow) => ({
  id: r.id, company_id: r.company_id, name: r.name, active_camera: r.active_camera, setting: r.settings,
  created_at: r.created_at.toISOString(),
});

export async function listInstitutions(db: AppDb, companyId?: string): Promise<InstitutionRow[]> {
  return db.select().from(institutions).where(companyId ? eq(institutions.company_id, companyId) : undefined)
    .orderBy(asc(institutions.name), asc(institutions.created_at));
}

export interface NewInstitution {
  company_id: string;
  name: string;
  active_camera?: boolean;
  setting?: InstitutionSettings;
}

/** 404 when the company does not exist. */
export async function createInstitution(db: AppDb, input: NewInstitution, actor: AuditActor, now: Date): Promise<InstitutionRow> {
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id));
    if (!company) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    const [row] = await tx.insert(institutions).values({
      company_id: company.id, name: input.name.trim(), active_camera: input.active_camera ?? true,
      settings: input.setting ?? DEFAULT_INSTITUTION_SETTINGS, created_at: now,
    }).returning();
    await appendAudit(tx, actor, {
      action: 'institution.create', targetType: 'institution', targetId: row!.id, institutionId: row!.id,
      after: { company_id: row!.company_id, name: row!.name, active_camera: row!.active_camera, setting: row!.settings },
    }, now);
    return row!;
  });
}

export interface InstitutionChange { name?: string; active_camera?: boolean; setting?: InstitutionSettings }

/** Rename and/or change the rules (the CLI's `institution set`); undefined when there is none. */
export async function changeInstitution(db: AppDb, id: string, change: InstitutionChange, actor: AuditActor, now: Date): Promise<InstitutionRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(institutions).where(eq(institutions.id, id)).for('update');
    if (!current) return undefined;
    const set = {
      ...(change.name !== undefined ? { name: change.name.trim() } : {}),
      ...(change.active_camera !== undefined ? { active_camera: change.active_camera } : {}),
      ...(change.setting !== undefined ? { settings: change.setting } : {}),
    };
    const before = {
      ...(change.name !== undefined ? { name: current.name } : {}),
      ...(change.active_camera !== undefined ? { active_camera: current.active_camera } : {}),
      ...(change.setting !== undefined ? { setting: current.settings } : {}),
    };
    if (Object.keys(set).length === 0) return current;
    const [row] = await tx.update(institutions).set(set).where(eq(institutions.id, id)).returning();
    const action = change.name !== undefined && Object.keys(set).length === 1 ? 'institution.rename' : 'institution.update';
    await appendAudit(tx, actor, { action, targetType: 'institution', targetId: id, institutionId: id, before, after: change }, now);
    return row!;
  });
}
