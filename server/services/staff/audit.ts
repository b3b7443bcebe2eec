// The audit log: every change a staff member (or the server shell) makes, appended and never edited.
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditActor {
  /** Null when the change came from `npm run admin` on the server. */
  staffId: string | null;
  role: string;
  ip: string | null;
  /** The TCP peer (a proxy, or the client itself); `ip` may come from X-Forwarded-For. */
  socketIp?: string | null;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  institutionId: string | null;
  before?: unknown;
  after?: unknown;
}

export const SHELL_ACTOR: AuditActor = { staffId: null, role: 'shell', ip: null };

export async function appendAudit(db: AppDb | AppTx, actor: AuditActor, entry: AuditEntry, at: Date): Promise<void> {
  await db.insert(auditLog).values({
    staff_id: actor.staffId, role: actor.role, ip: actor.ip, socket_ip: actor.socketIp ?? null, at,
    action: entry.action, target_type: entry.targetType, target_id: entry.targetId,
    institution_id: entry.institutionId, before: entry.before ?? null, after: entry.after ?? null,
  });
}

export interface AuditQuery {
  /** Only this institution's entries (institution staff); undefined = all (operators). */
  institutionId?: string;
  action?: string;
  staffId?: string;
  from?: Date;
  to?: Date;
  page: number;
  perPage: number;
}

export async function listAudit(db: AppDb, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.institutionId) where.push(eq(auditLog.institution_id, q.institutionId));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.staffId) where.push(eq(auditLog.staff_id, q.staffId));
  if (q.from) where.push(gte(auditLog.at, q.from));
  if (q.to) where.push(lt(auditLog.at, q.to));
  const filter = where.length ? and(...where) : undefined;
  const rows = await db.select().from(auditLog).where(filter).orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.perPage).offset((q.page - 1) * q.perPage);
  const [total] = await db.select({ n: count() }).from(auditLog).where(filter);
  return { rows, total: total?.n ?? 0 };
}
