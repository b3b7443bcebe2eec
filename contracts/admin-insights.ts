// Issue 31: insights for staff. The operator's item analysis of an exam version
// (GET …/exams/:id/item-analysis, and .csv for psychometricians) and the institution dashboard
// aggregates (GET …/insights). Thresholds: contracts/facts/insights.ts.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { ITEM_FLAGS, SECTION_NAMES } from './facts/index.ts';
import { institutionQuerySchema } from './admin-members.ts';

export const itemOptionSchema = z.object({
  index: z.number().int(),
  is_key: z.boolean(),
  share: z.number(),
  /** Share of the upper 27 % (by section score) choosing this option. */
  upper_share: z.number(),
  lower_share: z.number(),
});

export const itemAnalysisItemSchema = z.object({
  question_id: z.uuid(),
  section: z.enum(SECTION_NAMES),
  number: z.number().int(),
  n: z.number().int(),
  /** Difficulty: share correct. */
  p: z.number().nullable(),
  /** Point-biserial against the rest of the section (corrected item-total correlation). */
  discrimination: z.number().nullable(),
  options: z.array(itemOptionSchema),
  flags: z.array(z.enum(ITEM_FLAGS)),
});

export const itemAnalysisSectionSchema = z.object({
  section: z.enum(SECTION_NAMES),
  items: z.number().int(),
  n: z.number().int(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  kr20: z.number().nullable(),
  sem: z.number().nullable(),
});

export const itemAnalysisSchema = z.object({
  exam_id: z.uuid(),
  attempts: z.number().int(),
  min_attempts: z.number().int(),
  sufficient: z.boolean(),
  sections: z.array(itemAnalysisSectionSchema),
  items: z.array(itemAnalysisItemSchema),
});
export type ItemAnalysisResponse = z.infer<typeof itemAnalysisSchema>;
export const itemAnalysisResponseSchema = okEnvelope(itemAnalysisSchema);

/** Columns of the item-analysis CSV. */
export const ITEM_ANALYSIS_CSV_HEADERS = [
  'section', 'number', 'question_id', 'n', 'p', 'discrimination', 'key',
  'share_A', 'share_B', 'share_C', 'share_D', 'upper_A', 'upper_B', 'upper_C', 'upper_D', 'lower_A', 'lower_B', 'lower_C', 'lower_D', 'flags',
] as const;

const day = z.iso.date();
/** Dashboard filter: the institution (operators), the period by completion day (YYYY-MM-DD, inclusive, WIB). */
export const insightsQuerySchema = institutionQuerySchema.extend({
  from: day.optional(),
  to: day.optional(),
  /** One test-day session's members (issue 30): the cohort of a sitting. */
  session: z.uuid().optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const bin = z.object({ from: z.number(), to: z.number(), count: z.number().int() });
const share = z.object({ value: z.string(), count: z.number().int(), share: z.number() });
const summary = z.object({ n: z.number().int(), mean: z.number().nullable(), sd: z.number().nullable() });

export const insightsSchema = z.object({
  /** Completed, non-disqualified attempts of the scope in the period. */
  candidates: z.number().int(),
  total_histogram: z.array(bin),
  sections: z.array(z.object({ section: z.enum(SECTION_NAMES), summary, histogram: z.array(bin) })),
  levels: z.array(share),
  cefr: z.array(share),
  trend: z.array(z.object({ month: z.string(), n: z.number().int(), mean_total: z.number().nullable() })),
  /** The scope beside all EPOT candidates of the period; null unless each group has INSIGHTS_MIN_COMPARISON_GROUP candidates. */
  comparison: z.object({ scope: summary, all: summary }).nullable(),
  min_comparison_group: z.number().int(),
});
export type InsightsResponse = z.infer<typeof insightsSchema>;
export const insightsResponseSchema = okEnvelope(insightsSchema);
