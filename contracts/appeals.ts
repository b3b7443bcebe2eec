// The candidate's side of proctor review (issue 17): which of their attempts can be appealed, the
// evidence behind a decision (their own flags and photos only) and the appeal itself: once per
// attempt, within the institution's period (default 72 h) after the disqualification or invalidation.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { APPEAL_MESSAGES, APPEAL_TEXT_MAX, APPEAL_TEXT_MIN, COUNTER_KINDS, REVIEW_DECISIONS } from './facts/index.ts';
import { orderStatusSchema } from './orders.ts';

const decision = z.enum(REVIEW_DECISIONS).nullable();

export const memberAppealSchema = z.object({
  text: z.string(),
  status: z.enum(['open', 'answered']),
  outcome: z.enum(['upheld', 'overturned']).nullable(),
  answer_note: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
});
export type MemberAppeal = z.infer<typeof memberAppealSchema>;

/** One of the member's attempts that was disqualified, invalidated or appealed. */
export const appealSummarySchema = z.object({
  order_id: z.string(),
  order_no: z.string(),
  order_status: orderStatusSchema,
  /** The decision in effect, null while no reviewer decided. */
  decision,
  can_appeal: z.boolean(),
  /** Until when an appeal may be sent (null when none can be). */
  deadline_at: z.string().nullable(),
  appeal_status: z.enum(['open', 'answered']).nullable(),
  outcome: z.enum(['upheld', 'overturned']).nullable(),
});
export type AppealSummary = z.infer<typeof appealSummarySchema>;
export const appealListResponseSchema = okEnvelope(z.object({ list: z.array(appealSummarySchema) }));

export const appealDetailSchema = appealSummarySchema.extend({
  appeal: memberAppealSchema.nullable(),
  /** The result once the attempt is completed (e.g. after an overturned disqualification), with its certificate. */
  result: z.object({
    total_score: z.number().int().nullable(),
    level: z.string().nullable(),
    cefr: z.string().nullable(),
    certificate: z.object({ number: z.string(), status: z.enum(['valid', 'expired', 'revoked']), verify_url: z.string(), public_url: z.string() }).nullable(),
  }).nullable(),
  /** The candidate's own flags: time, kind, section, the reason, what was heard and their own photo. */
  evidence: z.object({
    violations: z.array(z.object({
      created_at: z.string(),
      section: z.string(),
      counter_type: z.enum(COUNTER_KINDS),
      reason: z.string(),
      text_voice: z.string(),
      /** A signed URL only this member is handed; null without a photo or after the retention sweep. */
      image_url: z.string().nullable(),
    })),
    events: z.array(z.object({ created_at: z.string(), section: z.string(), kind: z.string(), duration_ms: z.number().int().nullable() })),
  }),
});
export type AppealDetail = z.infer<typeof appealDetailSchema>;
export const appealDetailResponseSchema = okEnvelope(appealDetailSchema);

export const appealRequestSchema = z.object({
  text: z.string({ error: APPEAL_MESSAGES.textTooShort }).trim().min(APPEAL_TEXT_MIN, { error: APPEAL_MESSAGES.textTooShort }).max(APPEAL_TEXT_MAX),
});
export type AppealRequest = z.infer<typeof appealRequestSchema>;
export const appealResponseSchema = okEnvelope(memberAppealSchema);
