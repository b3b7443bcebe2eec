// Companies (announcement, maintenance) and institutions (proctoring rules) as members read them.
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { companies, institutions } from '../../db/schema/index.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type InstitutionRow = typeof institutions.$inferSelect;

export async function findCompany(db: AppDb, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function findInstitution(db: AppDb, id: string): Promise<InstitutionRow | undefined> {
  const [row] = await db.select().from(institutions).where(eq(institutions.id, id));
  return row;
}
