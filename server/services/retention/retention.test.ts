// Retention per data class (issue 19) on PGlite and PostgreSQL, with the injected clock: each class
// goes (or loses its personal parts) once older than its period and not before, what must stay stays
// (scores, violation counts, open sections, live password-set codes, the request and its receipt),
// a hold keeps a row until it ends, a second pass finds nothing, and the CLI shows and runs it.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog, deviceReports, licenceAttempts, mailOutbox, media, orderSections, passwordResets, privacyRequests,
  proctoringEvents, rateLimits, violations,
} from '../../db/schema/index.ts';
import { retentionCommand } from '../../cli/commands/retention.ts';
import { startedOrder, type StartedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { DEFAULT_RETENTION, RETENTION_CLASSES, type RetentionPolicy } from './classes.ts';
import { runRetention } from './sweep.ts';

const DAY = 86_400_000;
const START = '2026-03-07T08:00:00Z';
let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ seed: true, now: START }); }, 120_000);
afterAll(async () => { await t?.cleanup(); });

const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY);

/** One row of every class for an order, `days` old. */
async function rowsAged(o: StartedOrder, days: number) {
  const at = ago(days);
  const key = await t.app.blobs.put(Buffer.from([0xff, 0xd8, 0xff, 1]), 'jpg');
  const [photo] = await t.db.insert(media).values({ title: 'Foto', source: 'upload', type: 'image', mime: 'image/jpeg', storage_key: key, byte_size: 4, owner_user_id: o.userId, created_at: at }).returning();
  const [violation] = await t.db.insert(violations).values({ order_id: o.orderId, section: 'reading', counter_type: 'speech', text_voice: 'ada suara', image_media_id: photo!.id, created_at: at }).returning();
  const [section] = await t.db.insert(orderSections).values({
    order_id: o.orderId, section: 'reading', deadline_at: at, started_at: at, submitted_at: at, closed_by: 'submitted', answer: [{ q: 1 }], draft: [{ q: 1 }], converted: 55,
  }).returning();
  const [event] = await t.db.insert(proctoringEvents).values({ order_id: o.orderId, section: 'reading', kind: 'camera-ended', created_at: at }).returning();
  const [report] = await t.db.insert(deviceReports).values({ order_id: o.orderId, device: 'camera', problem: 'gelap', created_at: at }).returning();
  const [mail] = await t.db.insert(mailOutbox).values({ to_address: 'a@b.id', subject: 's', text: 'kode 123456', created_at: at }).returning();
  const [attempt] = await t.db.insert(licenceAttempts).values({ user_id: o.userId, ip: '10.1.2.3', code_hint: 'ABCD', created_at: at }).returning();
  const [reset] = await t.db.insert(passwordResets).values({ user_id: o.userId, code_hash: randomBytes(8).toString('hex'), otp_hash: 'x', expires_at: new Date(at.getTime() + 7 * DAY), created_at: at }).returning();
  const limitKey = `login:${randomBytes(4).toString('hex')}`;
  await t.db.insert(rateLimits).values({ key: limitKey, count: 3, reset_at: at });
  const [request] = await t.db.insert(privacyRequests).values({
    kind: 'deletion', channel: 'account', user_id: o.userId, requested_at: at, completed_at: at, receipt: 'jws', receipt_to: 'lama@contoh.id',
  }).returning();
  const [audit] = await t.db.insert(auditLog).values({ role: 'shell', action: 'member.create', target_type: 'member', target_id: o.userId, at }).returning();
  return { photo: photo!, violation: violation!, section: section!, event: event!, report: report!, mail: mail!, attempt: attempt!, reset: reset!, limitKey, request: request!, audit: audit! };
}

type Rows = Awaited<ReturnType<typeof rowsAged>>;

/** What is left of the rows, class by class. */
async function state(r: Rows) {
  const one = async <T>(p: Promise<T[]>) => (await p)[0];
  return {
    photo: Boolean(await one(t.db.select().from(media).where(eq(media.id, r.photo.id)))),
    photoFile: (await t.app.blobs.size(r.photo.storage_key)) !== null,
    violation: await one(t.db.select().from(violations).where(eq(violations.id, r.violation.id))),
    section: await one(t.db.select().from(orderSections).where(eq(orderSections.id, r.section.id))),
    event: Boolean(await one(t.db.select().from(proctoringEvents).where(eq(proctoringEvents.id, r.event.id)))),
    report: Boolean(await one(t.db.select().from(deviceReports).where(eq(deviceReports.id, r.report.id)))),
    mail: Boolean(await one(t.db.select().from(mailOutbox).where(eq(mailOutbox.id, r.mail.id)))),
    attempt: Boolean(await one(t.db.select().from(licenceAttempts).where(eq(licenceAttempts.id, r.attempt.id)))),
    reset: Boolean(await one(t.db.select().from(passwordResets).where(eq(passwordResets.id, r.reset.id)))),
    limit: Boolean(await one(t.db.select().from(rateLimits).where(eq(rateLimits.key, r.limitKey)))),
    request: await one(t.db.select().from(privacyRequests).where(eq(privacyRequests.id, r.request.id))),
    audit: Boolean(await one(t.db.select().from(auditLog).where(eq(auditLog.id, r.audit.id)))),
  };
}

const POLICY: RetentionPolicy = { ...DEFAULT_RETENTION, audit: 1825 };

describe('the retention sweep', () => {
  it('takes each class once past its period, and nothing younger', async () => {
    // Between the shortest periods: 31 days is past the mail outbox's 30 and under everything else.
    const young = await rowsAged(await startedOrder(t), 31);
    const old = await rowsAged(await startedOrder(t), 2000);
    const outcomes = await runRetention(t.db, t.app.blobs, POLICY, t.clock.now());
    expect(outcomes.map((x) => x.class)).toEqual([...RETENTION_CLASSES]);
    expect(outcomes.every((x) => x.count >= 1)).toBe(true);

    const gone = await state(old);
    expect(gone).toMatchObject({ photo: false, photoFile: false, event: false, report: false, mail: false, attempt: false, reset: false, limit: false, audit: false });
    // Personal parts cleared; what the results and certificates need stays.
    expect(gone.violation).toMatchObject({ counter_type: 'speech', text_voice: null, image_media_id: null });
    expect(gone.section).toMatchObject({ answer: null, draft: null, converted: 55 });
    expect(gone.request).toMatchObject({ kind: 'deletion', receipt: 'jws', receipt_to: null });

    const kept = await state(young);
    expect(kept).toMatchObject({ photo: true, photoFile: true, event: true, report: true, mail: false, attempt: true, reset: true, limit: true, audit: true });
    expect(kept.violation).toMatchObject({ text_voice: 'ada suara', image_media_id: young.photo.id });
    expect(kept.section).toMatchObject({ answer: [{ q: 1 }] });
    expect(kept.request).toMatchObject({ receipt_to: 'lama@contoh.id' });

    // Idempotent: nothing left to do.
    expect((await runRetention(t.db, t.app.blobs, POLICY, t.clock.now())).every((x) => x.count === 0)).toBe(true);
  });

  it('follows the clock: the same rows go when their period has passed', async () => {
    const o = await startedOrder(t);
    const r = await rowsAged(o, 10);
    const only = ['photos', 'answers'] as const;
    expect(await runRetention(t.db, t.app.blobs, POLICY, t.clock.now(), { only })).toEqual([
      { class: 'photos', days: 180, count: 0 }, { class: 'answers', days: 365, count: 0 },
    ]);
    const later = new Date(t.clock.now().getTime() + 171 * DAY);
    const [photos] = await runRetention(t.db, t.app.blobs, POLICY, later, { only });
    expect(photos!.count).toBeGreaterThanOrEqual(1);
    expect((await state(r)).photo).toBe(false);
    expect((await state(r)).section).toMatchObject({ answer: [{ q: 1 }] });
  });

  it('never clears an open section, a live password-set code, or a class set to 0 (kept)', async () => {
    const o = await startedOrder(t);
    const at = ago(800);
    const [open] = await t.db.insert(orderSections).values({ order_id: o.orderId, section: 'listening', deadline_at: at, started_at: at, draft: [{ q: 2 }] }).returning();
    const [live] = await t.db.insert(passwordResets).values({ user_id: o.userId, code_hash: randomBytes(8).toString('hex'), otp_hash: 'x', expires_at: new Date(t.clock.now().getTime() + DAY), created_at: at }).returning();
    const r = await rowsAged(o, 800);
    await runRetention(t.db, t.app.blobs, { ...POLICY, device_reports: 0, audit: 0 }, t.clock.now());
    expect((await t.db.select().from(orderSections).where(eq(orderSections.id, open!.id)))[0]).toMatchObject({ draft: [{ q: 2 }] });
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.id, live!.id))).toHaveLength(1);
    expect(await state(r)).toMatchObject({ report: true, audit: true, event: false });
  });

  it('keeps rows under a hold (one predicate per class) and takes them once it ends', async () => {
    const o = await startedOrder(t);
    const r = await rowsAged(o, 400);
    const held = new Set([r.photo.id]);
    // As issue 17 will: "referenced by an open review" stands in as a list of ids here.
    const holds = {
      photos: () => (held.size ? inArray(media.id, [...held]) : sql`false`),
      answers: () => eq(orderSections.order_id, o.orderId),
    };
    await runRetention(t.db, t.app.blobs, POLICY, t.clock.now(), { holds });
    expect(await state(r)).toMatchObject({ photo: true, photoFile: true, event: false });
    expect((await state(r)).section).toMatchObject({ answer: [{ q: 1 }] });
    held.clear(); // the review closed
    await runRetention(t.db, t.app.blobs, POLICY, t.clock.now(), { holds });
    expect(await state(r)).toMatchObject({ photo: false, photoFile: false });
  });

  it('shows the policy and runs it from the CLI; PHOTO_RETENTION_DAYS and --days still set the photos', async () => {
    const out: string[] = [];
    const ctx = { config: t.config, database: t.database, clock: t.clock, out: (l: string) => out.push(l) };
    await retentionCommand.run(['show'], ctx);
    expect(out).toHaveLength(RETENTION_CLASSES.length);
    expect(out[0]).toMatch(/^photos\s+180 day\(s\)\s+PHOTO_RETENTION_DAYS: proctoring photos/);
    expect(out.find((l) => l.startsWith('audit'))).toMatch(/audit\s+kept\s+AUDIT_RETENTION_DAYS/);

    const o = await startedOrder(t);
    const r = await rowsAged(o, 40);
    out.length = 0;
    await retentionCommand.run(['run', '--class', 'photos', '--days', '30'], ctx);
    expect(out).toEqual([expect.stringMatching(/^deleted [1-9]\d* proctoring photo\(s\) older than 30 day\(s\) from /)]);
    expect(await state(r)).toMatchObject({ photo: false, event: true });
    await expect(retentionCommand.run(['run', '--class', 'fotos'], ctx)).rejects.toThrow(/--class takes one of photos/);
  });
});

describe('the audit log is append-only in the database (issue 29.5)', () => {
  it('refuses UPDATE, DELETE and TRUNCATE outside the retention sweep, which still takes old entries', async () => {
    const at = t.clock.now();
    const [entry] = await t.db.insert(auditLog).values({ role: 'shell', action: 'member.create', target_type: 'member', target_id: randomBytes(8).toString('hex'), at }).returning();
    await expect(t.db.update(auditLog).set({ action: 'member.erase' }).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.id, entry!.id))).toEqual([entry]);
  });
});
