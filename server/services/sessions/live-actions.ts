// A proctor's actions in the live view (issue 30), each with a reason and an audit entry: extra
// minutes after a technical failure (the server deadline moves; the member's timer follows it from
// the next heartbeat answer), a re-entry for a member whose laptop died (the section they were in is
// reopened with the time they had left; their drafts are kept), a banner message, and (sessions.ts)
// the end. Each is a live event too, so every open view shows it and the member is told.
import { and, desc, eq, gt, isNull, max, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LIVE_CHANNEL, LIVE_MESSAGES, SUBMIT_GRACE_MS } from '../../../contracts/facts/index.ts';
import type { MemberNotice } from '../../../contracts/proctoring.ts';
import type { AppDb } from '../../db/client.ts';
import { orderSections, orders, proctoringHeartbeats, sessionLiveEvents, testSessionMembers, testSessions } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';
import { publishSessionEvent } from './live.ts';
import { sessionRowInScope } from './sessions.ts';

/** A re-entry gives at least this long (a member whose time ran out with the laptop still gets to finish a question). */
const MIN_REENTRY_MS = 2 * 60_000;
/** Notices older than this are not repeated to a member's heartbeat. */
const NOTICE_WINDOW_MS = 30 * 60_000;

async function memberOrder(db: AppDb, sessionId: string, userId: string) {
  const [member] = await db.select().from(testSessionMembers)
    .where(and(eq(testSessionMembers.session_id, sessionId), eq(testSessionMembers.user_id, userId)));
  if (!member) throw HttpError.notFound(LIVE_MESSAGES.notAMember);
  const [order] = await db.select().from(orders).where(eq(orders.user_id, userId)).orderBy(desc(orders.created_at)).limit(1);
  return order;
}

/** Moves the open section's deadline on by `minutes`. 409 when the member is not in a section. */
export async function giveExtraTime(db: AppDb, sessionId: string, institutionId: string | null, userId: string,
  input: { minutes: number; reason: string }, actor: AuditActor, now: Date) {
  const session = await sessionRowInScope(db, sessionId, institutionId);
  const order = await memberOrder(db, sessionId, userId);
  if (!order || order.status !== 'in_progress') throw new HttpError(409, LIVE_MESSAGES.noOpenSection);
  const graceEdge = new Date(now.getTime() - SUBMIT_GRACE_MS);
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx.update(orderSections)
      .set({ deadline_at: sql`${orderSections.deadline_at} + make_interval(mins => ${input.minutes})` })
      .where(and(eq(orderSections.order_id, order.id), isNull(orderSections.submitted_at), gt(orderSections.deadline_at, graceEdge)))
      .returning();
    if (!row) return null;
    await appendAudit(tx, actor, {
      action: 'session.extra_time', targetType: 'session', targetId: sessionId, institutionId: session.institution_id,
      after: { user_id: userId, order_id: order.id, section: row.section, minutes: input.minutes, deadline_at: row.deadline_at.toISOString(), reason: input.reason },
    }, now);
    return row;
  });
  if (!moved) throw new HttpError(409, LIVE_MESSAGES.noOpenSection);
  const eventId = await publishSessionEvent(db, sessionId, 'deadline',
    { section: moved.section, deadline_at: moved.deadline_at.toISOString(), minutes: input.minutes, order_id: order.id }, now, userId);
  return { event_id: eventId, deadline_at: moved.deadline_at.toISOString() };
}

/**
 * Re-entry: the last section the member started, if it is still open or the deadline sweeper closed
 * it while they were gone, runs again for the time they had left at their last sign of life (last
 * beat or autosave; at least MIN_REENTRY_MS). Their draft answers stay; the order must not be over.
 */
export async function allowReentry(db: AppDb, sessionId: string, institutionId: string | null, userId: string,
  input: { reason: string }, actor: AuditActor, now: Date) {
  const session = await sessionRowInScope(db, sessionId, institutionId);
  const order = await memberOrder(db, sessionId, userId);
  if (!order || order.status !== 'in_progress') throw new HttpError(409, LIVE_MESSAGES.noReentry);
  const [last] = await db.select().from(orderSections).where(eq(orderSections.order_id, order.id)).orderBy(desc(orderSections.started_at)).limit(1);
  if (!last || !(last.submitted_at === null || last.closed_by === 'swept')) throw new HttpError(409, LIVE_MESSAGES.noReentry);
  const [beat] = await db.select({ at: max(proctoringHeartbeats.received_at) }).from(proctoringHeartbeats)
    .where(and(eq(proctoringHeartbeats.order_id, order.id), eq(proctoringHeartbeats.section, last.section)));
  const lastSeen = Math.max(last.started_at.getTime(), beat?.at?.getTime() ?? 0, last.draft_saved_at?.getTime() ?? 0);
  const left = Math.max(MIN_REENTRY_MS, last.deadline_at.getTime() - Math.min(lastSeen, last.deadline_at.getTime()));
  const deadline = new Date(Math.max(now.getTime() + left, last.submitted_at === null ? last.deadline_at.getTime() : 0));
  const reopened = await db.transaction(async (tx) => {
    const [row] = await tx.update(orderSections).set({
      deadline_at: deadline, submitted_at: null, closed_by: null, answer: null, submission_hash: null, raw_correct: null, converted: null,
    }).where(and(eq(orderSections.id, last.id), or(isNull(orderSections.submitted_at), eq(orderSections.closed_by, 'swept')))).returning();
    if (!row) return null;
    await appendAudit(tx, actor, {
      action: 'session.reentry', targetType: 'session', targetId: sessionId, institutionId: session.institution_id,
      after: { user_id: userId, order_id: order.id, section: row.section, deadline_at: deadline.toISOString(), reason: input.reason },
    }, now);
    return row;
  });
  if (!reopened) throw new HttpError(409, LIVE_MESSAGES.noReentry);
  const eventId = await publishSessionEvent(db, sessionId, 'reentry',
    { section: reopened.section, deadline_at: deadline.toISOString(), order_id: order.id }, now, userId);
  return { event_id: eventId, deadline_at: deadline.toISOString() };
}

/** A banner to one member or to everyone in the session (audited with its reason). */
export async function sendSessionMessage(db: AppDb, sessionId: string, institutionId: string | null,
  input: { text: string; user_id?: string | undefined; reason: string }, actor: AuditActor, now: Date) {
  const session = await sessionRowInScope(db, sessionId, institutionId);
  if (input.user_id) await memberOrder(db, sessionId, input.user_id);
  await appendAudit(db, actor, {
    action: 'session.message', targetType: 'session', targetId: sessionId, institutionId: session.institution_id,
    after: { user_id: input.user_id ?? null, text: input.text, reason: input.reason },
  }, now);
  const eventId = await publishSessionEvent(db, sessionId, 'message', { text: input.text }, now, input.user_id ?? null);
  return { event_id: eventId, deadline_at: null };
}

const noticeText = (kind: string, data: Record<string, unknown>) => (kind === 'message' ? String(data.text ?? '')
  : kind === 'deadline' ? LIVE_MESSAGES.extraTimeNotice(Number(data.minutes ?? 0))
    : kind === 'reentry' ? LIVE_MESSAGES.reentryNotice : LIVE_MESSAGES.sessionEndedNotice);

/**
 * A heartbeat's part of the test day, as common table expressions for the heartbeat's one statement
 * (services/proctoring/heartbeats.ts; a beat comes every 15 s from every member): `live_sessions`
 * (the member's sessions that are live now), `announced` (the beat announced to the live views when
 * there is one and `beat.section` is not null; select from it, or it does not run) and `notices`
 * (their sessions' notices of the last half hour, for the heartbeat's answer). `beat` gives SQL
 * expressions or placeholders of the statement: the member, the time (ISO), the order's id and the
 * section the beat is for.
 */
export function beatLiveCtes(beat: { userId: Placeholder | string; at: Placeholder | string; orderId: SQL; section: SQL }): SQL {
  return sql`live_sessions as (
      select s.id from ${testSessionMembers} m join ${testSessions} s on s.id = m.session_id
      where m.user_id = ${beat.userId}::uuid and s.opens_at - interval '1 day' <= ${beat.at}::timestamptz and s.closes_at + interval '1 hour' >= ${beat.at}::timestamptz),
    announced as (
      select pg_notify(${LIVE_CHANNEL}, json_build_object('id', null, 'u', ${beat.userId}::text, 'o', ${beat.orderId}, 'k', 'beat',
        'd', json_build_object('section', ${beat.section}), 'at', ${beat.at}::text)::text) as x
      where exists (select 1 from live_sessions) and ${beat.section} is not null),
    notices as (
      select e.id, e.kind, e.data, e.at from ${sessionLiveEvents} e
      where e.session_id in (select id from live_sessions) and e.kind in ('message', 'deadline', 'reentry', 'session_end')
        and e.at > ${beat.at}::timestamptz - ${NOTICE_WINDOW_MS} * interval '1 millisecond' and (e.user_id is null or e.user_id = ${beat.userId}::uuid)
      order by e.id limit 20)`;
}

/** The notices of rows that left-joined `notices` (id null: no notice). */
export function beatNotices(rows: { id: unknown; kind: unknown; data: unknown; at: unknown }[]): MemberNotice[] {
  return rows.filter((r) => r.id !== null && r.id !== undefined).map((r) => ({
    id: Number(r.id), kind: r.kind as MemberNotice['kind'], at: new Date(r.at as string | Date).toISOString(),
    text: noticeText(String(r.kind), (r.data ?? {}) as Record<string, unknown>),
  }));
}
