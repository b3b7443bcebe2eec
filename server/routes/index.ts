// Every API route, mounted under the API base by app.ts after all plugins. Route files get what they
// need through options and the app's decorations; they never read env or open connections themselves.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../contracts/api-paths.ts';
import type { Config } from '../config.ts';
import { authRoutes } from './auth/index.ts';
import { clientErrorRoutes } from './client-errors/index.ts';
import { devEchoRoutes } from './dev/echo.ts';
import { devOutboxRoutes } from './dev/outbox.ts';
import { examDeliveryRoutes } from './exam-delivery/index.ts';
import { healthRoutes } from './health/index.ts';
import { timeRoutes } from './health/time.ts';
import { orderRoutes } from './orders/index.ts';
import { organisationRoutes } from './organisation/index.ts';
import { announcementImageRoutes } from './organisation/announcement-image.ts';
import { certificateRoutes } from './certificates/index.ts';
import { proctoringRoutes } from './proctoring/index.ts';
import { adminRoutes } from './admin/index.ts';
import { privacyRoutes } from './privacy/index.ts';
import { appealRoutes } from './appeals/index.ts';

export interface RoutesOptions { config: Config; version: string }

export const apiRoutes: FastifyPluginAsyncZod<RoutesOptions> = async (app, opts) => {
  // The generated document; hidden from itself. In production it maps every staff route for whoever
  // asks, so there it needs a staff token (issue 29 item 15).
  const docsGuard = opts.config.nodeEnv === 'production' ? { preHandler: app.authenticateStaff } : {};
  app.get(apiPaths.docsJson, { schema: { hide: true }, ...docsGuard }, async () => app.swagger());
  await app.register(healthRoutes, { version: opts.version });
  await app.register(timeRoutes);
  await app.register(clientErrorRoutes);
  if (opts.config.nodeEnv === 'test') await app.register(devEchoRoutes);
  await app.register(authRoutes, { config: opts.config });
  await app.register(orderRoutes);
  await app.register(organisationRoutes);
  await app.register(announcementImageRoutes);
  await app.register(examDeliveryRoutes);
  await app.register(proctoringRoutes, { config: opts.config });
  await app.register(certificateRoutes, { config: opts.config });
  await app.register(privacyRoutes, { config: opts.config });
  await app.register(appealRoutes);
  await app.register(adminRoutes, { config: opts.config });
  if (opts.config.nodeEnv !== 'production') await app.register(devOutboxRoutes);
};
