// One-time password-set links for staff accounts: a new account made without a password (console or
// `npm run admin -- staff add`) or a new link for an existing one. Like the members' password_resets:
// 128 random bits (url-safe: the link's last segment), only their sha256 stored, single use, an
// expiry; a new link replaces the account's unused ones. The holder of the link sets the password on
// /admin/password-set/:code; there is no OTP (the link is mailed to the account's own address, or
// printed for the operator running the CLI).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { STAFF_PASSWORD_SET_PAGE, type StaffRole } from '../../../contracts/facts/index.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { institutions, staff, staffPasswordTokens } from '../../db/schema/index.ts';
import type { Mailer } from '../platform/mailer.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { insertStaff, type NewStaff, type StaffRow } from './staff-accounts.ts';

export const STAFF_PASSWORD_LINK_TTL_MS = 3 * 24 * 3600_000;
export const STAFF_PASSWORD_MAIL_SUBJECT = 'Buat password akun staf EPOT Anda';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The page's path for a code (the SPA's /admin/password-set/:code). */
export const staffPasswordPath = (code: string) => `${STAFF_PASSWORD_SET_PAGE}/${encodeURIComponent(code)}`;

/** A new code for the account, in the caller's transaction; earlier unused ones stop working. */
export async function createStaffPasswordLink(tx: AppDb | AppTx, staffId: string, now: Date): Promise<string> {
  const code = randomBytes(16).toString('base64url');
  await tx.delete(staffPasswordTokens).where(and(eq(staffPasswordTokens.staff_id, staffId), isNull(staffPasswordTokens.used_at)));
  await tx.insert(staffPasswordTokens).values({ staff_id: staffId, code_hash: sha256(code), expires_at: new Date(now.getTime() + STAFF_PASSWORD_LINK_TTL_MS), created_at: now });
  // Housekeeping: codes a day past their expiry are of no use to anyone.
  await tx.delete(staffPasswordTokens).where(lt(staffPasswordTokens.expires_at, new Date(now.getTime() - 24 * 3600_000)));
  return code;
}

export interface StaffWithLink { row: StaffRow; code: string }

/** A new staff account without a password and its first link, in one transaction (and one audit entry). */
export async function createStaffWithLink(db: AppDb, input: Omit<NewStaff, 'password'>, actor: AuditActor, now: Date): Promise<StaffWithLink> {
  return db.transaction(async (tx) => {
    const row = await insertStaff(tx, input, actor, now);
    return { row, code: await createStaffPasswordLink(tx, row.id, now) };
  });
}

/** A new link for an existing account (audited); earlier unused links stop working. */
export async function renewStaffPasswordLink(db: AppDb, row: StaffRow, actor: AuditActor, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const code = await createStaffPasswordLink(tx, row.id, now);
    await appendAudit(tx, actor, { action: 'staff.password-link', targetType: 'staff', targetId: row.id, institutionId: row.institution_id }, now);
    return code;
  });
}

/** Who a usable code belongs to, or undefined (unknown, used or expired: the same answer). */
export async function staffOfPasswordLink(db: AppDb, code: string, now: Date) {
  const [row] = await db.select({ email: staff.email, name: staff.name, role: staff.role, active: staff.active })
    .from(staffPasswordTokens).innerJoin(staff, eq(staff.id, staffPasswordTokens.staff_id))
    .where(and(eq(staffPasswordTokens.code_hash, sha256(code)), isNull(staffPasswordTokens.used_at), gt(staffPasswordTokens.expires_at, now)));
  return row?.active ? { email: row.email, name: row.name, role: row.role } : undefined;
}

/**
 * Uses the code up (exactly once: a raced second request finds it used) and sets the password,
 * which also ends every earlier session of the account, in one transaction with its audit entry.
 * False when the code is unknown, used, expired or the account is deactivated.
 */
export async function completeStaffPasswordSet(db: AppDb, code: string, passwordHash: string, ip: string | null, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [used] = await tx.update(staffPasswordTokens).set({ used_at: now })
      .where(and(eq(staffPasswordTokens.code_hash, sha256(code)), isNull(staffPasswordTokens.used_at), gt(staffPasswordTokens.expires_at, now)))
      .returning({ staff_id: staffPasswordTokens.staff_id });
    if (!used) return false;
    const [row] = await tx.update(staff).set({ password_hash: passwordHash, token_version: sql`${staff.token_version} + 1` })
      .where(and(eq(staff.id, used.staff_id), eq(staff.active, true))).returning();
    if (!row) return false;
    await appendAudit(tx, { staffId: row.id, role: row.role, ip }, {
      action: 'staff.password-set', targetType: 'staff', targetId: row.id, institutionId: row.institution_id,
    }, now);
    return true;
  });
}

export interface StaffMailContext {
  /** The site's origin for the link (see docs/staff-console.md, "Links in mails"); null: the mail names the page instead. */
  origin: string | null;
  supportEmail: string;
}

const ROLE_WORDS: Record<StaffRole, string> = { operator: 'operator', 'institution-admin': 'admin lembaga', proctor: 'pengawas' };

export function staffPasswordMailText(o: { email: string; name: string; role: StaffRole; institutionName: string | null; code: string }, ctx: StaffMailContext): string {
  const path = staffPasswordPath(o.code);
  const where = o.institutionName ? ` untuk ${o.institutionName}` : '';
  return [
    `Halo ${o.name || o.email},`,
    '',
    `Akun staf EPOT (${ROLE_WORDS[o.role]}${where}) dengan email ${o.email} siap digunakan.`,
    'Buat password Anda melalui tautan berikut:',
    '',
    ctx.origin ? `${ctx.origin}${path}` : `Buka alamat ${path} di situs EPOT Anda.`,
    '',
    `Tautan berlaku selama ${STAFF_PASSWORD_LINK_TTL_MS / 3_600_000} jam dan hanya dapat digunakan satu kali. Jangan berikan tautan ini kepada siapa pun.`,
    'Jika Anda tidak merasa memerlukan akun ini, abaikan email ini.',
    `Butuh bantuan? Hubungi ${ctx.supportEmail}.`,
    '',
    'Salam,',
    'Tim EPOT',
  ].join('\n');
}

/** Mails the link to the account's own address. */
export async function mailStaffPasswordLink(db: AppDb, mailer: Mailer, row: StaffRow, code: string, ctx: StaffMailContext): Promise<void> {
  const [inst] = row.institution_id
    ? await db.select({ name: institutions.name }).from(institutions).where(eq(institutions.id, row.institution_id))
    : [];
  await mailer.send({
    to: row.email, subject: STAFF_PASSWORD_MAIL_SUBJECT,
    text: staffPasswordMailText({ email: row.email, name: row.name, role: row.role, institutionName: inst?.name ?? null, code }, ctx),
  });
}
