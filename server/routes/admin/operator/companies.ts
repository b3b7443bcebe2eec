// Companies: list, create, rename, maintenance and the announcement (its images: ./announcement-images.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcementSchema, companyCreateSchema, companyListResponseSchema, companyRenameSchema, companyResponseSchema,
  maintenanceSchema, uuidParamSchema as params,
} from '../../../../contracts/admin-operator.ts';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import { OPERATOR_MESSAGES, STAFF_MESSAGES } from '../../../../contracts/facts/index.ts';
import { HttpError } from '../../../http-error.ts';
import { actorOf } from '../../../plugins/staff-auth.ts';
import { changeCompany, companyView, createCompany, listCompanies } from '../../../services/operator/companies.ts';
import { announcementImageRoutes } from './announcement-images.ts';

const tags = ['staff-operator'];
const response = { 200: companyResponseSchema };

export const operatorCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async (id: string, message: string) => {
    const data = await companyView(app.db, id);
    if (!data) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message, data };
  };

  app.get(apiPaths.adminOperator.companies, {
    schema: { summary: 'Every company (operator)', tags, response: { 200: companyListResponseSchema } },
  }, async () => ({ status: 200 as const, message: 'OK', data: { list: await listCompanies(app.db) } }));

  app.post(apiPaths.adminOperator.companies, {
    schema: { summary: 'Create a company (operator, audited)', tags, body: companyCreateSchema, response },
  }, async (req) => {
    const row = await createCompany(app.db, req.body.name, actorOf(req), app.clock.now());
    return answer(row.id, OPERATOR_MESSAGES.companyCreated);
  });

  app.put(apiPaths.adminOperator.company, {
    schema: { summary: 'Rename a company (operator, audited)', tags, params, body: companyRenameSchema, response },
  }, async (req) => {
    if (!await changeCompany(app.db, req.params.id, { name: req.body.name }, actorOf(req), app.clock.now())) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return answer(req.params.id, OPERATOR_MESSAGES.companySaved);
  });

  app.put(apiPaths.adminOperator.companyMaintenance, {
    schema: { summary: 'Turn maintenance on or off, optionally with its images (operator, audited)', tags, params, body: maintenanceSchema, response },
  }, async (req) => {
    const { maintenance, images } = req.body;
    if (!await changeCompany(app.db, req.params.id, { maintenance, images }, actorOf(req), app.clock.now())) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return answer(req.params.id, maintenance ? OPERATOR_MESSAGES.maintenanceOn : OPERATOR_MESSAGES.maintenanceOff);
  });

  app.put(apiPaths.adminOperator.companyAnnouncement, {
    schema: { summary: 'Set the announcement shown on the test list (operator, audited)', tags, params, body: announcementSchema, response },
  }, async (req) => {
    if (!await changeCompany(app.db, req.params.id, { announcement: req.body }, actorOf(req), app.clock.now())) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return answer(req.params.id, OPERATOR_MESSAGES.announcementSaved);
  });

  await app.register(announcementImageRoutes);
};
