// Proctoring (spec test-sections 3, 4.5-4.7, 7): violation reports, the server's violation counters,
// monitoring events and photo uploads.
//
// The server counts violations itself, per order and kind. For institution members whose
// institution has `setting.failed[kind]` on, the report that brings that counter to VIOLATION_LIMIT
// disqualifies the order on the server (whatever the client does next); individuals are only
// warned. A kind whose check is off for the institution (`setting.identification`) is refused with
// 400: the client never runs that check, so such a report is a bug or a forgery.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import {
  COUNTER_KINDS, COUNTER_TYPES, HEARTBEAT_BATCH_MAX, PROCTORING_EVENT_KINDS, SECTION_NAMES, TEXT_VOICE_MAX, VIOLATION_LIMIT,
} from './facts/index.ts';

// The counters, the limit and the rule itself live in facts/violations.ts; re-exported for importers
// that still read them here.
export {
  COUNTER_KINDS, counterKindOf, PROCTORING_EVENT_KINDS, SETTING_FLAG_OF, TEXT_VOICE_MAX, VIOLATION_LIMIT,
  type CounterKind, type CounterType, type ProctoringEventKind,
} from './facts/index.ts';

/** What the client may send: the spec's four spellings. */
export const counterTypeSchema = z.enum(COUNTER_TYPES);

export const countersSchema = z.object({ open_new_tab: z.number().int(), face: z.number().int(), speech: z.number().int() });
export type Counters = z.infer<typeof countersSchema>;
const perKind = z.object({ open_new_tab: z.boolean(), face: z.boolean(), speech: z.boolean() });

/** PUT order.updateViolation (`:license` = the licence id or the order id). */
export const violationRequestSchema = z.object({
  counter_type: counterTypeSchema,
  section: z.enum(SECTION_NAMES),
  /** Id of a photo the member uploaded (media.upload) for this violation, or '' (or null) for none. */
  image: z.union([z.uuid(), z.literal(''), z.null()]).default('').transform((v) => v ?? ''),
  /** The speech transcript (speech violations); cut to TEXT_VOICE_MAX characters. */
  text_voice: z.string().max(5000).nullable().default('').transform((s) => (s ?? '').trim().slice(0, TEXT_VOICE_MAX)),
  /**
   * Optional (not in the spec): a uuid the client picks once per violation and reuses on retries,
   * so a retried report whose first answer was lost is not counted twice.
   */
  violation_id: z.uuid().optional(),
});
export type ViolationRequest = z.input<typeof violationRequestSchema>;

/**
 * The order's proctoring state: the answer to a violation report and to GET order.violations
 * (counters survive a reload; the SPA mirrors them in local storage).
 */
export const proctoringStateSchema = z.object({
  counters: countersSchema,
  /** The order is disqualified (by this report, an earlier one, or the client's disqualified post). */
  disqualified: z.boolean(),
  limit: z.literal(VIOLATION_LIMIT),
  /** Which checks run for this order (individuals: all; institution members: setting.identification). */
  checks: perKind,
  /** Which counters end the test at the limit (individuals: none; institutions: setting.failed). */
  disqualify_at_limit: perKind,
  /** Photos are taken (individuals: always; institution members: active_camera). */
  camera_required: z.boolean(),
});
export type ProctoringState = z.infer<typeof proctoringStateSchema>;
export const proctoringStateResponseSchema = okEnvelope(proctoringStateSchema);
/**
 * GET order.violations: the state, and whether this order may use cloud speech recognition now (the
 * institution allows it and the member's consent is live; issue 19). Read at every section start.
 */
export const orderProctoringStateSchema = proctoringStateSchema.extend({ cloud_speech: z.boolean() });
export type OrderProctoringState = z.infer<typeof orderProctoringStateSchema>;
export const orderProctoringStateResponseSchema = okEnvelope(orderProctoringStateSchema);
export type ProctoringStateResponse = z.infer<typeof proctoringStateResponseSchema>;

// ---- monitoring events (not in the spec) -------------------------------------------------------

// Monitoring never stops silently: the client reports when the camera track ends, the face detector
// becomes unavailable, camera access is denied, and when monitoring recovers (PROCTORING_EVENT_KINDS).
export const proctoringEventRequestSchema = z.object({
  section: z.enum(SECTION_NAMES),
  kind: z.enum(PROCTORING_EVENT_KINDS),
  /** A short technical note (e.g. the error code); cut to 500 characters. */
  detail: z.string().max(5000).default('').transform((s) => s.trim().slice(0, 500)),
  /** How long the episode lasted (page-away, face-missing, face-multiple), in ms; at most a day. */
  duration_ms: z.number().int().min(0).max(86_400_000).nullable().optional(),
});
export type ProctoringEventRequest = z.input<typeof proctoringEventRequestSchema>;
export const proctoringEventSchema = z.object({
  section: z.enum(SECTION_NAMES),
  kind: z.enum(PROCTORING_EVENT_KINDS),
  detail: z.string(),
  duration_ms: z.number().int().nullable().optional(),
  created_at: z.string(),
});
export type ProctoringEvent = z.infer<typeof proctoringEventSchema>;
export const proctoringEventResponseSchema = okEnvelope(proctoringEventSchema);

// ---- detail-full ---------------------------------------------------------------------------------

export const violationRecordSchema = z.object({
  created_at: z.string(),
  /** 'device-check' only for rows stored before a section (reports always name a section). */
  section: z.enum([...SECTION_NAMES, 'device-check']),
  counter_type: z.enum(COUNTER_KINDS),
  /** The photo's media id; kept after the retention sweep deleted the photo (image_url is then null). */
  image: z.string().nullable(),
  /** Signed URL of the photo while it exists. */
  image_url: z.string().nullable(),
  text_voice: z.string(),
});
export type ViolationRecord = z.infer<typeof violationRecordSchema>;

/** detail-full's `proctoring`: totals, and the first PROCTORING_LIST_MAX violations and events. */
export const PROCTORING_LIST_MAX = 500;
export const proctoringDetailSchema = z.object({
  counters: countersSchema,
  limit: z.literal(VIOLATION_LIMIT),
  violations: z.array(violationRecordSchema),
  events: z.array(proctoringEventSchema),
});
export type ProctoringDetail = z.infer<typeof proctoringDetailSchema>;

// ---- uploads ---------------------------------------------------------------------------------------

/**
 * POST media.upload, multipart/form-data: `title` (text), `source` ('upload'), `file` (a JPEG or
 * PNG, recognised by its bytes; the file name is never used). Answers the stored photo with a
 * signed, short-lived URL that only this member is handed (media.detail gives fresh ones).
 */
export const UPLOAD_FIELDS = { title: 'title', source: 'source', file: 'file' } as const;
export const uploadedMediaSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.literal('upload'),
  type: z.literal('image'),
  mime: z.enum(['image/jpeg', 'image/png']),
  public_url: z.string(),
  url: z.string(),
  duration: z.null(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;
export const uploadResponseSchema = okEnvelope(uploadedMediaSchema);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

// ---- monitoring heartbeat (issue 27, not in the spec) -------------------------------------------

/**
 * One beat of the proctoring run, every HEARTBEAT_INTERVAL_MS while a proctored section is open.
 * The counts cover the time since the previous beat of the same run. The server stamps each beat
 * with its own receipt time; `seq` (per run, from 1, never reused) lets it drop duplicates a retry sends.
 */
export const heartbeatSchema = z.object({
  section: z.enum(SECTION_NAMES),
  /** Monotonic per proctoring run (a reload starts a new run with a new `run_id`). */
  seq: z.number().int().min(1).max(1_000_000),
  /** A uuid the run picks once (one section screen); seq counts within it. */
  run_id: z.uuid(),
  /** Milliseconds since the run started (the client's monotonic clock; only for ordering). */
  elapsed_ms: z.number().int().min(0).max(86_400_000),
  /** The camera track is live (false where the rules need no camera). */
  camera_live: z.boolean(),
  /** The face detector is running (loaded, not unavailable). */
  detector_running: z.boolean(),
  /** Detections per second since the last beat (0 when not running). */
  detector_fps: z.number().min(0).max(120),
  /** The detector's verdicts since the last beat, counted per detection. */
  face_counts: z.object({
    ok: z.number().int().min(0).max(100_000),
    no_face: z.number().int().min(0).max(100_000),
    multi_face: z.number().int().min(0).max(100_000),
    still: z.number().int().min(0).max(100_000),
  }),
  /** The test page was hidden or blurred this long since the last beat (0 where the tab watch is off). */
  tab_hidden_ms: z.number().int().min(0).max(86_400_000),
  /**
   * Times the candidate left the page since the last beat, as the tab watch counts them (away 1.5 s
   * or more; 0 where it is off). The risk score takes the larger of these and the reports, so a
   * leave whose report was lost still counts.
   */
  tab_leaves: z.number().int().min(0).max(10_000),
  /** Speech monitoring is on and listening. */
  speech_monitoring: z.boolean(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/** POST order.proctoringHeartbeat: one or more beats (the outbox may send several that waited). */
export const heartbeatRequestSchema = z.object({
  beats: z.array(heartbeatSchema).min(1).max(HEARTBEAT_BATCH_MAX),
});
export type HeartbeatRequest = z.infer<typeof heartbeatRequestSchema>;
/** A proctor's notice to a member in a session (a message, extra time, a re-entry, the session's end). */
export const memberNoticeSchema = z.object({ id: z.number().int(), kind: z.enum(['message', 'deadline', 'reentry', 'session_end']), text: z.string(), at: z.string() });
export type MemberNotice = z.infer<typeof memberNoticeSchema>;

export const heartbeatResultSchema = z.object({
  /** Beats stored now (a retried beat already stored is not counted again). */
  accepted: z.number().int(),
  /**
   * Beats refused because their section is not open now (never stored; do not resend them). A batch
   * with no beat of an open section is answered 409 with the section's message instead.
   */
  refused: z.number().int(),
  /** When the next beat is due, in ms (the server may ask for fewer beats). */
  interval_ms: z.number().int(),
  /** The server's receipt time. */
  received_at: z.string(),
  /** Test day (issue 30): the beat's section's server deadline now (a proctor may have moved it). */
  deadline_at: z.string().nullable().optional(),
  /** Test day: the proctors' recent notices for this member (shown once each, by id). */
  notices: z.array(memberNoticeSchema).optional(),
});
export type HeartbeatResult = z.infer<typeof heartbeatResultSchema>;
export const heartbeatResponseSchema = okEnvelope(heartbeatResultSchema);
