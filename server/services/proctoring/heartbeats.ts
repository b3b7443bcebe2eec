// The proctoring run's monitoring heartbeat (issue 27): stored with the server's receipt time, only
// for a section that is open now. What the beats prove (and what their absence means) is computed
// from these rows by evidence.ts, never taken from the client.
//
// A beat comes every 15 s from every candidate, so a beat is one database round trip (issue 30's
// scale target: on loopback each round trip's socket write was the largest part of the server's
// CPU): one statement checks the token's row, counts the rate limit, reads the order's sections,
// stores the beats of open sections when all of that allows it, announces the beat to the test
// day's live views and reads the proctors' notices. The answer is then decided here from what the
// statement read, by the same rule the statement stored by.
import { sql } from 'drizzle-orm';
import { HEARTBEAT_INTERVAL_MS, SECTION_MESSAGES, SERVER_MESSAGES, SUBMIT_GRACE_MS } from '../../../contracts/facts/index.ts';
import type { Heartbeat, HeartbeatResult, MemberNotice } from '../../../contracts/proctoring.ts';
import type { AppDb } from '../../db/client.ts';
import { preparedRaw } from '../../db/prepared-raw.ts';
import { orderSections, orders, proctoringHeartbeats, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { countAttemptSql, rateLimitResult, type RateLimitResult } from '../platform/rate-limit.ts';
import { beatLiveCtes, beatNotices } from '../sessions/live-actions.ts';
import { UUID } from '../../uuid.ts';

/** The caller as its verified token names it; the statement checks the row (deleted, logged out). */
export interface BeatCaller { userId: string; tokenVersion: number }

interface SectionState { section: string; submitted_at: number | null; deadline_at: number }

export interface BeatStatement {
  /** False for a deleted member or a token from before the last logout / password change: 401. */
  member: boolean;
  rate: RateLimitResult;
  /** The member's own order (null: none of theirs: 404) and its sections. */
  order: { id: string; status: string; sections: SectionState[] } | null;
  /** Beats stored (a retry's duplicates are not). */
  accepted: number;
  notices: MemberNotice[];
}

/** Open now: started, not submitted, before its deadline and grace (the statement's rule too). */
const isOpen = (s: SectionState | undefined, now: Date) => !!s && s.submitted_at === null && s.deadline_at + SUBMIT_GRACE_MS > now.getTime();

const p = sql.placeholder;
// Built once per database handle; named and parsed once per connection on PostgreSQL (db/prepared-raw.ts).
const heartbeatStatement = preparedRaw('epot_heartbeat', (db) => {
  const h = proctoringHeartbeats;
  const counted = countAttemptSql(db, p('key'), p('at'), p('reset_at'));
  return sql`with counted as (${counted.getSQL()}),
    member as (select exists (select 1 from ${users} where ${users.id} = ${p('user_id')}::uuid and ${users.token_version} = ${p('tv')}::int) as ok),
    ord as (select ${orders.id} as id, ${orders.status} as status from ${orders}
      where ${orders.user_id} = ${p('user_id')}::uuid and (${orders.id} = ${p('ref')}::uuid or ${orders.license_id} = ${p('ref')}::uuid) limit 1),
    secs as (select ${orderSections.section} as section, ${orderSections.submitted_at} as submitted_at, ${orderSections.deadline_at} as deadline_at
      from ${orderSections} where ${orderSections.order_id} = (select id from ord)),
    allowed as (select 1 as yes where (select ok from member) and (select count from counted) <= ${p('limit')}::int and (select status from ord) = 'in_progress'),
    open_beats as (
      select b.* from jsonb_populate_recordset(null::${h}, ${p('beats')}::jsonb) with ordinality as b
      join secs s on s.section = b.section
      where exists (select 1 from allowed) and s.submitted_at is null and s.deadline_at + ${SUBMIT_GRACE_MS} * interval '1 millisecond' > ${p('at')}::timestamptz),
    stored as (
      insert into ${h} (order_id, section, run_id, seq, elapsed_ms, camera_live, detector_running, detector_fps, face_counts,
        tab_hidden_ms, tab_leaves, speech_monitoring, received_at)
      select (select id from ord), section, run_id, seq, elapsed_ms, camera_live, detector_running, detector_fps, face_counts,
        tab_hidden_ms, tab_leaves, speech_monitoring, ${p('at')}::timestamptz from open_beats
      on conflict do nothing returning 1),
    ${beatLiveCtes({ userId: p('user_id'), at: p('at'), orderId: sql`(select id from ord)::text`, section: sql`(select section from open_beats order by ordinality desc limit 1)` })}
    select (select count from counted)::int as count, (extract(epoch from (select reset_at from counted)) * 1000)::float8 as reset_ms,
      (select ok from member) as member, (select id from ord)::text as order_id, (select status from ord) as status,
      (select coalesce(json_agg(json_build_object('section', section,
          'submitted_at', (extract(epoch from submitted_at) * 1000)::float8, 'deadline_at', (extract(epoch from deadline_at) * 1000)::float8)), '[]'::json)
        from secs) as sections,
      (select count(*) from stored)::int as accepted, (select count(*) from announced)::int as announced,
      (select coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'data', data, 'at', at) order by id), '[]'::json) from notices) as notices`;
});

/**
 * The heartbeat's one statement. Beats are stored only when the token's row matches, the attempt
 * is within `limit` per `windowMs`, the order is the caller's and in progress, and only the beats
 * of a section open now; a beat already stored (same run and seq: a retry) is skipped.
 */
export async function storeBeats(db: AppDb, caller: BeatCaller, ref: string, beats: Heartbeat[], limit: number, windowMs: number, now: Date): Promise<BeatStatement> {
  const values = beats.map((b) => ({
    section: b.section, run_id: b.run_id, seq: b.seq, elapsed_ms: b.elapsed_ms, camera_live: b.camera_live,
    detector_running: b.detector_running, detector_fps: b.detector_fps, face_counts: b.face_counts, tab_hidden_ms: b.tab_hidden_ms,
    tab_leaves: b.tab_leaves, speech_monitoring: b.speech_monitoring,
  }));
  const [row] = await heartbeatStatement(db)({
    key: `heartbeat:${caller.userId}`, at: now.toISOString(), reset_at: new Date(now.getTime() + windowMs).toISOString(),
    user_id: caller.userId, tv: caller.tokenVersion, ref: UUID.test(ref) ? ref : null, limit, beats: JSON.stringify(values),
  });
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    member: row!.member === true,
    rate: await rateLimitResult(db, { count: Number(row!.count), reset_at: new Date(Number(row!.reset_ms)) }, limit, now),
    order: row!.order_id === null ? null : { id: String(row!.order_id), status: String(row!.status), sections: json<SectionState[]>(row!.sections) },
    accepted: Number(row!.accepted),
    notices: beatNotices(json(row!.notices)),
  };
}

/**
 * The answer to a heartbeat the statement let through (member, rate and order checked by the
 * caller): the order's state refuses it with the spec's messages; beats of a section not open now
 * are refused (counted in `refused`), so a client never fills a closed section's gaps afterwards,
 * and a batch with no beat of an open section is refused with 409 and the section's message.
 */
export function heartbeatAnswer(s: BeatStatement & { order: NonNullable<BeatStatement['order']> }, beats: Heartbeat[], now: Date): HeartbeatResult & { notices: MemberNotice[] } {
  const { order } = s;
  if (order.status === 'disqualified') throw new HttpError(400, SERVER_MESSAGES.testDisqualified);
  if (order.status === 'completed') throw new HttpError(400, SERVER_MESSAGES.testFinished);
  if (order.status !== 'in_progress') throw new HttpError(409, SERVER_MESSAGES.testNotStarted);
  const state = (section: string) => order.sections.find((r) => r.section === section);
  const open = beats.filter((b) => isOpen(state(b.section), now));
  if (open.length === 0) {
    const section = beats[beats.length - 1]!.section;
    throw new HttpError(409, state(section) ? SECTION_MESSAGES.sectionClosed(section) : SECTION_MESSAGES.sectionNotStarted(section));
  }
  // The section's deadline as it stands now: a proctor may have given extra time (issue 30); the timer follows it.
  const deadline = state(open[open.length - 1]!.section)?.deadline_at;
  return {
    accepted: s.accepted, refused: beats.length - open.length, interval_ms: HEARTBEAT_INTERVAL_MS, received_at: now.toISOString(),
    deadline_at: deadline !== undefined ? new Date(deadline).toISOString() : null, notices: s.notices,
  };
}
