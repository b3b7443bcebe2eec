import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { healthResponseSchema } from '../../../contracts/health.ts';
import { HttpError, STORAGE_FULL_MESSAGE } from '../../http-error.ts';
import { STORAGE_FULL_HEALTH_MS } from '../../plugins/error-handler.ts';

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
    // Degraded (503, so monitors see it) while writes recently failed on a full disk.
    const full = app.storageFullAt;
    if (full && app.clock.now().getTime() - full.getTime() < STORAGE_FULL_HEALTH_MS) {
      throw new HttpError(503, `degraded: ${STORAGE_FULL_MESSAGE} (${full.toISOString()})`, { code: 'storage_full' });
    }
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
