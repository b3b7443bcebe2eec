import { z } from 'zod';

/** Server clock for client offset measurement (exam timers count to server deadlines). */
export const timeResponseSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  data: z.object({ server_time_ms: z.number().int() }),
});
export type TimeResponse = z.infer<typeof timeResponseSchema>;
