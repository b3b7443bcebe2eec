// Licence batches: the products to choose from, generate (codes answered once), list with
// counts, revoke the unused codes. Scope and roles as for members.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  licenceBatchCreateRequestSchema, licenceBatchCreateResponseSchema, licenceBatchListQuerySchema, licenceBatchListResponseSchema,
  licenceBatchParamsSchema, licenceBatchResponseSchema, licenceBatchRevokeResponseSchema, productListResponseSchema,
} from '../../../contracts/admin-licences.ts';
import { institutionQuerySchema } from '../../../contracts/admin-members.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { batchInScope, generateBatch, listBatches, productsOfCompany, revokeBatch } from '../../services/staff/licence-batches.ts';
import { institutionOf } from '../../services/staff/members.ts';
import { actingInstitution, assertMayChangeInstitution, institutionFilter, listInstitution } from '../../services/staff/scope.ts';

const tags = ['staff'];

export const staffLicenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const pre = app.authenticateStaff;
  const institution = async (id: string) => {
    const inst = await institutionOf(app.db, id);
    if (!inst) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return inst;
  };

  app.get(apiPaths.admin.products, {
    preHandler: pre, schema: { summary: "Products an institution's licences may be for", tags, querystring: institutionQuerySchema, response: { 200: productListResponseSchema } },
  }, async (req) => {
    const inst = await institution(actingInstitution(req.staff, req.query.institution));
    return { status: 200 as const, message: 'OK', data: { list: await productsOfCompany(app.db, inst.company_id) } };
  });

  app.get(apiPaths.admin.licenceBatches, {
    preHandler: pre, schema: { summary: 'Licence batches with redeemed/unused counts', tags, querystring: licenceBatchListQuerySchema, response: { 200: licenceBatchListResponseSchema } },
  }, async (req) => {
    const q = req.query;
    const { list, total } = await listBatches(app.db, listInstitution(req.staff, q.institution), q.page, q.limit);
    return { status: 200 as const, message: 'OK', data: { list, page: q.page, limit: q.limit, total } };
  });

  app.get(apiPaths.admin.licenceBatch, {
    preHandler: pre, schema: { summary: 'One licence batch (without its codes: they are shown once)', tags, params: licenceBatchParamsSchema, response: { 200: licenceBatchResponseSchema } },
  }, async (req) => {
    const batch = await batchInScope(app.db, req.params.id, institutionFilter(req.staff));
    if (!batch) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: 'OK', data: batch };
  });

  app.post(apiPaths.admin.licenceBatches, {
    preHandler: pre, schema: { summary: 'Generate a batch of licence codes (answered once; audited)', tags, querystring: institutionQuerySchema, body: licenceBatchCreateRequestSchema, response: { 200: licenceBatchCreateResponseSchema } },
  }, async (req) => {
    assertMayChangeInstitution(req.staff);
    const inst = await institution(actingInstitution(req.staff, req.query.institution));
    const now = app.clock.now();
    const expiresAt = new Date(req.body.expires_at);
    if (expiresAt <= now) throw HttpError.badRequest(STAFF_MESSAGES.expiryInPast);
    const products = await productsOfCompany(app.db, inst.company_id);
    if (!products.some((p) => p.id === req.body.product_id)) throw HttpError.badRequest(STAFF_MESSAGES.productNotFound);
    const data = await generateBatch(app.db, inst.id, { productId: req.body.product_id, count: req.body.count, expiresAt, note: req.body.note }, actorOf(req), now);
    return { status: 200 as const, message: STAFF_MESSAGES.licencesGenerated, data };
  });

  app.post(apiPaths.admin.licenceBatchRevoke, {
    preHandler: pre, schema: { summary: 'Revoke the unused codes of a batch (audited)', tags, params: licenceBatchParamsSchema, response: { 200: licenceBatchRevokeResponseSchema } },
  }, async (req) => {
    assertMayChangeInstitution(req.staff);
    const data = await revokeBatch(app.db, req.params.id, institutionFilter(req.staff), actorOf(req), app.clock.now());
    if (!data) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: STAFF_MESSAGES.licencesRevoked, data };
  });
};
