// Exam delivery (spec test-sections 3, 7): a section's content for the candidate, autosave, the
// answer submission, the order's full detail, signed media and the exam / question-bank calls.
// Nothing here ever carries which option is correct, nor what a listening audio says.
//
// Times: `*_ms` fields are epoch milliseconds on the server's clock; `server_time_ms` lets the SPA
// measure its clock offset. `duration` of a media item is in seconds (fractional, measured).
import { z } from 'zod';
import { answerPartSchema } from './exam-answer.ts';
import { certificateRefSchema, evidenceStatusSchema } from './certificates.ts';
import { okEnvelope, pagedList } from './envelope.ts';
import { PART_LETTERS, SECTION_NAMES } from './facts/index.ts';
import { proctoringDetailSchema } from './proctoring.ts';
import { timeAccommodationSchema } from './orders.ts';

export const examSectionSchema = z.enum(SECTION_NAMES);

/** Where a section stands: 'not_started' only appears in detail-full. */
export const sectionStatusSchema = z.enum(['not_started', 'open', 'submitted', 'swept', 'disqualified']);
export type SectionStatus = z.infer<typeof sectionStatusSchema>;

export const sectionParamSchema = z.object({ id: z.string().trim().min(1).max(64), section: examSectionSchema });

// ---- content -----------------------------------------------------------------------------------

/**
 * A stored file. `public_url` and `url` are the same short-lived signed URL (usable directly in
 * <audio>/<img>, which cannot send a bearer token); fetch the section again for fresh ones.
 */
export const mediaRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  type: z.enum(['audio', 'image', 'video', 'pdf']),
  public_url: z.string(),
  url: z.string(),
  /** Seconds; null for images and anything not measured. */
  duration: z.number().nullable(),
});
export type MediaRef = z.infer<typeof mediaRefSchema>;

/** A part's direction or (listening) its closing statement. */
export const statementSchema = z.object({
  text: z.string(),
  with_media: z.boolean(),
  media: mediaRefSchema.nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

export const deliveredQuestionSchema = z.object({
  id: z.string(),
  /** 1-based within the section (the navigation grid's label). */
  number: z.number().int(),
  question: z.object({
    text: z.string(),
    media: z.object({ type: z.literal('image'), url: z.string() }).nullable(),
  }),
  /** A question's own audio (the demo exam has none: listening audio sits on the question list). */
  audio: mediaRefSchema.nullable(),
  options: z.array(z.object({ text: z.string() })),
  type: z.literal('single_choice'),
  /** From the autosaved draft: the chosen option's text, or null. */
  selected_answer: z.string().nullable(),
});
export type DeliveredQuestion = z.infer<typeof deliveredQuestionSchema>;

/** The spec's "question list": a passage / conversation with its questions, or one lone question. */
export const questionListSchema = z.object({
  id: z.string(),
  is_group: z.boolean(),
  text: z.string(),
  with_media: z.boolean(),
  media: mediaRefSchema.nullable(),
  list_question: z.array(deliveredQuestionSchema),
});
export type QuestionList = z.infer<typeof questionListSchema>;

export const deliveredPartSchema = z.object({
  part: z.enum(PART_LETTERS),
  exam_id: z.string(),
  company: z.object({ id: z.string() }),
  part_direction: statementSchema,
  /** Listening: the spoken end-of-part statement; null elsewhere. */
  close_statement: statementSchema.nullable(),
  question_list: z.array(questionListSchema),
});
export type DeliveredPart = z.infer<typeof deliveredPartSchema>;

export const sectionExamSchema = z.object({
  /** This section is closed (submitted, swept or disqualified); `parts` is then empty. */
  is_complete: z.boolean(),
  section: examSectionSchema,
  parts: z.array(deliveredPartSchema),
});

/**
 * GET order.sectionDetail. The first call starts the section and fixes its deadline on the server.
 * Sections go in order: asking for a later one before the earlier is closed is a 409 naming it.
 */
export const sectionDetailSchema = z.object({
  exam: sectionExamSchema,
  status: sectionStatusSchema.exclude(['not_started']),
  server_time_ms: z.number().int(),
  started_at: z.string(),
  deadline_ms: z.number().int(),
  /** Whole seconds to the deadline, 0 when past it. */
  remaining_seconds: z.number().int(),
  /** The section's full time in seconds (structure 1500, reading 3300, listening audio + 300 + allowance). */
  duration_seconds: z.number().int(),
  /** The extra time the section's deadline includes (contracts/facts/accommodations.ts); null: none. */
  time_accommodation: timeAccommodationSchema.nullable(),
  /** The question index the last draft was at (resume there); null before the first draft. */
  draft_position: z.number().int().nullable(),
  /** Ids of the photos already attached to this section (submitted result), else []. */
  images: z.array(z.string()),
});
export type SectionDetail = z.infer<typeof sectionDetailSchema>;
export const sectionDetailResponseSchema = okEnvelope(sectionDetailSchema);
export type SectionDetailResponse = z.infer<typeof sectionDetailResponseSchema>;

// ---- autosave and submission -------------------------------------------------------------------

const answerListSchema = z.array(answerPartSchema).max(3);

/** PUT order.answerDraft: the answers so far (may be partial) and the current question index. */
export const answerDraftRequestSchema = z.object({
  id: z.string().trim().min(1).max(64),
  section: examSectionSchema,
  answer: answerListSchema,
  position: z.number().int().min(0).max(1000),
  /**
   * Optional, growing with each draft of the page (the SPA sends its clock in ms, kept strictly
   * increasing): a draft that arrives after a newer one is acknowledged but not stored.
   */
  client_seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AnswerDraftRequest = z.infer<typeof answerDraftRequestSchema>;
export const answerDraftResponseSchema = okEnvelope(z.object({
  saved_at: z.string(),
  server_time_ms: z.number().int(),
  remaining_seconds: z.number().int(),
}));
export type AnswerDraftResponse = z.infer<typeof answerDraftResponseSchema>;

/**
 * POST order.answer (spec 3 "Answer submission"). `disqualified: true` ends the whole test (send an
 * empty `answer`). Idempotent: repeating an identical submission answers 200 with the stored result.
 */
export const answerSubmitRequestSchema = z.object({
  id: z.string().trim().min(1).max(64),
  section: examSectionSchema,
  images: z.array(z.uuid()).max(20).default([]),
  answer: answerListSchema,
  disqualified: z.boolean().default(false),
});
export type AnswerSubmitRequest = z.input<typeof answerSubmitRequestSchema>;

export const orderStatusValues = ['not_started', 'in_progress', 'completed', 'disqualified'] as const;

export const answerSubmitResultSchema = z.object({
  id: z.string(),
  section: examSectionSchema,
  status: sectionStatusSchema.exclude(['not_started', 'open']),
  submitted_at: z.string(),
  /** The order after this submission: 'completed' once all three sections are closed. */
  order_status: z.enum(orderStatusValues),
  /** All three sections are closed. */
  exam_complete: z.boolean(),
});
export type AnswerSubmitResult = z.infer<typeof answerSubmitResultSchema>;
export const answerSubmitResponseSchema = okEnvelope(answerSubmitResultSchema);

// ---- the order's full detail -------------------------------------------------------------------

export const sectionSummarySchema = z.object({
  status: sectionStatusSchema,
  started_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  raw_correct: z.number().int().nullable(),
  converted: z.number().int().nullable(),
});
export type SectionSummary = z.infer<typeof sectionSummarySchema>;

export const orderDetailFullSchema = z.object({
  section: z.object({ listening: sectionSummarySchema, structure: sectionSummarySchema, reading: sectionSummarySchema }),
  /** The order's live certificate (null until the order completes; see contracts/certificates.ts). */
  sertificate: certificateRefSchema.nullable(),
  /** The licence's id (as in the order list); `order.license_hint` shows its last four characters. */
  license: z.string(),
  order: z.object({
    id: z.string(),
    order_no: z.string(),
    status: z.enum(orderStatusValues),
    is_b2b: z.boolean(),
    license_hint: z.string(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    disqualified_at: z.string().nullable(),
    /** Why: e.g. 'violations:open_new_tab' (the server's count) or 'candidate app: listening'. */
    disqualified_reason: z.string().nullable(),
    total_score: z.number().int().nullable(),
    level: z.string().nullable(),
    cefr: z.string().nullable(),
    settings: z.object({ use_face_detection: z.boolean(), use_speech_detection: z.boolean() }),
    consent: z.object({ rules_version: z.string(), created_at: z.string() }).nullable(),
    device_reports: z.array(z.object({ device: z.string(), problem: z.string(), created_at: z.string() })),
  }),
  /** Violations (counters and list) and monitoring events. */
  proctoring: proctoringDetailSchema,
  /**
   * Issue 27 (not in the spec): the proctoring evidence of the finished attempt ('complete',
   * 'pending_review' — required evidence missing, the certificate waits for a reviewer —, 'released',
   * 'refused'; contracts/certificates.ts). Null while the test is not finished.
   */
  evidence_status: evidenceStatusSchema.nullable().optional(),
});
export type OrderDetailFull = z.infer<typeof orderDetailFullSchema>;
export const orderDetailFullResponseSchema = okEnvelope(orderDetailFullSchema);

// ---- media -------------------------------------------------------------------------------------

/** GET media.file: the signed query `media.detail` and the section detail hand out. */
export const mediaFileQuerySchema = z.object({
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
});
export const mediaDetailResponseSchema = okEnvelope(mediaRefSchema);

// ---- exam and bank calls (spec 7) --------------------------------------------------------------

export const examListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(['active', 'archived']).optional(),
});
export const examSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.number().int(),
  status: z.enum(['active', 'archived']),
  company: z.object({ id: z.string() }),
  created_at: z.string(),
});
export const examListResponseSchema = okEnvelope(pagedList(examSummarySchema));

export const examDetailSchema = examSummarySchema.extend({
  parts: z.array(z.object({
    section: examSectionSchema,
    part: z.enum(PART_LETTERS),
    part_direction: z.object({ text: z.string(), with_media: z.boolean() }),
    question_count: z.number().int(),
  })),
});
export const examDetailResponseSchema = okEnvelope(examDetailSchema);

/** A question as the bank calls give it: content only, never its answer. */
export const bankQuestionSchema = z.object({
  id: z.string(),
  exam_id: z.string(),
  section: examSectionSchema,
  part: z.enum(PART_LETTERS),
  number: z.number().int(),
  type: z.literal('single_choice'),
  question: z.object({
    text: z.string(),
    media: z.object({ type: z.literal('image'), url: z.string() }).nullable(),
  }),
  options: z.array(z.object({ text: z.string() })),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

export const bankListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  type: z.literal('single_choice').default('single_choice'),
});
export const bankListResponseSchema = okEnvelope(pagedList(bankQuestionSchema));
export const bankQuestionResponseSchema = okEnvelope(bankQuestionSchema);
export const bankMultipleQuerySchema = z.object({
  id: z.string().trim().min(1).max(2000)
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
    .pipe(z.array(z.uuid()).min(1).max(100)),
});
export const bankMultipleResponseSchema = okEnvelope(z.array(bankQuestionSchema));
