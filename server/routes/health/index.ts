import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { healthResponseSchema } from '../../../contracts/health.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, opts) => {
  app.get(apiPaths.health, {
    schema: {
      summary: 'Liveness and database facts',
      tags: ['system'],
      response: { 200: healthResponseSchema },
    },
  }, async () => {
    // Also a real round-trip: a broken database makes health fail with a 500.
    const info = await app.database.migrationInfo();
    return {
      status: 200 as const,
      message: 'OK',
      data: {
        database: app.database.kind,
        migration_version: info.version,
        migration_tag: info.tag,
        uptime_s: Math.round(process.uptime()),
        version: opts.version,
      },
    };
  });
};
