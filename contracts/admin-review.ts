// Staff console: proctor review (issue 17). The evidence timeline of one attempt, the risk-ranked
// review queue, decisions (with optional four-eyes confirmation), the institution's review settings,
// the reviewers' agreement and the rule simulator. Operators may pass `?institution=ID` to the queue.
import { z } from 'zod';
import { institutionSettingsSchema } from './admin.ts';
import { institutionQuerySchema } from './admin-members.ts';
import { okEnvelope, pagedList } from './envelope.ts';
import { APPEAL_HOURS_MAX, DECISION_NOTE_MAX, EVIDENCE_STATUSES, ORDER_STATUS_CODES, REVIEW_DECISIONS, RISK_REASON_CODES, RISK_SCORE_MAX } from './facts/index.ts';
import { REVIEW_MESSAGES } from './facts/review-texts.ts';
import { memberAppealSchema } from './appeals.ts';
import { timeAccommodationSchema } from './orders.ts';

const decisionSchema = z.enum(REVIEW_DECISIONS);
const countersSchema = z.object({ open_new_tab: z.number().int(), face: z.number().int(), speech: z.number().int() });

export const riskReasonSchema = z.object({ code: z.enum(RISK_REASON_CODES), points: z.number().int(), text: z.string() });
export type RiskReasonView = z.infer<typeof riskReasonSchema>;

// ---- the timeline ---------------------------------------------------------------------------------

/** A photo of the attempt: a short-lived signed URL only staff in scope are handed; null once the retention sweep deleted it. */
export const timelinePhotoSchema = z.object({ id: z.string(), url: z.string().nullable(), deleted: z.boolean() });
export type TimelinePhoto = z.infer<typeof timelinePhotoSchema>;

/**
 * One entry of an attempt's timeline, oldest first. `kind` is one of TIMELINE_KINDS or a kind a later
 * source adds (the console shows unknown kinds by name). What the fields mean depends on the kind:
 * `subtype` the violation's counter, the monitoring event, how a section closed, the device, the
 * decision; `count` the autosaves of that minute; `text` what was heard, a note or a reason.
 */
export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.string(),
  section: z.string().nullable(),
  subtype: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  count: z.number().int().nullable(),
  text: z.string().nullable(),
  photo: timelinePhotoSchema.nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const decisionRecordSchema = z.object({
  id: z.uuid(),
  decision: decisionSchema,
  note: z.string(),
  staff_email: z.string(),
  role: z.string(),
  /** pending (waits for a second reviewer), effective, confirmed / reversed (by the second reviewer), superseded. */
  status: z.enum(['pending', 'effective', 'confirmed', 'reversed', 'superseded']),
  second_of: z.uuid().nullable(),
  reversed: z.boolean().nullable(),
  appeal_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type DecisionRecord = z.infer<typeof decisionRecordSchema>;

/** The member's appeal as staff see it: the same fields, with its id to answer it by. */
export const staffAppealSchema = memberAppealSchema.extend({ id: z.uuid() });
export type StaffAppeal = z.infer<typeof staffAppealSchema>;

export const reviewStateSchema = z.object({
  /** The attempt ended by a disqualification (true also after it was overturned). */
  disqualified: z.boolean(),
  decision: decisionSchema.nullable(),
  decided_at: z.string().nullable(),
  pending: decisionRecordSchema.nullable(),
  /** What may be decided for this attempt. */
  allowed_decisions: z.array(decisionSchema),
  four_eyes: z.boolean(),
  /** The caller may decide now (no decision in effect, an open appeal, a pending one of another reviewer, or an operator). */
  can_decide: z.boolean(),
  history: z.array(decisionRecordSchema),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;

export const attemptTimelineSchema = z.object({
  order: z.object({
    id: z.uuid(),
    order_no: z.string(),
    status: z.enum(ORDER_STATUS_CODES as [string, ...string[]]),
    status_label: z.string(),
    member_name: z.string(),
    email: z.string(),
    institution_id: z.uuid().nullable(),
    institution_name: z.string().nullable(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    disqualified_at: z.string().nullable(),
    disqualified_reason: z.string().nullable(),
    /** Extra time granted before the test (issue 18), or null. */
    time_accommodation: timeAccommodationSchema.nullable(),
    scores: z.object({
      listening: z.number().int().nullable(), structure: z.number().int().nullable(), reading: z.number().int().nullable(),
      total: z.number().int().nullable(), level: z.string().nullable(), cefr: z.string().nullable(),
    }),
    counters: countersSchema,
  }),
  risk: z.object({ score: z.number().int(), reasons: z.array(riskReasonSchema), threshold: z.number().int(), version: z.number().int() }).nullable(),
  review: reviewStateSchema.nullable(),
  appeal: staffAppealSchema.nullable(),
  certificate: z.object({ number: z.string(), status: z.enum(['valid', 'revoked', 'expired']), revoked_reason: z.string().nullable() }).nullable(),
  /**
   * Issue 27: the proctoring evidence ('pending_review': required evidence missing, the certificate
   * is held until this review decides; contracts/certificates.ts). Null while not finished.
   */
  evidence_status: z.enum(EVIDENCE_STATUSES).nullable().optional(),
  entries: z.array(timelineEntrySchema),
  /** How long the photo URLs in `entries` stay valid; GET …/photos/:media_id gives a fresh one. */
  photo_url_ttl_seconds: z.number().int(),
});
export type AttemptTimeline = z.infer<typeof attemptTimelineSchema>;
export const attemptTimelineResponseSchema = okEnvelope(attemptTimelineSchema);
export const attemptParamsSchema = z.object({ order_id: z.uuid() });
export const attemptPhotoParamsSchema = z.object({ order_id: z.uuid(), media_id: z.uuid() });
export const attemptPhotoResponseSchema = okEnvelope(z.object({ id: z.uuid(), url: z.string(), expires_in_seconds: z.number().int() }));
/** The signed photo file itself (no token: `<img>` loads it). */
export const reviewPhotoFileParamsSchema = z.object({ media_id: z.uuid() });
export const reviewPhotoFileQuerySchema = z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) });
export const staffAppealResponseSchema = okEnvelope(staffAppealSchema.nullable());

// ---- the queue -------------------------------------------------------------------------------------

export const REVIEW_STATES = ['open', 'decided', 'all'] as const;
/** 'evidence' (issue 27): required proctoring evidence is missing; the certificate waits for a decision. */
export const REVIEW_REASONS = ['all', 'disqualified', 'risk', 'appeal', 'evidence'] as const;
export const reviewQueueQuerySchema = institutionQuerySchema.extend({
  /** open: no decision in effect, one waiting for confirmation, or an open appeal. */
  state: z.enum(REVIEW_STATES).default('open'),
  reason: z.enum(REVIEW_REASONS).default('all'),
  /** Part of the name, e-mail or order number. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

export const reviewQueueRowSchema = z.object({
  order_id: z.uuid(),
  order_no: z.string(),
  member_name: z.string(),
  email: z.string(),
  institution_id: z.uuid().nullable(),
  institution_name: z.string().nullable(),
  status: z.enum(ORDER_STATUS_CODES as [string, ...string[]]),
  status_label: z.string(),
  finished_at: z.string(),
  disqualified: z.boolean(),
  risk_score: z.number().int(),
  risk_reasons: z.array(riskReasonSchema),
  decision: decisionSchema.nullable(),
  pending_decision: decisionSchema.nullable(),
  appeal_status: z.enum(['open', 'answered']).nullable(),
  counters: countersSchema,
  /** Why it is in the queue. */
  needs: z.array(z.enum(['disqualified', 'risk', 'appeal', 'evidence'])),
});
export type ReviewQueueRow = z.infer<typeof reviewQueueRowSchema>;
export const reviewQueueResponseSchema = okEnvelope(pagedList(reviewQueueRowSchema));

// ---- decisions -------------------------------------------------------------------------------------

export const decisionRequestSchema = z.object({
  decision: decisionSchema,
  note: z.string({ error: REVIEW_MESSAGES.noteRequired }).trim().min(1, { error: REVIEW_MESSAGES.noteRequired }).max(DECISION_NOTE_MAX),
});
export type DecisionRequest = z.infer<typeof decisionRequestSchema>;
export const decisionResponseSchema = okEnvelope(z.object({
  decision: decisionRecordSchema,
  /** False while it waits for a second reviewer. */
  effective: z.boolean(),
  review: reviewStateSchema,
}));

// ---- settings, agreement, simulator ---------------------------------------------------------------

export const reviewSettingsSchema = z.object({
  risk_threshold: z.number().int().min(0).max(RISK_SCORE_MAX),
  appeal_hours: z.number().int().min(1).max(APPEAL_HOURS_MAX),
  four_eyes: z.boolean(),
});
export type ReviewSettingsBody = z.infer<typeof reviewSettingsSchema>;
export const reviewSettingsResponseSchema = okEnvelope(reviewSettingsSchema.extend({ id: z.uuid() }));

export const reviewAgreementSchema = z.object({
  /** Decisions taken as the second reviewer of a pending one. */
  second_reviews: z.number().int(),
  /** …of which reversed the first reviewer's decision. */
  reversed: z.number().int(),
  /** reversed / second_reviews, null with no second reviews yet. */
  reversal_share: z.number().nullable(),
});
export const reviewAgreementResponseSchema = okEnvelope(reviewAgreementSchema);

export const ruleSimulationRequestSchema = z.object({
  setting: institutionSettingsSchema.shape.setting,
  risk_threshold: z.number().int().min(0).max(RISK_SCORE_MAX),
});
export type RuleSimulationRequest = z.infer<typeof ruleSimulationRequestSchema>;
const outcomeSchema = z.object({ disqualified: z.boolean(), queued: z.boolean(), risk_score: z.number().int() });
export const ruleSimulationSchema = z.object({
  /** Finished attempts replayed (the newest SIMULATION_MAX_ATTEMPTS). */
  attempts: z.number().int(),
  current: z.object({ disqualified: z.number().int(), queued: z.number().int() }),
  proposed: z.object({ disqualified: z.number().int(), queued: z.number().int() }),
  /** Attempts whose outcome would change (at most 100), newest first. */
  changes: z.array(z.object({
    order_id: z.uuid(), order_no: z.string(), member_name: z.string(), finished_at: z.string(),
    current: outcomeSchema, proposed: outcomeSchema,
  })),
  changes_total: z.number().int(),
});
export type RuleSimulation = z.infer<typeof ruleSimulationSchema>;
export const ruleSimulationResponseSchema = okEnvelope(ruleSimulationSchema);
