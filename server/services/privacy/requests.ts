// The privacy requests' log (issue 19): every data export and deletion, by the member on /account
// or by staff for a request that came another way. A deletion is logged before it runs (status
// pending), completed with its signed receipt, and the receipt is mailed to the account's address
// from before the anonymisation, which the log keeps (receipt_to) until its retention ends so staff
// can send it again. Staff actions on a request are audited (privacy.deletion, privacy.receipt-resend).
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PrivacyRequestDetail, PrivacyRequestItem } from '../../../contracts/admin-privacy.ts';
import { PRIVACY_AUDIT_ACTIONS, PRIVACY_MESSAGES, type PrivacyRequestChannel, type PrivacyRequestKind } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { auditLog, privacyRequests, staff, users } from '../../db/schema/index.ts';
import type { BlobStore } from '../media/blob-store.ts';
import type { Mailer } from '../platform/mailer.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';
import { anonymiseMember, signDeletionReceipt } from './deletion.ts';

type RequestRow = typeof privacyRequests.$inferSelect;

/** Logs an export the member downloaded (the zip is made on the fly; nothing of it is kept). */
export async function logExport(db: AppDb, user: { id: string; institution_id: string | null }, now: Date): Promise<void> {
  await db.insert(privacyRequests).values({
    kind: 'export', channel: 'account', user_id: user.id, institution_id: user.institution_id, requested_at: now, completed_at: now,
  });
}

const mailTime = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

function receiptMail(row: RequestRow) {
  const removed = row.detail.removed ?? [];
  const kept = row.detail.kept ?? [];
  return { to: row.receipt_to!, subject: PRIVACY_MESSAGES.mailSubject, text: PRIVACY_MESSAGES.mailBody(mailTime(row.completed_at!), removed, kept, row.receipt!) };
}

/** Mails the receipt; true when sent (the row then counts it). */
async function mailReceipt(db: AppDb, mailer: Mailer, row: RequestRow, now: Date, onError: (err: unknown) => void): Promise<boolean> {
  try {
    await mailer.send(receiptMail(row));
  } catch (err) {
    onError(err);
    return false;
  }
  await db.update(privacyRequests).set({ receipt_sent_at: now, receipt_sends: row.receipt_sends + 1 }).where(eq(privacyRequests.id, row.id));
  return true;
}

export interface DeletionInput {
  userId: string;
  channel: PrivacyRequestChannel;
  /** Staff deletions: who and why (the note is required), audited. */
  actor?: AuditActor;
  note?: string;
  now: Date;
  onMailError: (err: unknown) => void;
}

export interface DeletionOutcome { request: RequestRow; receipt: string; removed: string[]; kept: string[] }

/** Logs, runs and confirms a deletion (services/privacy/deletion.ts); null when there is no such member. */
export async function processDeletion(db: AppDb, store: BlobStore, mailer: Mailer, secret: Uint8Array, input: DeletionInput): Promise<DeletionOutcome | null> {
  const [user] = await db.select({ id: users.id, email: users.email, institution_id: users.institution_id }).from(users).where(eq(users.id, input.userId));
  if (!user) return null;
  const [logged] = await db.insert(privacyRequests).values({
    kind: 'deletion', channel: input.channel, user_id: user.id, institution_id: user.institution_id,
    staff_id: input.actor?.staffId ?? null, note: input.note ?? null, requested_at: input.now, receipt_to: user.email,
  }).returning();
  const result = await anonymiseMember(db, store, user.id, input.now);
  if (!result) return null;
  const receipt = await signDeletionReceipt(secret, result);
  const [row] = await db.update(privacyRequests).set({
    completed_at: input.now, receipt, detail: { removed: result.removed, kept: result.kept, photos_deleted: result.photosDeleted },
  }).where(eq(privacyRequests.id, logged!.id)).returning();
  if (input.actor) {
    await appendAudit(db, input.actor, {
      action: PRIVACY_AUDIT_ACTIONS.deletion, targetType: 'privacy_request', targetId: row!.id, institutionId: user.institution_id,
      after: { member_id: user.id, note: input.note, photos_deleted: result.photosDeleted },
    }, input.now);
  }
  await mailReceipt(db, mailer, row!, input.now, input.onMailError);
  const [done] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, row!.id));
  return { request: done!, receipt, removed: result.removed, kept: result.kept };
}

export type ResendOutcome = { ok: true; request: RequestRow } | { ok: false; reason: 'not-found' | 'not-deletion' | 'address-gone' | 'mail-failed' };

/** Sends a deletion's receipt again (staff; audited). Scope: `institutionId` null = any. */
export async function resendReceipt(
  db: AppDb, mailer: Mailer, id: string, scope: { institutionId: string | null; actor: AuditActor; now: Date; onMailError: (err: unknown) => void },
): Promise<ResendOutcome> {
  const { institutionId, actor, now } = scope;
  const row = await requestInScope(db, id, institutionId);
  if (!row) return { ok: false, reason: 'not-found' };
  if (row.kind !== 'deletion' || !row.receipt) return { ok: false, reason: 'not-deletion' };
  if (!row.receipt_to) return { ok: false, reason: 'address-gone' };
  if (!(await mailReceipt(db, mailer, row, now, scope.onMailError))) return { ok: false, reason: 'mail-failed' };
  await appendAudit(db, actor, {
    action: PRIVACY_AUDIT_ACTIONS.receiptResend, targetType: 'privacy_request', targetId: row.id, institutionId: row.institution_id,
  }, now);
  const [done] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, row.id));
  return { ok: true, request: done! };
}

async function requestInScope(db: AppDb, id: string, institutionId: string | null): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(privacyRequests)
    .where(and(eq(privacyRequests.id, id), institutionId ? eq(privacyRequests.institution_id, institutionId) : undefined));
  return row;
}

const processedBy = alias(staff, 'processed_by');
const listColumns = {
  request: privacyRequests,
  member: { id: users.id, fullname: users.fullname, email: users.email },
  staff_email: processedBy.email,
};

type Listed = { request: RequestRow; member: { id: string; fullname: string; email: string }; staff_email: string | null };

const toItem = ({ request: r, member, staff_email }: Listed): PrivacyRequestItem => ({
  id: r.id, kind: r.kind, channel: r.channel, status: r.completed_at ? 'completed' : 'pending', member,
  institution_id: r.institution_id, requested_at: r.requested_at.toISOString(), completed_at: r.completed_at?.toISOString() ?? null,
  staff_email, note: r.note, receipt: r.receipt, receipt_to: r.receipt_to, receipt_sent_at: r.receipt_sent_at?.toISOString() ?? null,
  receipt_sends: r.receipt_sends, removed: r.detail.removed ?? [], kept: r.detail.kept ?? [], photos_deleted: r.detail.photos_deleted ?? null,
});

export interface PrivacyRequestQuery { institutionId: string | null; kind?: PrivacyRequestKind | undefined; page: number; perPage: number }

/** The requests in scope, newest first. */
export async function listPrivacyRequests(db: AppDb, q: PrivacyRequestQuery) {
  const where: SQL[] = [];
  if (q.institutionId) where.push(eq(privacyRequests.institution_id, q.institutionId));
  if (q.kind) where.push(eq(privacyRequests.kind, q.kind));
  const filter = where.length ? and(...where) : undefined;
  const rows = await db.select(listColumns).from(privacyRequests)
    .innerJoin(users, eq(users.id, privacyRequests.user_id)).leftJoin(processedBy, eq(processedBy.id, privacyRequests.staff_id))
    .where(filter).orderBy(desc(privacyRequests.requested_at), desc(privacyRequests.id)).limit(q.perPage).offset((q.page - 1) * q.perPage);
  const [total] = await db.select({ n: count() }).from(privacyRequests).where(filter);
  return { list: rows.map(toItem), total: total?.n ?? 0 };
}

/** One request in scope with its log (its own steps, then the staff actions on it from the audit log); undefined otherwise. */
export async function privacyRequestDetail(db: AppDb, id: string, institutionId: string | null): Promise<PrivacyRequestDetail | undefined> {
  const [row] = await db.select(listColumns).from(privacyRequests)
    .innerJoin(users, eq(users.id, privacyRequests.user_id)).leftJoin(processedBy, eq(processedBy.id, privacyRequests.staff_id))
    .where(and(eq(privacyRequests.id, id), institutionId ? eq(privacyRequests.institution_id, institutionId) : undefined));
  if (!row) return undefined;
  const resends = await db.select({ at: auditLog.at, by: staff.email }).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staff_id))
    .where(and(eq(auditLog.target_type, 'privacy_request'), eq(auditLog.target_id, id), eq(auditLog.action, PRIVACY_AUDIT_ACTIONS.receiptResend)))
    .orderBy(asc(auditLog.at));
  const r = row.request;
  const by = row.staff_email ?? (r.channel === 'staff' ? 'shell' : null);
  const log: PrivacyRequestDetail['log'] = [{ at: r.requested_at.toISOString(), event: 'requested', by }];
  if (r.completed_at) log.push({ at: r.completed_at.toISOString(), event: 'completed', by });
  // The first mail is the one not matched by a re-send in the audit log.
  if (r.receipt_sends > resends.length && r.completed_at) log.push({ at: r.completed_at.toISOString(), event: 'receipt-sent', by: null });
  for (const s of resends) log.push({ at: s.at.toISOString(), event: 'receipt-resent', by: s.by ?? 'shell' });
  return { ...toItem(row), log };
}
