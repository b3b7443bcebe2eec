import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/** GET /public-config (no auth): what the SPA needs at run time and cannot build in. */
export const publicConfigResponseSchema = okEnvelope(z.object({
  /** Google Identity Services client id; null when Google sign-in is not configured. */
  google_client_id: z.string().nullable(),
  /** The support address shown on screen (spec 1: "{email}"). */
  support_email: z.string(),
}));
export type PublicConfigResponse = z.infer<typeof publicConfigResponseSchema>;
