// Institutions: list (of one company or all), create and rename. Their rules: PUT …/institutions/:id/settings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  institutionCreateSchema, institutionListQuerySchema, institutionListResponseSchema, institutionRenameSchema,
  institutionResponseSchema, uuidParamSchema as params,
} from '../../../../contracts/admin-operator.ts';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import { OPERATOR_MESSAGES, STAFF_MESSAGES } from '../../../../contracts/facts/index.ts';
import { HttpError } from '../../../http-error.ts';
import { actorOf } from '../../../plugins/staff-auth.ts';
import { changeInstitution, createInstitution, institutionView, listInstitutions } from '../../../services/operator/institutions.ts';

const tags = ['staff-operator'];

export const operatorInstitutionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.adminOperator.institutions, {
    schema: { summary: 'Institutions, of one company or all (operator)', tags, querystring: institutionListQuerySchema, response: { 200: institutionListResponseSchema } },
  }, async (req) => {
    const rows = await listInstitutions(app.db, req.query.company_id);
    return { status: 200 as const, message: 'OK', data: { list: rows.map(institutionView) } };
  });

  app.post(apiPaths.adminOperator.institutions, {
    schema: { summary: 'Create an institution (operator, audited)', tags, body: institutionCreateSchema, response: { 200: institutionResponseSchema } },
  }, async (req) => {
    const row = await createInstitution(app.db, req.body, actorOf(req), app.clock.now());
    return { status: 200 as const, message: OPERATOR_MESSAGES.institutionCreated, data: institutionView(row) };
  });

  app.put(apiPaths.adminOperator.institution, {
    schema: { summary: 'Rename an institution (operator, audited)', tags, params, body: institutionRenameSchema, response: { 200: institutionResponseSchema } },
  }, async (req) => {
    const row = await changeInstitution(app.db, req.params.id, { name: req.body.name }, actorOf(req), app.clock.now());
    if (!row) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: OPERATOR_MESSAGES.institutionSaved, data: institutionView(row) };
  });
};
