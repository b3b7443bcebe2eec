// The retention sweep: for each data class with a period (services/retention/classes.ts), the rows
// older than it are deleted or stripped of their personal parts, a batch at a time, skipping rows
// under a hold (holds.ts). Idempotent and safe to run from several processes at once: a second
// pass finds nothing. Run hourly by plugins/retention.ts and by `npm run admin -- retention run`.
import { and, inArray, isNotNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import {
  auditLog, deviceReports, licenceAttempts, mailOutbox, orderSections, passwordResets, privacyRequests, proctoringEvents, proctoringHeartbeats, sessionLiveEvents,
  rateLimits, violations,
} from '../../db/schema/index.ts';
import type { BlobStore } from '../media/blob-store.ts';
import { sweepOldPhotos } from '../proctoring/photo-retention.ts';
import { heldOrderCondition } from '../review/queue.ts';
import { RETENTION_CLASSES, type RetentionClass, type RetentionPolicy } from './classes.ts';
import { prepareHolds, RETENTION_HOLDS, type RetentionHolds } from './holds.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface SweepContext {
  db: AppDb;
  store: BlobStore;
  now: Date;
  cutoff: Date;
  holds: RetentionHolds;
  batch: number;
}

/** Picks up to `batch` keys, applies the change to them, until none is left; returns how many. */
async function inBatches<K>(batch: number, pick: (limit: number) => Promise<K[]>, apply: (keys: K[]) => Promise<unknown>): Promise<number> {
  let total = 0;
  for (;;) {
    const keys = await pick(batch);
    if (keys.length === 0) return total;
    await apply(keys);
    total += keys.length;
    if (keys.length < batch) return total;
  }
}

const unheld = (hold: (() => SQL) | undefined) => (hold ? not(hold()) : undefined);

/** Deletes the rows of a table with an `id` that match `where`, in batches. */
function deleteWhere(ctx: SweepContext, table: typeof proctoringEvents | typeof proctoringHeartbeats | typeof deviceReports | typeof mailOutbox | typeof licenceAttempts | typeof passwordResets, where: SQL | undefined) {
  return inBatches(ctx.batch,
    async (limit) => (await ctx.db.select({ id: table.id }).from(table).where(where).limit(limit)).map((r) => r.id),
    (ids) => ctx.db.delete(table).where(inArray(table.id, ids)));
}

const SWEEPS: Record<RetentionClass, (ctx: SweepContext, days: number) => Promise<number>> = {
  photos: (ctx, days) => sweepOldPhotos(ctx.db, ctx.store, ctx.now, days, { batch: ctx.batch, hold: ctx.holds.photos }),

  violation_details: (ctx) => {
    const where = and(lt(violations.created_at, ctx.cutoff), or(isNotNull(violations.text_voice), isNotNull(violations.image_media_id)), unheld(ctx.holds.violation_details));
    return inBatches(ctx.batch,
      async (limit) => (await ctx.db.select({ id: violations.id }).from(violations).where(where).limit(limit)).map((r) => r.id),
      (ids) => ctx.db.update(violations).set({ text_voice: null, image_media_id: null }).where(inArray(violations.id, ids)));
  },

  answers: (ctx) => {
    // Only closed sections (submitted_at set), so an attempt in progress never loses its draft.
    const where = and(lt(orderSections.submitted_at, ctx.cutoff), or(isNotNull(orderSections.answer), isNotNull(orderSections.draft)), unheld(ctx.holds.answers));
    return inBatches(ctx.batch,
      async (limit) => (await ctx.db.select({ id: orderSections.id }).from(orderSections).where(where).limit(limit)).map((r) => r.id),
      (ids) => ctx.db.update(orderSections).set({ answer: null, draft: null, draft_position: null }).where(inArray(orderSections.id, ids)));
  },

  proctoring_events: async (ctx) => {
    const events = await deleteWhere(ctx, proctoringEvents, and(lt(proctoringEvents.created_at, ctx.cutoff), unheld(ctx.holds.proctoring_events)));
    // The monitoring heartbeats (issue 27) are kept as long as the events, under the same holds.
    const beatsHold = ctx.holds.proctoring_events ? () => heldOrderCondition(sql`${proctoringHeartbeats.order_id}`) : undefined;
    const beats = await deleteWhere(ctx, proctoringHeartbeats, and(lt(proctoringHeartbeats.received_at, ctx.cutoff), unheld(beatsHold)));
    // The test-day live view's events (issue 30) go with them: a sitting is long over by then.
    const live = await inBatches(ctx.batch,
      async (limit) => (await ctx.db.select({ id: sessionLiveEvents.id }).from(sessionLiveEvents).where(lt(sessionLiveEvents.at, ctx.cutoff)).limit(limit)).map((r) => r.id),
      (ids) => ctx.db.delete(sessionLiveEvents).where(inArray(sessionLiveEvents.id, ids)));
    return events + beats + live;
  },
  device_reports: (ctx) => deleteWhere(ctx, deviceReports, and(lt(deviceReports.created_at, ctx.cutoff), unheld(ctx.holds.device_reports))),
  mail_outbox: (ctx) => deleteWhere(ctx, mailOutbox, lt(mailOutbox.created_at, ctx.cutoff)),

  security_logs: async (ctx) => {
    const attempts = await deleteWhere(ctx, licenceAttempts, lt(licenceAttempts.created_at, ctx.cutoff));
    // A password-set code that still works (member invites live 7 days) is never taken.
    const resets = await deleteWhere(ctx, passwordResets, and(lt(passwordResets.created_at, ctx.cutoff), lt(passwordResets.expires_at, ctx.now)));
    const limits = await inBatches(ctx.batch,
      async (limit) => (await ctx.db.select({ key: rateLimits.key }).from(rateLimits).where(lt(rateLimits.reset_at, ctx.cutoff)).limit(limit)).map((r) => r.key),
      (keys) => ctx.db.delete(rateLimits).where(inArray(rateLimits.key, keys)));
    return attempts + resets + limits;
  },

  privacy_receipts: (ctx) => {
    const where = and(lt(privacyRequests.completed_at, ctx.cutoff), isNotNull(privacyRequests.receipt_to));
    return inBatches(ctx.batch,
      async (limit) => (await ctx.db.select({ id: privacyRequests.id }).from(privacyRequests).where(where).limit(limit)).map((r) => r.id),
      (ids) => ctx.db.update(privacyRequests).set({ receipt_to: null }).where(inArray(privacyRequests.id, ids)));
  },

  // The audit log refuses DELETE (a trigger, issue 29.5) except in a transaction that names itself the retention sweep.
  audit: (ctx) => inBatches(ctx.batch,
    async (limit) => (await ctx.db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, ctx.cutoff)).limit(limit)).map((r) => r.id),
    (ids) => ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('epot.audit_retention', 'on', true)`);
      await tx.delete(auditLog).where(inArray(auditLog.id, ids));
    })),
};

export interface RetentionOutcome { class: RetentionClass; days: number; count: number }

export interface RetentionOptions {
  /** Only these classes (default: all with a period). */
  only?: readonly RetentionClass[];
  holds?: RetentionHolds;
  batch?: number;
}

/** Applies the policy at `now`; one outcome per class swept (classes with 0 days are kept and skipped). */
export async function runRetention(db: AppDb, store: BlobStore, policy: RetentionPolicy, now: Date, opts: RetentionOptions = {}): Promise<RetentionOutcome[]> {
  const out: RetentionOutcome[] = [];
  if (!opts.holds) await prepareHolds(db);
  for (const c of RETENTION_CLASSES) {
    const days = policy[c];
    if (!(days > 0) || (opts.only && !opts.only.includes(c))) continue;
    const ctx: SweepContext = { db, store, now, cutoff: new Date(now.getTime() - days * DAY_MS), holds: opts.holds ?? RETENTION_HOLDS, batch: opts.batch ?? 500 };
    out.push({ class: c, days, count: await SWEEPS[c](ctx, days) });
  }
  return out;
}
