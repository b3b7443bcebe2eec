// Staff console: results, one row per order of the institution's members (any status), with
// filters, sorting and paging; the same filters drive the streamed exports
// (GET …/results.csv and …/results.xlsx, columns RESULT_EXPORT_HEADERS). Operators may pass
// `?institution=ID` (without it: every institution).
import { z } from 'zod';
import { okEnvelope, pagedList } from './envelope.ts';
import { ORDER_STATUS_CODES } from './facts/index.ts';
import { institutionQuerySchema } from './admin-members.ts';
import { timeAccommodationSchema } from './orders.ts';

export const RESULT_SORTS = ['created_at', 'started_at', 'completed_at', 'total_score', 'fullname', 'email', 'order_no', 'status'] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

const day = z.iso.date();
/** Filters shared by the list and the exports. `from`/`to` (YYYY-MM-DD, inclusive) filter the order's creation day (UTC+7). */
export const resultFilterSchema = institutionQuerySchema.extend({
  status: z.enum(ORDER_STATUS_CODES as [string, ...string[]]).optional(),
  from: day.optional(),
  to: day.optional(),
  /** Part of the name, e-mail or order number. */
  search: z.string().trim().max(100).optional(),
  sort: z.enum(RESULT_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ResultFilter = z.infer<typeof resultFilterSchema>;
export const resultListQuerySchema = resultFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const resultRowSchema = z.object({
  order_id: z.uuid(),
  order_no: z.string(),
  member_id: z.uuid(),
  member_name: z.string(),
  email: z.string(),
  institution_id: z.uuid().nullable(),
  /** A code of ORDER_STATUS_LABELS; `status_label` is its Indonesian word. */
  status: z.enum(ORDER_STATUS_CODES as [string, ...string[]]),
  status_label: z.string(),
  listening: z.number().int().nullable(),
  structure: z.number().int().nullable(),
  reading: z.number().int().nullable(),
  total: z.number().int().nullable(),
  level: z.string().nullable(),
  cefr: z.string().nullable(),
  violations: z.object({ open_new_tab: z.number().int(), face: z.number().int(), speech: z.number().int() }),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  disqualified_at: z.string().nullable(),
  /** Issue 18: the extra time and break granted; null: none. */
  time_accommodation: timeAccommodationSchema.nullable(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;
export const resultListResponseSchema = okEnvelope(pagedList(resultRowSchema));
