// Staff accounts: creation (console and CLI share it), password + TOTP login (RFC 6238 via otplib),
// enrolment with one-time recovery codes, and "log out everywhere".
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, getTableColumns, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { StaffRole } from '../../../contracts/facts/index.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { institutions, staff } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import { appendAudit, type AuditActor } from './audit.ts';

export type StaffRow = typeof staff.$inferSelect;
/** A staff row as sign-in reads it: with its institution's two-factor rule. */
export type StaffAuthRow = StaffRow & { institution_totp_required: boolean };
/** What a staff member may see of their own account (no hashes, no secret). */
export interface StaffPublic {
  id: string; email: string; name: string; role: StaffRole; institution_id: string | null; totp_enabled: boolean;
  totp_required: boolean;
}

/**
 * Whether the account must enrol two-factor login before anything else: operators always, and the
 * admins and proctors of an institution that turned `staff_totp_required` on; never an exempt
 * account (only the demo seed's).
 */
export const mustEnrolTotp = (row: Pick<StaffAuthRow, 'role' | 'totp_enabled' | 'totp_exempt' | 'institution_totp_required'>): boolean =>
  !row.totp_enabled && !row.totp_exempt && (row.role === 'operator' || row.institution_totp_required);

export const toStaffPublic = (row: StaffAuthRow): StaffPublic => ({
  id: row.id, email: row.email, name: row.name, role: row.role, institution_id: row.institution_id, totp_enabled: row.totp_enabled,
  totp_required: mustEnrolTotp(row),
});

export interface NewStaff { email: string; name?: string; role: StaffRole; institutionId: string | null; password?: string }

/** A broken account rule (`rule`) or an e-mail that has a staff account (`taken`); the message is the CLI's. */
export class StaffInputError extends Error {
  constructor(message: string, readonly reason: 'rule' | 'taken' = 'rule') { super(message); }
}

/** Inserts the account and its audit entry in the caller's transaction (StaffInputError: a rule broken or the e-mail taken). */
export async function insertStaff(tx: AppDb | AppTx, input: NewStaff, actor: AuditActor, now: Date): Promise<StaffRow> {
  if (input.role === 'institution-admin' && !input.institutionId) throw new StaffInputError('an institution admin needs --institution');
  if (input.role === 'operator' && input.institutionId) throw new StaffInputError('an operator belongs to no institution');
  const email = input.email.trim().toLowerCase();
  const password_hash = input.password ? await hashPassword(input.password) : null;
  const [row] = await tx.insert(staff).values({
    email, name: input.name ?? '', role: input.role, institution_id: input.institutionId, password_hash, created_at: now,
  }).onConflictDoNothing().returning();
  if (!row) throw new StaffInputError(`a staff account with e-mail ${email} exists`, 'taken');
  await appendAudit(tx, actor, {
    action: 'staff.create', targetType: 'staff', targetId: row.id, institutionId: row.institution_id,
    after: { email, role: row.role, institution_id: row.institution_id },
  }, now);
  return row;
}

/** A new account; without `password` it has none until a password-set link is used (staff-password-links.ts). */
export async function createStaff(db: AppDb, input: NewStaff, actor: AuditActor, now: Date): Promise<StaffRow> {
  return db.transaction((tx) => insertStaff(tx, input, actor, now));
}

async function findStaff(db: AppDb, where: SQL): Promise<StaffAuthRow | undefined> {
  const [row] = await db.select({ ...getTableColumns(staff), institution_totp_required: sql<boolean>`coalesce(${institutions.staff_totp_required}, false)` })
    .from(staff).leftJoin(institutions, eq(institutions.id, staff.institution_id)).where(where);
  return row;
}

export const findStaffByEmail = (db: AppDb, email: string) => findStaff(db, eq(staff.email, email.trim().toLowerCase()));
export const findStaffById = (db: AppDb, id: string) => findStaff(db, eq(staff.id, id));

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/**
 * The time step `code` matches, one step either side (±30 s) for clocks that drift a little; null when
 * it matches none, or only steps at or before `afterStep` (a code already used: RFC 6238 section 5.2).
 */
export async function totpStep(secret: string, code: string, now: Date, afterStep?: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epoch: epochOf(now), epochTolerance: 30, ...(afterStep != null ? { afterTimeStep: afterStep } : {}) });
  // The matched step from the delta (otplib's union with HOTP's result type does not carry timeStep).
  return result.valid ? Math.floor(epochOf(now) / 30) + result.delta : null;
}

export const totpValid = async (secret: string, code: string, now: Date): Promise<boolean> => (await totpStep(secret, code, now)) !== null;

/** Recovery codes as confirmTotpEnrolment makes them: 40 random bits in hex. */
const RECOVERY_FORMAT = /^[0-9a-f]{10}$/;
const KEYED_PREFIX = 'hmac:';
/**
 * Recovery codes are random, not passwords: a fast keyed hash (HMAC-SHA256 keyed with the account's
 * TOTP secret, which new codes always come with) is enough, and a wrong guess costs no argon2 runs.
 */
const recoveryHash = (totpSecret: string, code: string) => `${KEYED_PREFIX}${createHmac('sha256', totpSecret).update(code).digest('hex')}`;

/** The stored hash `code` matches: keyed ones, then argon2 ones from before issue 29 (accepted until spent). */
async function matchingRecoveryHash(row: StaffRow, code: string): Promise<string | null> {
  const keyed = recoveryHash(row.totp_secret!, code);
  const found = row.recovery_hashes.find((h) => h.length === keyed.length && timingSafeEqual(Buffer.from(h), Buffer.from(keyed)));
  if (found) return found;
  for (const hashed of row.recovery_hashes) if (!hashed.startsWith(KEYED_PREFIX) && await verifyPassword(hashed, code)) return hashed;
  return null;
}

/** A code for `now` (tests and the demo use it; the candidate-facing app never does). */
export const totpCode = (secret: string, now: Date): Promise<string> => generate({ secret, epoch: epochOf(now) });

export type SecondFactor = 'ok' | 'required' | 'wrong';

/**
 * Checks `otp`: a TOTP code of a step after the last accepted one (stored, so a code works once), or
 * one unused recovery code (which it then spends). Only input of a recovery code's format is compared
 * with the recovery hashes.
 */
export async function checkSecondFactor(db: AppDb, row: StaffRow, otp: string | undefined, now: Date): Promise<SecondFactor> {
  if (!row.totp_enabled || !row.totp_secret) return 'ok';
  if (!otp) return 'required';
  const code = otp.replace(/\s+/g, '').toLowerCase();
  const step = await totpStep(row.totp_secret, code, now, row.totp_last_step);
  if (step !== null) {
    // Conditional, so two logins racing with one code cannot both pass.
    const taken = await db.update(staff).set({ totp_last_step: step })
      .where(and(eq(staff.id, row.id), or(isNull(staff.totp_last_step), lt(staff.totp_last_step, step)))).returning({ id: staff.id });
    return taken.length ? 'ok' : 'wrong';
  }
  if (!RECOVERY_FORMAT.test(code)) return 'wrong';
  const hashed = await matchingRecoveryHash(row, code);
  if (!hashed) return 'wrong';
  // Spent in one statement so two logins cannot both use it.
  const spent = await db.update(staff)
    .set({ recovery_hashes: sql`${staff.recovery_hashes} - ${hashed}::text` })
    .where(sql`${staff.id} = ${row.id} and ${staff.recovery_hashes} ? ${hashed}::text`).returning({ id: staff.id });
  return spent.length ? 'ok' : 'wrong';
}

/** A new secret (not yet trusted) and what the authenticator app scans. */
export async function startTotpEnrolment(db: AppDb, row: StaffRow) {
  const secret = generateSecret();
  await db.update(staff).set({ totp_secret: secret, totp_enabled: false }).where(eq(staff.id, row.id));
  const otpauth_url = generateURI({ issuer: 'EPOT', label: row.email, secret });
  return { otpauth_url, secret, qr_data_url: await QRCode.toDataURL(otpauth_url) };
}

const RECOVERY_CODES = 8;

/** Turns two-factor login on once a code proves the app has the secret; returns recovery codes once. */
export async function confirmTotpEnrolment(db: AppDb, row: StaffRow, code: string, actor: AuditActor, now: Date): Promise<string[] | null> {
  const secret = row.totp_secret;
  const step = secret ? await totpStep(secret, code, now) : null;
  if (!secret || step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex'));
  const hashes = codes.map((c) => recoveryHash(secret, c));
  await db.transaction(async (tx) => {
    // The confirming code is used: it does not sign in again.
    await tx.update(staff).set({ totp_enabled: true, recovery_hashes: hashes, totp_last_step: step }).where(eq(staff.id, row.id));
    await appendAudit(tx, actor, {
      action: 'staff.totp-enable', targetType: 'staff', targetId: row.id, institutionId: row.institution_id,
      before: { totp_enabled: row.totp_enabled }, after: { totp_enabled: true },
    }, now);
  });
  return codes;
}

/** Every token issued so far stops working. */
export async function revokeStaffTokens(db: AppDb, staffId: string): Promise<void> {
  await db.update(staff).set({ token_version: sql`${staff.token_version} + 1` }).where(eq(staff.id, staffId));
}
