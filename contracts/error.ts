import { z } from 'zod';

/** Every failed API call answers with this body (the spec reads `message`). */
export const errorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  /** Some staff errors carry a machine-readable code (contracts/facts STAFF_ERROR_CODES). */
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
