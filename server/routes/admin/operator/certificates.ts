// Certificates (find, revoke, reissue after a name correction) and shipment status updates.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateLookupQuerySchema, certificateLookupResponseSchema, certificateNumberParamSchema, certificateReissueResponseSchema,
  certificateReissueSchema, certificateRevokeResponseSchema, certificateRevokeSchema, orderNoParamSchema, shipmentResponseSchema,
  shipmentUpdateSchema,
} from '../../../../contracts/admin-operator.ts';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import { OPERATOR_MESSAGES } from '../../../../contracts/facts/index.ts';
import { actorOf } from '../../../plugins/staff-auth.ts';
import {
  findCertificates, findShipment, reissueAudited, revokeAudited, updateShipmentAudited,
} from '../../../services/operator/certificates.ts';

const tags = ['staff-operator'];

export const operatorCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.adminOperator.certificates, {
    schema: { summary: 'Certificates by number or order number (operator)', tags, querystring: certificateLookupQuerySchema, response: { 200: certificateLookupResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: { list: await findCertificates(app.db, req.query.q) } }));

  app.post(apiPaths.adminOperator.certificateRevoke, {
    schema: { summary: 'Revoke a certificate (operator, audited)', tags, params: certificateNumberParamSchema, body: certificateRevokeSchema, response: { 200: certificateRevokeResponseSchema } },
  }, async (req) => {
    const data = await revokeAudited(app.db, req.params.number, req.body.reason, actorOf(req), app.clock.now());
    return { status: 200 as const, message: data.changed ? OPERATOR_MESSAGES.certificateRevoked : OPERATOR_MESSAGES.certificateAlreadyRevoked, data };
  });

  app.post(apiPaths.adminOperator.certificateReissue, {
    schema: { summary: 'Reissue a certificate with a corrected name (operator, audited)', tags, body: certificateReissueSchema, response: { 200: certificateReissueResponseSchema } },
  }, async (req) => {
    const deps = app.certificates.deps;
    const data = await reissueAudited(deps, req.body.order_no, req.body.name, app.certificates.verifyBase(), actorOf(req));
    return { status: 200 as const, message: OPERATOR_MESSAGES.certificateReissued, data };
  });

  app.get(apiPaths.adminOperator.shipment, {
    schema: { summary: "An order's certificate shipment (operator)", tags, params: orderNoParamSchema, response: { 200: shipmentResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: await findShipment(app.db, req.params.order_no) }));

  app.put(apiPaths.adminOperator.shipment, {
    schema: { summary: 'Update a shipment: status, waybill, courier (operator, audited; appends to its history)', tags, params: orderNoParamSchema, body: shipmentUpdateSchema, response: { 200: shipmentResponseSchema } },
  }, async (req) => {
    const b = req.body;
    const now = app.clock.now();
    const data = await updateShipmentAudited(app.db, req.params.order_no, {
      status: b.status, note: b.note, at: now, ...(b.waybill ? { waybill: b.waybill } : {}),
      ...(b.courier_company ? { courier: { company: b.courier_company } } : {}),
    }, actorOf(req), now);
    return { status: 200 as const, message: OPERATOR_MESSAGES.shipmentSaved, data };
  });
};
