// Companies as the operator runs them: create, rename, the announcement shown on the test list and
// the maintenance flag. Shared by the console (/api/admin/v1/companies) and `npm run admin -- company`;
// every change is in the audit log with before → after.
import { asc, count, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { companies, institutions, type CompanySettings } from '../../db/schema/index.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type Announcement = CompanySettings['announcement'];

export interface CompanyView {
  id: string; name: string; maintenance: boolean; maintenance_images: string[]; announcement: Announcement; institution_count: number; created_at: string;
}

const view = (c: CompanyRow, institutionCount: number): CompanyView => ({
  id: c.id, name: c.name, maintenance: c.maintenance, maintenance_images: c.settings.maintenance_images ?? [], announcement: c.settings.announcement,
  institution_count: institutionCount, created_at: c.created_at.toISOString(),
});

export async function listCompanies(db: AppDb): Promise<CompanyView[]> {
  const rows = await db.select({ c: companies, n: count(institutions.id) }).from(companies)
    .leftJoin(institutions, eq(institutions.company_id, companies.id))
    .groupBy(companies.id).orderBy(asc(companies.name), asc(companies.created_at));
  return rows.map((r) => view(r.c, Number(r.n)));
}

export async function companyView(db: AppDb, id: string): Promise<CompanyView | undefined> {
  return (await listCompanies(db)).find((c) => c.id === id);
}

/** The company with this id, or the oldest when none is given (the CLI's default). */
export async function findCompanyOrOldest(db: AppDb, id?: string): Promise<CompanyRow | undefined> {
  if (id) return (await db.select().from(companies).where(eq(companies.id, id)))[0];
  return (await db.select().from(companies).orderBy(asc(companies.created_at)).limit(1))[0];
}

export async function createCompany(db: AppDb, name: string, actor: AuditActor, now: Date): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(companies).values({
      name: name.trim(), settings: { announcement: { is_active: false, images: [] } }, created_at: now,
    }).returning();
    await appendAudit(tx, actor, {
      action: 'company.create', targetType: 'company', targetId: row!.id, institutionId: null, after: { name: row!.name },
    }, now);
    return row!;
  });
}

/** `images`: the maintenance screen's pictures (absent: unchanged). */
type CompanyChange = { name: string } | { maintenance: boolean; images?: string[] } | { announcement: Announcement };

/** One audited change of a company; undefined when there is no such company. */
export async function changeCompany(db: AppDb, id: string, change: CompanyChange, actor: AuditActor, now: Date): Promise<CompanyRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
    if (!current) return undefined;
    let action: string;
    let before: unknown;
    let set: Partial<typeof companies.$inferInsert>;
    if ('name' in change) {
      action = 'company.rename'; before = { name: current.name }; set = { name: change.name.trim() };
    } else if ('maintenance' in change) {
      action = 'company.maintenance';
      before = { maintenance: current.maintenance, images: current.settings.maintenance_images ?? [] };
      set = { maintenance: change.maintenance };
      if (change.images) set.settings = { ...current.settings, maintenance_images: change.images };
    } else {
      action = 'company.announcement'; before = current.settings.announcement;
      set = { settings: { ...current.settings, announcement: change.announcement } };
    }
    const [row] = await tx.update(companies).set(set).where(eq(companies.id, id)).returning();
    await appendAudit(tx, actor, { action, targetType: 'company', targetId: id, institutionId: null, before, after: change }, now);
    return row!;
  });
}
