// An institution's members as the staff console manages them: list with search and paging, add
// one, deactivate/reactivate (a deactivated member cannot sign in; their sessions end), each
// change in the audit log. CSV import is in member-import.ts; password-set mails in member-invites.ts.
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminMember } from '../../../contracts/admin-members.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { institutions, orders, users } from '../../db/schema/index.ts';
import { appendAudit, type AuditActor } from './audit.ts';

export type MemberRow = typeof users.$inferSelect;

export interface MemberListQuery {
  /** null = every institution (operators). */
  institutionId: string | null;
  search?: string | undefined;
  status: 'all' | 'active' | 'inactive';
  page: number;
  perPage: number;
}

/** `%…%` for ILIKE with the user's own % and _ taken literally. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const memberColumns = {
  id: users.id, email: users.email, fullname: users.fullname, phone_number: users.phone_number,
  institution_id: users.institution_id, active: users.active, password_hash: users.password_hash, created_at: users.created_at,
  order_count: sql<number>`(select count(*)::int from ${orders} where ${orders.user_id} = ${users.id})`,
};

type ListedMember = { [K in keyof typeof memberColumns]: K extends 'order_count' ? number : MemberRow[K & keyof MemberRow] };

export const toAdminMember = (r: ListedMember): AdminMember => ({
  id: r.id, email: r.email, fullname: r.fullname, phone_number: r.phone_number ?? '', institution_id: r.institution_id,
  active: r.active, password_set: r.password_hash !== null, order_count: Number(r.order_count), created_at: r.created_at.toISOString(),
});

export async function listMembers(db: AppDb, q: MemberListQuery) {
  const where: SQL[] = [];
  if (q.institutionId) where.push(eq(users.institution_id, q.institutionId));
  if (q.status !== 'all') where.push(eq(users.active, q.status === 'active'));
  if (q.search) where.push(or(ilike(users.fullname, likePattern(q.search)), ilike(users.email, likePattern(q.search)))!);
  const filter = where.length ? and(...where) : undefined;
  const rows = await db.select(memberColumns).from(users).where(filter)
    .orderBy(asc(users.fullname), asc(users.email)).limit(q.perPage).offset((q.page - 1) * q.perPage);
  const [total] = await db.select({ n: count() }).from(users).where(filter);
  return { list: rows.map(toAdminMember), total: total?.n ?? 0 };
}

/** The member if it is in scope (institutionId null = any); undefined otherwise (the route answers 404). */
export async function memberInScope(db: AppDb | AppTx, id: string, institutionId: string | null): Promise<AdminMember | undefined> {
  const [row] = await db.select(memberColumns).from(users)
    .where(and(eq(users.id, id), institutionId ? eq(users.institution_id, institutionId) : undefined));
  return row && toAdminMember(row);
}

/** The institution's company (members belong to it), or undefined when the institution does not exist. */
export async function institutionOf(db: AppDb | AppTx, institutionId: string) {
  const [row] = await db.select({ id: institutions.id, name: institutions.name, company_id: institutions.company_id })
    .from(institutions).where(eq(institutions.id, institutionId));
  return row;
}

export interface NewMember { email: string; fullname: string; phone_number?: string | undefined }

/** Adds one member to the institution (no password: the member sets it by the mailed link); undefined if the e-mail is taken. */
export async function addMember(db: AppDb, inst: { id: string; company_id: string }, m: NewMember, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values({
      email: m.email, fullname: m.fullname, phone_number: m.phone_number || null, is_b2b: true,
      institution_id: inst.id, company_id: inst.company_id, created_at: now,
    }).onConflictDoNothing({ target: users.email }).returning();
    if (!row) return undefined;
    await appendAudit(tx, actor, {
      action: 'member.create', targetType: 'member', targetId: row.id, institutionId: inst.id,
      // Ids and what was set, never the values: the audit log outlives an erasure (issue 29.4).
      after: { member_id: row.id, set: ['email', 'fullname', ...(row.phone_number ? ['phone_number'] : [])] },
    }, now);
    return row;
  });
}

/** Deactivates (ending every session) or reactivates a member in scope; undefined when not in scope. */
export async function setMemberActive(db: AppDb, id: string, institutionId: string | null, active: boolean, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ active: users.active, institution_id: users.institution_id }).from(users)
      .where(and(eq(users.id, id), institutionId ? eq(users.institution_id, institutionId) : undefined)).for('update');
    if (!before) return undefined;
    await tx.update(users).set({
      active, ...(active ? {} : { token_version: sql`${users.token_version} + 1` }),
    }).where(eq(users.id, id));
    await appendAudit(tx, actor, {
      action: active ? 'member.reactivate' : 'member.deactivate', targetType: 'member', targetId: id,
      institutionId: before.institution_id, before: { active: before.active }, after: { active },
    }, now);
    return memberInScope(tx, id, institutionId);
  });
}
