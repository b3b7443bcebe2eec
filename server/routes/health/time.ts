import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { timeResponseSchema } from '../../../contracts/time.ts';

/** The server clock: the SPA measures its offset from this so exam timers count to server deadlines. */
export const timeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.time, {
    schema: { summary: 'Server clock', tags: ['system'], response: { 200: timeResponseSchema } },
  }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 200 as const, message: 'OK', data: { server_time_ms: app.clock.now().getTime() } };
  });
};
