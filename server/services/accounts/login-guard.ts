// Login limits for members and staff (issue 29 item 7). Two counters, both in rate_limits so they
// hold across processes:
// - per account (the e-mail, known or not): the first FREE_FAILURES wrong tries in an hour are
//   answered 401; from then on every failure locks the account for a growing delay (15 s, 30 s, ... up
//   to 15 minutes), during which any try is answered 429 with Retry-After without looking at the
//   password, so a guesser gets a handful of checks an hour. The owner is mailed when it starts.
// - per address, across accounts: past ADDRESS_FAILURES failures in 15 minutes, a wrong password
//   from that address is answered 429 too; correct credentials still pass, so one student guessing
//   cannot lock out a whole computer lab behind one NAT address.
// A correct login clears its account's failures.
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import type { Mailer } from '../platform/mailer.ts';
import { consume } from '../platform/rate-limit.ts';

export const LOGIN_GUARD = {
  freeFailures: 5,
  accountWindowMs: 60 * 60_000,
  firstDelayMs: 15_000,
  maxDelayMs: 15 * 60_000,
  addressFailures: 30,
  addressWindowMs: 15 * 60_000,
} as const;

export type LoginScope = 'member' | 'staff';

const failKey = (scope: LoginScope, email: string) => `${scope}-login-fail:${email.trim().toLowerCase()}`;
const lockKey = (scope: LoginScope, email: string) => `${scope}-login-lock:${email.trim().toLowerCase()}`;
const addressKey = (scope: LoginScope, ip: string) => `${scope}-login-ip:${ip}`;
const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** The delay after the `failures`-th failure in the window (none while the first ones are free). */
export function lockDelayMs(failures: number): number {
  if (failures <= LOGIN_GUARD.freeFailures) return 0;
  return Math.min(LOGIN_GUARD.maxDelayMs, LOGIN_GUARD.firstDelayMs * 2 ** Math.min(30, failures - LOGIN_GUARD.freeFailures - 1));
}

/** Seconds the account must wait before its next try; null when it may try now. */
export async function accountLockedFor(db: AppDb, scope: LoginScope, email: string, now: Date): Promise<number | null> {
  const [row] = await db.select({ until: rateLimits.reset_at }).from(rateLimits)
    .where(and(eq(rateLimits.key, lockKey(scope, email)), gt(rateLimits.reset_at, now)));
  return row ? secondsUntil(row.until, now) : null;
}

export interface FailureOutcome {
  /** Seconds to wait (answer 429 with Retry-After); null: answer the plain 401. */
  retryAfterSeconds: number | null;
  /** The failure that started the slowing down this window: mail the owner. */
  firstLock: boolean;
}

/** Counts a wrong password (or second factor) against the account and the address. */
export async function recordLoginFailure(db: AppDb, scope: LoginScope, email: string, ip: string, now: Date): Promise<FailureOutcome> {
  const account = await consume(db, failKey(scope, email), Number.MAX_SAFE_INTEGER, LOGIN_GUARD.accountWindowMs, now);
  const address = await consume(db, addressKey(scope, ip), LOGIN_GUARD.addressFailures, LOGIN_GUARD.addressWindowMs, now);
  const delay = lockDelayMs(account.count);
  let accountWait: number | null = null;
  if (delay > 0) {
    const until = new Date(now.getTime() + delay);
    await db.insert(rateLimits).values({ key: lockKey(scope, email), count: account.count, reset_at: until })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: account.count, reset_at: until } });
    accountWait = secondsUntil(until, now);
  }
  const addressWait = address.allowed ? null : address.retryAfterSeconds;
  const waits = [accountWait, addressWait].filter((w): w is number => w !== null);
  return { retryAfterSeconds: waits.length ? Math.max(...waits) : null, firstLock: account.count === LOGIN_GUARD.freeFailures + 1 };
}

/** A correct login: the account starts again with its free tries. */
export async function recordLoginSuccess(db: AppDb, scope: LoginScope, email: string): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, [failKey(scope, email), lockKey(scope, email)]));
}

/**
 * A refused sign-in (members and staff alike): counts the failure, mails the owner once when their
 * account starts being slowed down, and gives the seconds to wait (answer 429 with Retry-After), or
 * null for a plain 401.
 */
export async function refuseLogin(
  deps: { db: AppDb; mailer: Mailer; supportEmail: string; onMailError: (err: unknown) => void },
  attempt: { scope: LoginScope; email: string; ip: string; now: Date; owner: { email: string; name: string } | null },
): Promise<number | null> {
  const failure = await recordLoginFailure(deps.db, attempt.scope, attempt.email, attempt.ip, attempt.now);
  if (failure.firstLock && attempt.owner) {
    await deps.mailer.send({
      to: attempt.owner.email, subject: LOGIN_ALERT_SUBJECT,
      text: loginAlertText({ name: attempt.owner.name || attempt.owner.email, failures: LOGIN_GUARD.freeFailures + 1, supportEmail: deps.supportEmail }),
    }).catch(deps.onMailError);
  }
  return failure.retryAfterSeconds;
}

export const LOGIN_ALERT_SUBJECT = 'Percobaan login ke akun EPOT Anda';

/** The owner's mail when their account starts being slowed down. */
export function loginAlertText(o: { name: string; failures: number; supportEmail: string }): string {
  return [
    `Halo ${o.name},`,
    '',
    `Ada ${o.failures} percobaan login dengan password yang salah ke akun EPOT Anda dalam satu jam terakhir.`,
    'Untuk melindungi akun Anda, percobaan login berikutnya kami perlambat sementara.',
    '',
    'Jika itu Anda, tunggu sebentar lalu coba lagi, atau gunakan "Lupa password" untuk membuat password baru.',
    'Jika bukan Anda, password Anda tetap aman selama tidak diketahui orang lain; sebaiknya ganti password Anda.',
    `Butuh bantuan? Hubungi ${o.supportEmail}.`,
    '',
    'Salam,',
    'Tim EPOT',
  ].join('\n');
}
