// The operator's part of the staff console under /api/admin/v1 (contracts/admin-operator.ts): every
// route needs a staff token of the operator role; institution admins and proctors get 403. Both are
// checked on the request, before its body is read or validated (no validation details, no upload
// parsing for anyone else).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_MESSAGES } from '../../../../contracts/facts/index.ts';
import { HttpError } from '../../../http-error.ts';
import { operatorCertificateRoutes } from './certificates.ts';
import { operatorCompanyRoutes } from './companies.ts';
import { operatorExamRoutes } from './exams.ts';
import { operatorInstitutionRoutes } from './institutions.ts';
import { operatorItemAnalysisRoutes } from './item-analysis.ts';

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateStaff);
  app.addHook('onRequest', async (req) => {
    if (req.staff.role !== 'operator') throw HttpError.forbidden(STAFF_MESSAGES.forbidden);
  });
  await app.register(operatorCompanyRoutes);
  await app.register(operatorInstitutionRoutes);
  await app.register(operatorExamRoutes);
  await app.register(operatorCertificateRoutes);
  await app.register(operatorItemAnalysisRoutes);
};
