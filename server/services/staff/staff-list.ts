// Staff accounts as the console lists them (never a hash or a secret): operators see every account,
// institution staff those of their own institution.
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { StaffAccount } from '../../../contracts/admin-staff.ts';
import type { AppDb } from '../../db/client.ts';
import { institutions, staff } from '../../db/schema/index.ts';

async function select(db: AppDb, where: SQL | undefined): Promise<StaffAccount[]> {
  const rows = await db.select({
    id: staff.id, email: staff.email, name: staff.name, role: staff.role, institution_id: staff.institution_id,
    institution_name: institutions.name, active: staff.active, totp_enabled: staff.totp_enabled,
    password_hash: staff.password_hash, created_at: staff.created_at,
  }).from(staff).leftJoin(institutions, eq(institutions.id, staff.institution_id)).where(where)
    .orderBy(asc(institutions.name), asc(staff.role), asc(staff.email));
  return rows.map(({ password_hash, created_at, ...r }) => ({ ...r, password_set: password_hash !== null, created_at: created_at.toISOString() }));
}

/** Every account (null) or one institution's. */
export const listStaff = (db: AppDb, institutionId: string | null) => select(db, institutionId ? eq(staff.institution_id, institutionId) : undefined);

/** One account, if it is in `institutionId` (null: any). */
export async function staffAccountInScope(db: AppDb, id: string, institutionId: string | null): Promise<StaffAccount | undefined> {
  const [row] = await select(db, and(eq(staff.id, id), institutionId ? eq(staff.institution_id, institutionId) : undefined));
  return row;
}
