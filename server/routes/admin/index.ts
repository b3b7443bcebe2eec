// The staff console's API under /api/admin/v1 (see contracts/admin.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { staffAccommodationRoutes } from './accommodations.ts';
import { staffAuditRoutes } from './audit.ts';
import { staffInsightsRoutes } from './insights.ts';
import { staffInstitutionRoutes } from './institutions.ts';
import { staffLicenceRoutes } from './licences.ts';
import { staffMemberRoutes } from './members.ts';
import { staffPrivacyRoutes } from './privacy-requests.ts';
import { staffResultRoutes } from './results.ts';
import { staffReviewRoutes } from './review.ts';
import { staffSessionRoutes } from './session.ts';
import { staffTestSessionRoutes } from './sessions.ts';
import { staffSessionLiveRoutes } from './session-live.ts';
import { staffAccountRoutes } from './staff.ts';
import { staffPasswordSetRoutes } from './password-set.ts';
import { operatorRoutes } from './operator/index.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(staffSessionRoutes, { config });
  await app.register(staffInstitutionRoutes);
  await app.register(staffAuditRoutes);
  await app.register(staffMemberRoutes, { config });
  await app.register(staffAccommodationRoutes);
  await app.register(staffTestSessionRoutes);
  await app.register(staffSessionLiveRoutes);
  await app.register(staffLicenceRoutes);
  await app.register(staffResultRoutes);
  await app.register(staffInsightsRoutes);
  await app.register(staffPrivacyRoutes, { config });
  await app.register(staffReviewRoutes);
  await app.register(staffAccountRoutes, { config });
  await app.register(staffPasswordSetRoutes);
  await app.register(operatorRoutes);
};
