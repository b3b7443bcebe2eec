import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { publicConfigResponseSchema } from '../../../contracts/public-config.ts';
import type { Config } from '../../config.ts';

/** What the SPA needs at run time: whether (and with which client id) to show Google sign-in, the support address. */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(apiPaths.publicConfig, {
    schema: { summary: 'Public client settings', tags: ['system'], response: { 200: publicConfigResponseSchema } },
  }, async () => ({
    status: 200 as const,
    message: 'OK',
    data: { google_client_id: config.googleClientId ?? null, support_email: config.supportEmail },
  }));
};
