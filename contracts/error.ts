import { z } from 'zod';

/** Every failed API call answers with this body (the spec reads `message`). */
export const errorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
