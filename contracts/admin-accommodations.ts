// Staff console: extra-time accommodations (issue 18). An institution admin (their own members) or
// an operator grants a member's order extra time per section — a factor, extra minutes — and a
// break between sections, before the test starts; proctors only read. The rules are in
// contracts/facts/accommodations.ts and server/services/orders/accommodations.ts (shared with the CLI).
import { z } from 'zod';
import { orderBreakSchema } from './breaks.ts';
import { okEnvelope } from './envelope.ts';
import { MAX_BREAK_MINUTES, MAX_EXTRA_MINUTES, ORDER_STATUS_CODES } from './facts/index.ts';
import { timeAccommodationSchema } from './orders.ts';

export const accommodationParamsSchema = z.object({ id: z.uuid(), order_id: z.uuid() });

/** PUT memberAccommodation: factor 1 with no minutes and no break removes it. */
export const accommodationRequestSchema = z.object({
  factor: z.union([z.literal(1), z.literal(1.25), z.literal(1.5), z.literal(2)]),
  extra_minutes: z.number().int().min(0).max(MAX_EXTRA_MINUTES),
  break_minutes: z.number().int().min(0).max(MAX_BREAK_MINUTES).default(0),
});
export type AccommodationRequest = z.infer<typeof accommodationRequestSchema>;

export const memberOrderAccommodationSchema = z.object({
  order_id: z.uuid(),
  order_no: z.string(),
  status: z.enum(ORDER_STATUS_CODES as [string, ...string[]]),
  status_label: z.string(),
  created_at: z.string(),
  /** The first section has started: the accommodation can no longer change. */
  started: z.boolean(),
  /** Not started and not finished: the accommodation may still be changed. */
  editable: z.boolean(),
  time_accommodation: timeAccommodationSchema.nullable(),
  /** Breaks taken so far (oldest first). */
  breaks: z.array(orderBreakSchema),
});
export type MemberOrderAccommodation = z.infer<typeof memberOrderAccommodationSchema>;
export const memberAccommodationsResponseSchema = okEnvelope(z.object({ list: z.array(memberOrderAccommodationSchema) }));
export const memberAccommodationResponseSchema = okEnvelope(memberOrderAccommodationSchema);
