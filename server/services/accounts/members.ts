// Member records as the spec shows them (User, Member detail) and account creation for the
// sign-in paths that create accounts on first use (registration, Google, SSO).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { MemberDetail, MemberUser } from '../../../contracts/auth.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { appMeta, companies, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
type Tx = AppTx;

const DEFAULT_COMPANY_CLAIM = 'default_company';

/**
 * The company individual buyers belong to: the oldest one (the demo seed's on a demo install).
 * A fresh database without any company gets one, created once even when processes race.
 */
export async function defaultCompanyId(db: AppDb): Promise<string> {
  const oldest = () => db.select({ id: companies.id }).from(companies)
    .orderBy(asc(companies.created_at), asc(companies.id)).limit(1);
  const [found] = await oldest();
  if (found) return found.id;
  return db.transaction(async (tx) => {
    // A racing transaction waits here on the unique key until the winner commits, then sees its company.
    const claimed = await tx.insert(appMeta)
      .values({ key: DEFAULT_COMPANY_CLAIM, value: { claimed: true } })
      .onConflictDoNothing().returning({ key: appMeta.key });
    if (claimed.length === 0) {
      const [winner] = await tx.select({ id: companies.id }).from(companies)
        .orderBy(asc(companies.created_at), asc(companies.id)).limit(1);
      if (winner) return winner.id;
    }
    const [created] = await tx.insert(companies).values({
      name: 'EPOT',
      settings: { announcement: { is_active: false, images: [] } },
    }).returning({ id: companies.id });
    return created!.id;
  });
}

export async function findUserByEmail(db: AppDb, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserById(db: AppDb, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * The member with this e-mail, created (individual, default company, no password) when new.
 * Concurrent first sign-ins of one address end with one row: the loser re-reads the winner's.
 */
export async function findOrCreateMember(db: AppDb, email: string, fullname: string): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  const [created] = await db.insert(users)
    .values({ email: email.toLowerCase(), fullname, company_id: await defaultCompanyId(db) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created ?? (await findUserByEmail(db, email))!;
}

/** Records that SSO signed into a passwordless account (first time only); answers the row as it is now. */
export async function linkSso(db: AppDb, user: UserRow, now: Date): Promise<UserRow> {
  if (user.sso_linked_at || user.password_hash) return user;
  const [row] = await db.update(users).set({ sso_linked_at: now }).where(and(eq(users.id, user.id), isNull(users.sso_linked_at))).returning();
  return row ?? user;
}

/** A new e-mail/password member (individual, default company); false when the address is taken. */
export async function registerMember(db: AppDb, email: string, passwordHash: string): Promise<boolean> {
  const [created] = await db.insert(users)
    .values({ email, password_hash: passwordHash, company_id: await defaultCompanyId(db) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created !== undefined;
}

/** Ends every session of the member: tokens carry the old token_version (logout). */
export async function revokeTokens(db: AppDb | Tx, userId: string): Promise<void> {
  await db.update(users).set({ token_version: sql`${users.token_version} + 1` }).where(eq(users.id, userId));
}

/** A new password, which also ends every earlier session (password change and reset). */
export async function setPassword(db: AppDb | Tx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users)
    .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, userId));
}

/** What `app.authenticate` needs of a token's member; undefined for a deleted user. */
const authMemberQuery = preparedPer((db) => db.select({
  id: users.id, email: users.email, is_b2b: users.is_b2b, institution_id: users.institution_id,
  company_id: users.company_id, token_version: users.token_version,
}).from(users).where(eq(users.id, sql.placeholder('id'))).prepare('epot_auth_member'));

/** What every authenticated request reads (a prepared statement: it runs on every call). */
export async function findAuthMember(db: AppDb, id: string) {
  const [row] = await authMemberQuery(db).execute({ id });
  return row;
}

export function toMemberUser(u: UserRow): MemberUser {
  return {
    id: u.id,
    fullname: u.fullname,
    email: u.email,
    is_updated_profile: u.is_updated_profile,
    is_b2b: u.is_b2b,
    institusion: { id: u.institution_id ?? '' },
    company: { id: u.company_id },
    meta: { residential_address: u.residential_address ?? '' },
  };
}

export function toMemberDetail(u: UserRow): MemberDetail {
  return {
    fullname: u.fullname,
    date_of_birth: u.date_of_birth ?? '',
    place_of_birth: u.place_of_birth ?? '',
    phone_number: u.phone_number ?? '',
    email: u.email,
    is_updated_profile: u.is_updated_profile,
    is_b2b: u.is_b2b,
    meta: { residential_address: u.residential_address ?? '' },
    institusion: { id: u.institution_id ?? '' },
    company: { id: u.company_id },
  };
}
