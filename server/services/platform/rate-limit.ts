// Fixed-window rate limits kept in the database, so every server process counts into the same
// window. One atomic upsert per attempt: concurrent requests cannot slip past the limit together.
import { lt, sql, type Placeholder } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppDb } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

// Old windows are deleted now and then (not on every call: it is a write).
const PRUNE_EVERY = 200;
let calls = 0;

/**
 * The upsert that counts one attempt, returning the window's count and end (usable as a CTE), with
 * each value either given or a placeholder, so a prepared statement can carry it. Times are ISO strings.
 */
export function countAttemptSql(db: AppDb, key: string | Placeholder, nowIso: string | Placeholder, resetAtIso: string | Placeholder) {
  const expired = sql`${rateLimits.reset_at} <= ${nowIso}::timestamptz`;
  const resetAt = sql`${resetAtIso}::timestamptz`;
  return db.insert(rateLimits)
    .values({ key, count: 1, reset_at: resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        reset_at: sql`case when ${expired} then ${resetAt} else ${rateLimits.reset_at} end`,
      },
    })
    .returning({ count: rateLimits.count, reset_at: rateLimits.reset_at });
}

/** What countAttemptSql's row means for `limit`; prunes old windows now and then. */
export async function rateLimitResult(db: AppDb, row: { count: number; reset_at: Date }, limit: number, now: Date): Promise<RateLimitResult> {
  if (++calls % PRUNE_EVERY === 0) await db.delete(rateLimits).where(lt(rateLimits.reset_at, now));
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((row.reset_at.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Commits without waiting for the WAL flush (local to the statement's own transaction): a rate-limit
 * count is a guard, not a record, and a PostgreSQL crash can forget at most the last ~600 ms of
 * counts. Waiting for the flush made every login, submit and violation report pay one more fsync
 * (bench/README.md, server load: the spike's and the submits' WAL waits). Callers pass `app.db`,
 * never a transaction whose other writes must be durable.
 */
const asyncCommit = sql<string>`set_config('synchronous_commit', 'off', true)`;

// Every login, submit and report counts an attempt: prepared, like the autosave (db/prepared.ts).
const consumeQuery = preparedPer((db) => {
  const counted = db.$with('counted').as(countAttemptSql(db, sql.placeholder('key'), sql.placeholder('now'), sql.placeholder('reset_at')));
  return db.with(counted).select({ count: counted.count, reset_at: counted.reset_at, async_commit: asyncCommit }).from(counted).prepare('epot_rate_limit');
});

/** Counts one attempt against `key`; `allowed` is false once more than `limit` fall into the window. */
export async function consume(db: AppDb, key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitResult> {
  const [row] = await consumeQuery(db).execute({ key, now: now.toISOString(), reset_at: new Date(now.getTime() + windowMs).toISOString() });
  return rateLimitResult(db, row!, limit, now);
}

/** Takes back one attempt (e.g. a login that succeeded), so only failures use up the limit. */
export async function refund(db: AppDb, key: string): Promise<void> {
  const refunded = db.$with('refunded').as(db.update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`)
    .returning({ key: rateLimits.key }));
  await db.with(refunded).select({ async_commit: asyncCommit }).from(sql`(select count(*) from ${refunded}) as done`);
}

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(429, `Terlalu banyak percobaan. Silakan coba lagi dalam ${Math.ceil(retryAfterSeconds / 60)} menit.`);
}

/**
 * consume(), and when the limit is exceeded: sets Retry-After on the reply (headers survive the
 * error handler) and throws the 429.
 */
export async function enforce(db: AppDb, reply: FastifyReply, key: string, limit: number, windowMs: number, now: Date): Promise<void> {
  refuseIfOver(reply, await consume(db, key, limit, windowMs, now));
}

/** Sets Retry-After and throws the 429 when the attempt was over the limit. */
export function refuseIfOver(reply: FastifyReply, r: RateLimitResult): void {
  if (r.allowed) return;
  reply.header('retry-after', String(r.retryAfterSeconds));
  throw tooManyAttempts(r.retryAfterSeconds);
}
