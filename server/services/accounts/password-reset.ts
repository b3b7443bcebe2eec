// Forgot-password codes. A request makes a `code` (128 random bits, url-safe: the reset link's id,
// returned to the requester) and a 6-digit OTP (only mailed). Both are stored hashed; the OTP hash
// includes the code, so it is bound to it. Valid 10 minutes, single use, 5 wrong OTPs kill it.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { setPassword } from './members.ts';

export const RESET_TTL_MS = 10 * 60 * 1000;
export const MAX_OTP_ATTEMPTS = 5;

export const resetMessages = {
  invalid: 'Kode OTP tidak valid atau sudah kedaluwarsa, silakan minta kode OTP baru',
  wrong: 'Kode OTP salah',
  killed: 'Kode OTP salah. Kode ini sudah tidak berlaku, silakan minta kode OTP baru',
  // Answered with 429 for any try on a code that has used up its attempts.
  tooMany: 'Terlalu banyak percobaan kode OTP salah. Silakan minta kode OTP baru.',
  // Past the mail limit while a code is still valid (issue 29 item 9).
  mailAlreadySent: (minutes: number) => `Kode OTP sudah dikirim ke email Anda. Gunakan kode dan tautan di email terakhir, atau minta kode baru dalam ${minutes} menit.`,
} as const;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const otpHash = (code: string, otp: string) => sha256(`${code}:${otp}`);

/** A fresh reset's row and its secrets (the code and OTP exist only in the mail). */
export function prepareReset(userId: string, now: Date, ttlMs = RESET_TTL_MS) {
  const code = randomBytes(16).toString('base64url');
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = { user_id: userId, code_hash: sha256(code), otp_hash: otpHash(code, otp), expires_at: new Date(now.getTime() + ttlMs) };
  return { row, code, otp };
}

/** Starts a reset for the user; earlier unused codes of that user stop working. */
export async function createPasswordReset(db: AppDb, userId: string, now: Date, ttlMs = RESET_TTL_MS): Promise<{ code: string; otp: string }> {
  const { row, code, otp } = prepareReset(userId, now, ttlMs);
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
    await tx.insert(passwordResets).values(row);
  });
  // Housekeeping: expired codes are of no use to anyone.
  await db.delete(passwordResets).where(lt(passwordResets.expires_at, new Date(now.getTime() - 24 * 3600_000)));
  return { code, otp };
}

/** When the user's newest reset that can still be used expires; null when none can. */
export async function usableResetUntil(db: AppDb, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db.select({ expires_at: passwordResets.expires_at }).from(passwordResets)
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at), gt(passwordResets.expires_at, now), lt(passwordResets.attempts, MAX_OTP_ATTEMPTS)))
    .orderBy(desc(passwordResets.expires_at)).limit(1);
  return row?.expires_at ?? null;
}

/**
 * Checks code + OTP. A wrong OTP uses up one attempt (atomically, so parallel guesses count too).
 * Returns the reset's id and user; throws 400 (invalid/expired/used/wrong) or 429 (attempts used up).
 */
export async function checkPasswordReset(db: AppDb, code: string, otp: string, now: Date) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.code_hash, sha256(code)));
  if (!row || row.used_at || row.expires_at <= now) throw HttpError.badRequest(resetMessages.invalid);
  if (row.attempts >= MAX_OTP_ATTEMPTS) throw new HttpError(429, resetMessages.tooMany);
  const expected = Buffer.from(row.otp_hash, 'hex');
  const given = Buffer.from(otpHash(code, otp), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const [after] = await db.update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(and(eq(passwordResets.id, row.id), lt(passwordResets.attempts, MAX_OTP_ATTEMPTS)))
      .returning({ attempts: passwordResets.attempts });
    if (!after) throw new HttpError(429, resetMessages.tooMany);
    throw HttpError.badRequest(after.attempts >= MAX_OTP_ATTEMPTS ? resetMessages.killed : resetMessages.wrong);
  }
  return { id: row.id, userId: row.user_id };
}

/**
 * Marks the reset used, inside the caller's transaction; false when another request got there
 * first (or it expired / was killed meanwhile), so a code is consumed exactly once.
 */
export async function consumePasswordReset(tx: AppDb, id: string, now: Date): Promise<boolean> {
  const rows = await tx.update(passwordResets)
    .set({ used_at: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.used_at), gt(passwordResets.expires_at, now),
      lt(passwordResets.attempts, MAX_OTP_ATTEMPTS)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

/**
 * The last step: uses up the reset (exactly once, so a raced second request gets resetMessages.invalid)
 * and sets the new password, which ends every session from before the reset, in one transaction.
 */
export async function completePasswordReset(db: AppDb, reset: { id: string; userId: string }, passwordHash: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await consumePasswordReset(tx, reset.id, now))) throw HttpError.badRequest(resetMessages.invalid);
    await setPassword(tx, reset.userId, passwordHash);
  });
}
