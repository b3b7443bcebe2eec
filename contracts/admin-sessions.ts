// Staff console: test-day sessions (issue 30). An institution admin (their own institution) or an
// operator (any, with `institution_id`) schedules a sitting: members, window, optional proctors.
// Proctors read the sessions of their institution. Rules: contracts/facts/sessions.ts.
import { z } from 'zod';
import { okEnvelope, pagedList } from './envelope.ts';
import { LIVE_EVENT_KINDS, LIVE_STATES, MAX_LIVE_EXTRA_MINUTES, MAX_SESSION_MEMBERS, MAX_SESSION_MESSAGE, MAX_SESSION_PROCTORS } from './facts/index.ts';

const instant = z.iso.datetime({ offset: true });

export const sessionParamsSchema = z.object({ id: z.uuid() });

export const createSessionRequestSchema = z.object({
  /** Operators name the institution; institution staff may omit it (their own). */
  institution_id: z.uuid().optional(),
  name: z.string().trim().min(1).max(120),
  opens_at: instant,
  last_start_at: instant,
  closes_at: instant,
  member_ids: z.array(z.uuid()).max(MAX_SESSION_MEMBERS).default([]),
  /** Members by e-mail (a CSV's column), added to member_ids; an address not in the institution is refused by name. */
  member_emails: z.array(z.string().trim().toLowerCase().max(254)).max(MAX_SESSION_MEMBERS).default([]),
  /** Members of an earlier session of the institution (the cohort as a group). */
  copy_members_from: z.uuid().optional(),
  proctor_ids: z.array(z.uuid()).max(MAX_SESSION_PROCTORS).default([]),
});
export type CreateSessionRequest = z.input<typeof createSessionRequestSchema>;

export const sessionPhaseSchema = z.enum(['scheduled', 'open', 'started_closed', 'closed', 'ended']);

/** A proctor assigned to a session, named for the console (issue 30: ids alone told the admin nothing). */
export const sessionProctorSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type SessionProctor = z.infer<typeof sessionProctorSchema>;

export const testSessionSchema = z.object({
  id: z.uuid(),
  institution_id: z.uuid(),
  name: z.string(),
  opens_at: z.string(),
  last_start_at: z.string(),
  closes_at: z.string(),
  ended_at: z.string().nullable(),
  phase: sessionPhaseSchema,
  phase_label: z.string(),
  member_count: z.number().int(),
  proctor_ids: z.array(z.uuid()),
  /** The same proctors with their names, by name. */
  proctors: z.array(sessionProctorSchema),
  created_at: z.string(),
});
export type TestSession = z.infer<typeof testSessionSchema>;

export const sessionMemberSchema = z.object({
  user_id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  /** The member's newest order's status code, or null when they have none. */
  order_status: z.string().nullable(),
  started_at: z.string().nullable(),
});

export const sessionListQuerySchema = z.object({
  /** Operators: one institution's sessions (institution staff: only their own, another id answers 404). */
  institution: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const sessionResponseSchema = okEnvelope(testSessionSchema);
export const sessionDetailResponseSchema = okEnvelope(testSessionSchema.extend({ members: z.array(sessionMemberSchema) }));
export const sessionListResponseSchema = okEnvelope(pagedList(testSessionSchema));

export const endSessionRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) });

/** What the member's test list says about their session (added to the order list, not in the spec). */
export const memberSessionNoticeSchema = z.object({
  name: z.string(),
  opens_at: z.string(),
  last_start_at: z.string(),
  closes_at: z.string(),
  /** May the member start now? */
  can_start: z.boolean(),
  /** The catalogue sentence when they may not. */
  message: z.string().nullable(),
});
export type MemberSessionNotice = z.infer<typeof memberSessionNoticeSchema>;
export const memberSessionNoticeResponseSchema = okEnvelope(z.object({ session: memberSessionNoticeSchema.nullable() }));

// The live view (issue 30): the snapshot a view starts from and the actions, each with a reason.
export const sessionMemberParamsSchema = z.object({ id: z.uuid(), user_id: z.uuid() });
const reason = z.string().trim().min(1).max(500);
export const extraTimeRequestSchema = z.object({ minutes: z.number().int().min(1).max(MAX_LIVE_EXTRA_MINUTES), reason });
export const reentryRequestSchema = z.object({ reason });
export const sessionMessageRequestSchema = z.object({
  text: z.string().trim().min(1).max(MAX_SESSION_MESSAGE),
  /** One member, or everyone in the session when absent. */
  user_id: z.uuid().optional(),
  reason,
});

export const liveEventSchema = z.object({
  id: z.number().int().nullable(),
  session_id: z.uuid().nullable(),
  user_id: z.uuid().nullable(),
  order_id: z.uuid().nullable(),
  kind: z.enum(LIVE_EVENT_KINDS),
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
});

export const liveMemberSchema = z.object({
  user_id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  order_id: z.uuid().nullable(),
  state: z.enum(LIVE_STATES),
  deadline_at: z.string().nullable(),
  break_ends_at: z.string().nullable(),
  last_beat_at: z.string().nullable(),
  flags: z.object({ tab: z.number().int(), face: z.number().int(), speech: z.number().int(), gap: z.number().int() }),
});

/** The first SSE message ('snapshot'); then 'live' messages carry one liveEventSchema each. */
export const liveSnapshotSchema = z.object({
  session: testSessionSchema,
  members: z.array(liveMemberSchema),
  feed: z.array(liveEventSchema),
  last_event_id: z.number().int(),
  server_time: z.string(),
});
export type LiveSnapshot = z.infer<typeof liveSnapshotSchema>;

export const liveActionResultSchema = z.object({ event_id: z.number().int(), deadline_at: z.string().nullable() });
export const liveActionResponseSchema = okEnvelope(liveActionResultSchema);

