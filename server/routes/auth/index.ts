// Accounts and access (spec 3, 4, 5, 7, 8): guest calls, the member's own record, public config.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { passwordResetRoutes } from './password-reset.ts';
import { profileRoutes } from './profile.ts';
import { publicConfigRoutes } from './public-config.ts';
import { sessionRoutes } from './session.ts';

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(sessionRoutes, { config });
  await app.register(passwordResetRoutes, { config });
  await app.register(profileRoutes);
  await app.register(publicConfigRoutes, { config });
};
