import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  data: z.object({
    database: z.enum(['pglite', 'postgres']),
    migration_version: z.number().int(),
    migration_tag: z.string().nullable(),
    uptime_s: z.number(),
    version: z.string(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
