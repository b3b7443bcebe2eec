// The staff console's API under /api/admin/v1 (see contracts/admin.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAuditRoutes } from './audit.ts';
import { staffInstitutionRoutes } from './institutions.ts';
import { staffSessionRoutes } from './session.ts';
import { operatorRoutes } from './operator/index.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffSessionRoutes);
  await app.register(staffInstitutionRoutes);
  await app.register(staffAuditRoutes);
  await app.register(operatorRoutes);
};
