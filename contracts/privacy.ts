// The candidate's rights (issue 19): export (a zip, no schema) and deletion.
import { z } from 'zod';
import { okEnvelope as ok } from './envelope.ts';

export const deletionRequestSchema = z.object({
  /** The account's password (accounts made through Google sign-in only have none). */
  password: z.string().max(200).optional(),
  confirm: z.literal(true),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

export const deletionResponseSchema = ok(z.object({
  removed: z.array(z.string()),
  kept: z.array(z.string()),
  /** The signed receipt, also mailed. */
  receipt: z.string(),
}));
export type DeletionResponse = z.infer<typeof deletionResponseSchema>;
