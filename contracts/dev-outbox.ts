import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/** GET /dev/outbox (only when NODE_ENV is not production): mail kept when no SMTP_URL is set, newest first. */
export const devOutboxResponseSchema = okEnvelope(z.object({
  list: z.array(z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    created_at: z.string(),
  })),
}));
export type DevOutboxResponse = z.infer<typeof devOutboxResponseSchema>;
