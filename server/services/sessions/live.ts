// The live view's events (issue 30). A member's step (login, device check, a section's start and end,
// a break, a flag, the end) is stored in session_live_events and announced with NOTIFY in one
// statement, only when the member is in a session that is not long over; a heartbeat is announced
// only. Every server process LISTENs (plugins/session-live.ts) and pushes to its open views, so a
// proctor on one process sees a member on another. Publishing is best effort: it never fails the
// member's request (the snapshot a view loads is computed from the authoritative tables).
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  LIVE_CHANNEL, LIVE_FEED_MAX, zeroFlags, type LiveEvent, type LiveEventKind, type LiveFlagKind, type LiveMember, type LiveState,
} from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import {
  orderBreaks, orderSections, orders, proctoringHeartbeats, sessionLiveEvents, testSessionMembers, testSessions, users,
} from '../../db/schema/index.ts';

/** A session counts as live from a day before it opens until an hour after it closes. */
const activeSessionOf = (userId: string, now: Date) => sql`exists (
  select 1 from ${testSessionMembers} m join ${testSessions} s on s.id = m.session_id
  where m.user_id = ${userId} and s.opens_at - interval '1 day' <= ${now.toISOString()}::timestamptz
    and s.closes_at + interval '1 hour' >= ${now.toISOString()}::timestamptz)`;

export interface MemberEventInput {
  userId: string;
  orderId?: string | null;
  kind: LiveEventKind;
  data?: Record<string, unknown>;
}

type Log = { warn: (obj: object, msg: string) => void };

/** Stores and announces a member's event if they are in a live session (one statement). */
export async function publishMemberEvent(db: AppDb, input: MemberEventInput, now: Date, log?: Log): Promise<void> {
  const data = JSON.stringify(input.data ?? {});
  try {
    await db.execute(sql`with ins as (
      insert into ${sessionLiveEvents} (user_id, order_id, kind, data, at)
      select ${input.userId}::uuid, ${input.orderId ?? null}::uuid, ${input.kind}, ${data}::jsonb, ${now.toISOString()}::timestamptz
      where ${activeSessionOf(input.userId, now)}
      returning id, user_id, order_id, kind, data)
    select pg_notify(${LIVE_CHANNEL}, json_build_object('id', id, 'u', user_id, 'o', order_id, 'k', kind, 'd', data, 'at', ${now.toISOString()}::text)::text) from ins`);
  } catch (err) {
    log?.warn({ err, kind: input.kind }, 'live event not published');
  }
}

/** Stores and announces a whole-session event (a message to everyone, the end). */
export async function publishSessionEvent(db: AppDb, sessionId: string, kind: LiveEventKind, data: Record<string, unknown>, now: Date, userId: string | null = null): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`with ins as (
      insert into ${sessionLiveEvents} (session_id, user_id, kind, data, at)
      values (${sessionId}::uuid, ${userId}::uuid, ${kind}, ${JSON.stringify(data)}::jsonb, ${now.toISOString()}::timestamptz)
      returning id, session_id, user_id, kind, data)
    select id, pg_notify(${LIVE_CHANNEL}, json_build_object('id', id, 's', session_id, 'u', user_id, 'k', kind, 'd', data, 'at', ${now.toISOString()}::text)::text) from ins`);
  const out = rows as unknown as { rows?: { id: number }[] } | { id: number }[];
  const list = Array.isArray(out) ? out : out.rows ?? [];
  return Number(list[0]?.id ?? 0);
}

/** The NOTIFY payload as an event (null for anything malformed). */
export function parseLivePayload(payload: string): LiveEvent | null {
  try {
    const p = JSON.parse(payload) as { id?: number | null; s?: string | null; u?: string | null; o?: string | null; k?: string; d?: Record<string, unknown>; at?: string };
    if (typeof p.k !== 'string' || typeof p.at !== 'string') return null;
    return {
      id: typeof p.id === 'number' ? p.id : null, session_id: p.s ?? null, user_id: p.u ?? null, order_id: p.o ?? null,
      kind: p.k as LiveEventKind, data: p.d ?? {}, at: new Date(p.at).toISOString(),
    };
  } catch {
    return null;
  }
}

type EventRow = typeof sessionLiveEvents.$inferSelect;
const toEvent = (r: EventRow): LiveEvent => ({
  id: r.id, session_id: r.session_id, user_id: r.user_id, order_id: r.order_id, kind: r.kind as LiveEventKind, data: r.data, at: r.at.toISOString(),
});

const sessionEventsWhere = (sessionId: string) => or(
  eq(sessionLiveEvents.session_id, sessionId),
  and(isNull(sessionLiveEvents.session_id), inArray(sessionLiveEvents.user_id,
    sql`(select ${testSessionMembers.user_id} from ${testSessionMembers} where ${testSessionMembers.session_id} = ${sessionId})`)),
);

/** The session's stored events after `afterId` (a reconnecting view's Last-Event-ID), oldest first. */
export async function liveEventsSince(db: AppDb, sessionId: string, afterId: number, limit = 5000): Promise<LiveEvent[]> {
  const rows = await db.select().from(sessionLiveEvents)
    .where(and(gt(sessionLiveEvents.id, afterId), sessionEventsWhere(sessionId))).orderBy(asc(sessionLiveEvents.id)).limit(limit);
  return rows.map(toEvent);
}

/**
 * Every member's row now, from the authoritative tables (orders, sections, breaks, beats, violations)
 * plus the stored login and device-check events; the recent feed; and the newest event id, from
 * which pushed events continue.
 */
export async function liveSnapshot(db: AppDb, sessionId: string, session: { opens_at: Date }, now: Date) {
  const [last] = await db.select({ id: sessionLiveEvents.id }).from(sessionLiveEvents).orderBy(desc(sessionLiveEvents.id)).limit(1);
  const people = await db.select({ user_id: users.id, fullname: users.fullname, email: users.email }).from(testSessionMembers)
    .innerJoin(users, eq(users.id, testSessionMembers.user_id)).where(eq(testSessionMembers.session_id, sessionId)).orderBy(users.fullname, users.id);
  const userIds = people.map((p) => p.user_id);
  const newest = userIds.length === 0 ? [] : await db.selectDistinctOn([orders.user_id], { id: orders.id, user_id: orders.user_id, status: orders.status })
    .from(orders).where(inArray(orders.user_id, userIds)).orderBy(orders.user_id, desc(orders.created_at));
  const orderIds = newest.map((o) => o.id);
  const [sections, breaks, beats] = orderIds.length === 0 ? [[], [], []] : await Promise.all([
    db.select().from(orderSections).where(inArray(orderSections.order_id, orderIds)),
    db.select().from(orderBreaks).where(and(inArray(orderBreaks.order_id, orderIds), isNull(orderBreaks.ended_at))),
    db.selectDistinctOn([proctoringHeartbeats.order_id], { order_id: proctoringHeartbeats.order_id, at: proctoringHeartbeats.received_at })
      .from(proctoringHeartbeats).where(inArray(proctoringHeartbeats.order_id, orderIds)).orderBy(proctoringHeartbeats.order_id, desc(proctoringHeartbeats.received_at)),
  ]);
  const since = new Date(session.opens_at.getTime() - 86_400_000);
  const arrivals = userIds.length === 0 ? [] : await db.select({ user_id: sessionLiveEvents.user_id, kind: sessionLiveEvents.kind }).from(sessionLiveEvents)
    .where(and(inArray(sessionLiveEvents.user_id, userIds), inArray(sessionLiveEvents.kind, ['login', 'device_check']), gt(sessionLiveEvents.at, since)));
  // Flags as the view saw them happen (the same events it applies), not the acknowledged violations.
  const flagRows = userIds.length === 0 ? [] : await db.select({ user_id: sessionLiveEvents.user_id, flag: sql<string>`${sessionLiveEvents.data}->>'flag'`, n: sql<number>`count(*)::int` })
    .from(sessionLiveEvents)
    .where(and(inArray(sessionLiveEvents.user_id, userIds), eq(sessionLiveEvents.kind, 'flag'), gt(sessionLiveEvents.at, since)))
    .groupBy(sessionLiveEvents.user_id, sql`${sessionLiveEvents.data}->>'flag'`);

  const members: LiveMember[] = people.map((p) => {
    const order = newest.find((o) => o.user_id === p.user_id);
    const rows = order ? sections.filter((s) => s.order_id === order.id) : [];
    const open = rows.find((s) => !s.submitted_at);
    const brk = order ? breaks.find((b) => b.order_id === order.id && b.ends_at > now) : undefined;
    let state: LiveState;
    if (order?.status === 'disqualified') state = 'disqualified';
    else if (order?.status === 'completed') state = 'submitted';
    else if (open) state = open.section;
    else if (brk) state = 'break';
    else if (rows.length > 0) state = 'between';
    else if (order?.status === 'in_progress' || arrivals.some((a) => a.user_id === p.user_id && a.kind === 'device_check')) state = 'device_check';
    else if (arrivals.some((a) => a.user_id === p.user_id)) state = 'logged_in';
    else state = 'not_arrived';
    const flags = zeroFlags();
    for (const f of flagRows) if (f.user_id === p.user_id && f.flag in flags) flags[f.flag as LiveFlagKind] += f.n;
    return {
      ...p, order_id: order?.id ?? null, state, deadline_at: open ? open.deadline_at.toISOString() : null,
      break_ends_at: state === 'break' && brk ? brk.ends_at.toISOString() : null,
      last_beat_at: order ? beats.find((b) => b.order_id === order.id)?.at.toISOString() ?? null : null, flags,
    };
  });
  const feedRows = await db.select().from(sessionLiveEvents)
    .where(and(sessionEventsWhere(sessionId), inArray(sessionLiveEvents.kind, ['flag', 'message', 'deadline', 'reentry', 'session_end', 'disqualified'])))
    .orderBy(desc(sessionLiveEvents.id)).limit(LIVE_FEED_MAX);
  return { members, feed: feedRows.reverse().map(toEvent), last_event_id: last?.id ?? 0, server_time: now.toISOString() };
}
