import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/** An uncaught error or worker failure reported by the SPA; it carries no personal data. */
export const clientErrorReportSchema = z.object({
  kind: z.enum(['error', 'unhandledrejection', 'worker']),
  message: z.string().max(1000),
  stack: z.string().max(8000).optional(),
  /** The route path only (no query string, which may hold codes). */
  path: z.string().max(300),
  worker: z.string().max(60).optional(),
  release: z.string().max(60).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
export const clientErrorResponseSchema = okEnvelope(z.null());
