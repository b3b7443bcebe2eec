// Breaks between sections (issue 18, contracts/facts/accommodations.ts): an accommodation's
// break_minutes lets the candidate pause after listening and after structure. POST starts the
// break after a closed section; GET tells the break screen (and a reload of it) where it stands.
// Starting the next section (GET order.sectionDetail) ends it.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { BREAK_AFTER_SECTIONS, SECTION_NAMES } from './facts/index.ts';

export const breakAfterSchema = z.enum(BREAK_AFTER_SECTIONS);

/** POST order.breaks: take the break after `after_section` (idempotent while it lasts). */
export const breakStartRequestSchema = z.object({ after_section: breakAfterSchema });
export type BreakStartRequest = z.infer<typeof breakStartRequestSchema>;

export const orderBreakSchema = z.object({
  after_section: breakAfterSchema,
  started_at: z.string(),
  /** The latest end (started_at + the granted minutes). */
  ends_at: z.string(),
  /** When the next section started; null while the break lasts. */
  ended_at: z.string().nullable(),
});
export type OrderBreak = z.infer<typeof orderBreakSchema>;

export const breakStateSchema = z.object({
  /** Minutes granted for each break; 0: none. */
  break_minutes: z.number().int(),
  server_time_ms: z.number().int(),
  /** The break in progress, or null. */
  current: orderBreakSchema.nullable(),
  /** The section that comes after the current break (null without one). */
  next_section: z.enum(SECTION_NAMES).nullable(),
  /** Every break of the order, oldest first. */
  breaks: z.array(orderBreakSchema),
});
export type BreakState = z.infer<typeof breakStateSchema>;
export const breakStateResponseSchema = okEnvelope(breakStateSchema);
export type BreakStateResponse = z.infer<typeof breakStateResponseSchema>;
