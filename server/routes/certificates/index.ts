// Certificates (spec accounts 7): the member's certificate list, update-sertificate and shipping
// tracking; the public verification by number (no login, rate-limited per IP); the couriers'
// signed webhook. Issuance itself happens when an order completes (plugins/certificates.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  certificateListQuerySchema, certificateListResponseSchema, openBadgeResponseSchema, certificateNumberParamSchema, COURIER_SIGNATURE_HEADER,
  courierWebhookResponseSchema, courierWebhookSchema, publicCertificateResponseSchema, shippingTrackingResponseSchema,
  updateSertificateRequestSchema, updateSertificateResponseSchema,
} from '../../../contracts/certificates.ts';
import { idParamSchema } from '../../../contracts/orders.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { NUL_MESSAGE, sanitiseInput } from '../../plugins/input-guard.ts';
import {
  CERTIFICATE_MESSAGES, linkCertificate, listCertificates, publicCertificate, statusListBits, toCertificateRef,
} from '../../services/certificates/certificates.ts';
import { signStatusList } from '../../services/certificates/credential.ts';
import { openBadgeFor } from '../../services/certificates/open-badge.ts';
import { enforce } from '../../services/platform/rate-limit.ts';
import { courierSignatureValid } from '../../services/certificates/courier-signature.ts';
import { applyCourierEvent, ownShipment, trackingView } from '../../services/certificates/shipments.ts';

/** Verifications per IP and minute: plenty for people, useless for enumerating 60-bit numbers. */
export const VERIFY_PER_MINUTE = 30;
const WEBHOOK_BODY_LIMIT = 64 * 1024;
export const WEBHOOK_MESSAGES = {
  badSignature: 'Tanda tangan webhook tidak valid',
  disabled: 'Webhook kurir belum dikonfigurasi',
  badJson: 'Isi webhook bukan JSON yang valid',
} as const;

export const certificateRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  await app.register(memberCertificateRoutes);
  await app.register(publicVerificationRoutes, { apiBase: opts.config.apiBase });
  await app.register(courierWebhookRoutes, { secret: opts.config.courierWebhookSecret });
};

const memberCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(apiPaths.order.listSertificate, {
    schema: { summary: "The member's completed tests with certificate and shipping (not for institution members)", tags: ['certificates'],
      querystring: certificateListQuerySchema, response: { 200: certificateListResponseSchema } },
  }, async (req) => {
    // Spec 6: /reward and its data do not exist for institution members.
    if (req.member.is_b2b || req.member.institution_id) throw HttpError.forbidden(CERTIFICATE_MESSAGES.institution);
    await app.certificates.ensureForMember(req.member.id, req);
    const data = await listCertificates(app.db, app.mediaUrls, req.member.id, req.query, app.clock.now());
    return { status: 200 as const, message: 'OK', data };
  });

  app.get(apiPaths.order.openBadge, {
    schema: { summary: "Issue 28: the order's certificate as an Open Badges 3.0 credential (JWT-secured)", tags: ['certificates'],
      params: idParamSchema, response: { 200: openBadgeResponseSchema } },
  }, async (req) => {
    const data = await openBadgeFor(app.db, req.member.id, req.params.id, app.certificates.verifyBase(), app.clock.now(), app.certificates.deps.keySecret);
    return { status: 200 as const, message: 'OK', data };
  });

  app.put(apiPaths.order.updateSertificate, {
    schema: { summary: "Links the order's certificate (idempotent; own order and certificate only)", tags: ['certificates'],
      body: updateSertificateRequestSchema, response: { 200: updateSertificateResponseSchema } },
  }, async (req) => {
    const row = await linkCertificate(app.db, req.member.id, req.body.order_id, req.body.sertificate_id);
    return { status: 200 as const, message: 'Sertifikat berhasil disimpan', data: { order_id: row.order_id, sertificate: toCertificateRef(row, app.mediaUrls, app.clock.now()) } };
  });

  app.get(apiPaths.order.shippingTracking, {
    schema: { summary: 'Tracking of the printed certificate (own orders only)', tags: ['certificates'], params: idParamSchema,
      response: { 200: shippingTrackingResponseSchema } },
  }, async (req) => {
    const { row, orderNo } = await ownShipment(app.db, req.member.id, req.params.id);
    return { status: 200 as const, message: 'OK', data: trackingView(row, orderNo) };
  });
};

/** How long verifiers may cache the status list: a revocation shows within this. */
export const STATUS_LIST_MAX_AGE_S = 60;

const publicVerificationRoutes: FastifyPluginAsyncZod<{ apiBase: string }> = async (app, opts) => {
  // Issue 28: the signed revocation list; every revoked certificate's bit (contracts/credential.ts) is set.
  app.get(apiPaths.public.certificateStatusList, {
    schema: { summary: 'Signed certificate revocation list (W3C Bitstring Status List, JWT)', tags: ['certificates'],
      response: { 200: z.string() } },
  }, async (_req, reply) => {
    const now = app.clock.now();
    const origin = app.certificates.verifyBase();
    const jwt = await signStatusList(app.db, await statusListBits(app.db), `${origin}${opts.apiBase}${apiPaths.public.certificateStatusList}`,
      origin, now, app.certificates.deps.keySecret);
    reply.header('cache-control', `public, max-age=${STATUS_LIST_MAX_AGE_S}`).type('application/vc+jwt');
    return jwt;
  });


  app.get(apiPaths.public.certificate, {
    schema: { summary: 'Public verification of a certificate by its number (no login)', tags: ['certificates'],
      params: certificateNumberParamSchema, response: { 200: publicCertificateResponseSchema } },
  }, async (req, reply) => {
    await enforce(app.db, reply, `verify-certificate:${req.ip}`, VERIFY_PER_MINUTE, 60_000, app.clock.now());
    const data = await publicCertificate(app.db, req.params.number, app.clock.now());
    if (!data) throw HttpError.notFound(CERTIFICATE_MESSAGES.notFound);
    reply.header('cache-control', 'no-store');
    return { status: 200 as const, message: 'OK', data };
  });
};

const courierWebhookRoutes: FastifyPluginAsyncZod<{ secret: string | undefined }> = async (app, opts) => {
  // The signature covers the exact bytes sent, so this context keeps the body raw and parses it
  // only after the signature checked out (before validation, so unsigned junk gets 401, not 400).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
  app.addHook('preValidation', async (req) => {
    if (!opts.secret) throw new HttpError(503, WEBHOOK_MESSAGES.disabled);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!courierSignatureValid(opts.secret, raw, req.headers[COURIER_SIGNATURE_HEADER])) throw HttpError.unauthorized(WEBHOOK_MESSAGES.badSignature);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8')) as unknown;
    } catch {
      throw HttpError.badRequest(WEBHOOK_MESSAGES.badJson);
    }
    // The app-wide input guard skipped the raw body: the same check on the parsed one.
    const bad = sanitiseInput(body, 'body');
    if (bad !== null) throw HttpError.badRequest(`${bad.replace(/^\./, '')}: ${NUL_MESSAGE}`);
    req.body = body;
  });

  app.post(apiPaths.webhooks.courier, {
    schema: { summary: 'Courier status update, signed with X-Signature (idempotent by event_id)', tags: ['certificates'],
      body: courierWebhookSchema, response: { 200: courierWebhookResponseSchema } },
  }, async (req) => {
    const { applied, row } = await applyCourierEvent(app.db, req.body, app.clock.now());
    req.log.info({ event: req.body.event_id, shipment: row.id, applied, status: row.status }, 'courier event');
    return { status: 200 as const, message: applied ? 'OK' : 'Event sudah diproses', data: { applied, status: row.status } };
  });
};
