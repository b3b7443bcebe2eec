// Licence redemption and the member's orders (spec accounts 7: order list, order create; the
// preparation consent, device settings, device reports and the start signal). The rules and
// queries are in services/orders/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  consentRequestSchema, consentResponseSchema, deviceReportRequestSchema, deviceReportResponseSchema, idParamSchema,
  licenceParamSchema, orderConsentStateResponseSchema, orderCreateRequestSchema, orderCreateResponseSchema, orderListQuerySchema, orderListResponseSchema,
  orderSettingsResponseSchema, orderSettingsSchema, startTestResponseSchema, type OrderListItem,
} from '../../../contracts/orders.ts';
import { HttpError } from '../../http-error.ts';
import {
  assertOrderOpen, getOwnOrder, listOrders, recordRefusedRedeem, redeemLicence, type OrderRow,
} from '../../services/orders/orders.ts';
import { addDeviceReport, recordConsent, saveOrderSettings, startTest } from '../../services/orders/preparation.ts';
import { orderConsentState } from '../../services/privacy/consents.ts';
import { consume, refund, tooManyAttempts } from '../../services/platform/rate-limit.ts';
import { normalizedAccommodation, SERVER_MESSAGES } from '../../../contracts/facts/index.ts';
import { memberSessionNoticeResponseSchema } from '../../../contracts/admin-sessions.ts';
import { assertSessionAllowsStart, memberSessionNotice } from '../../services/sessions/sessions.ts';
import { publishMemberEvent } from '../../services/sessions/live.ts';

/** Version of the rules text on the preparation page (it lives in contracts, shared with the SPA). */
export { RULES_VERSION } from '../../../contracts/orders.ts';
const GUESS_WINDOW_MS = 60 * 60 * 1000;
const GUESSES_PER_USER = 10;
const GUESSES_PER_IP = 30;

function toListItem(order: OrderRow, hint: string): OrderListItem {
  return {
    id: order.id,
    order_no: order.order_no,
    created_at: order.created_at.toISOString(),
    license: order.license_id,
    license_hint: hint,
    status: order.status,
    is_b2b: order.institution_id !== null,
    meta: order.meta,
    time_accommodation: normalizedAccommodation(order.time_accommodation),
  };
}

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(apiPaths.order.list, {
    schema: { summary: 'The member orders (redeemed licences)', tags: ['orders'], querystring: orderListQuerySchema,
      response: { 200: orderListResponseSchema } },
  }, async (req) => {
    const { limit, page } = req.query;
    const { rows, total } = await listOrders(app.db, req.member.id, limit, (page - 1) * limit);
    return { status: 200 as const, message: 'OK', data: { list: rows.map((r) => toListItem(r.order, r.licenceHint)), limit, page, total } };
  });

  app.post(apiPaths.order.create, {
    schema: { summary: 'Redeem a licence code with the survey', tags: ['orders'], body: orderCreateRequestSchema,
      response: { 200: orderCreateResponseSchema } },
  }, async (req, reply) => {
    // Every attempt counts against the guessing limits; a successful redeem is given back.
    const keys = [`licence:user:${req.member.id}`, `licence:ip:${req.ip}`];
    const limits = [GUESSES_PER_USER, GUESSES_PER_IP];
    for (const [i, key] of keys.entries()) {
      const r = await consume(app.db, key, limits[i]!, GUESS_WINDOW_MS, app.clock.now());
      if (!r.allowed) {
        req.log.warn({ user: req.member.id, key }, 'licence guessing throttled');
        reply.header('retry-after', String(r.retryAfterSeconds));
        throw tooManyAttempts(r.retryAfterSeconds);
      }
    }
    try {
      const { order, licence } = await redeemLicence(app.db, { userId: req.member.id, code: req.body.license, meta: req.body.meta, now: app.clock.now() });
      await Promise.all(keys.map((k) => refund(app.db, k)));
      return { status: 200 as const, message: SERVER_MESSAGES.licenceRedeemed, data: toListItem(order, licence.code_hint) };
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) {
        const hint = req.body.license.replace(/[\s-]/g, '').slice(-4).toUpperCase();
        await recordRefusedRedeem(app.db, { userId: req.member.id, ip: req.ip, codeHint: hint });
        req.log.warn({ user: req.member.id, code_hint: hint, reason: err.message }, 'licence redeem refused');
      }
      throw err;
    }
  });

  app.post(apiPaths.order.consent, {
    schema: { summary: 'Record consent to the proctoring checks before any capture', tags: ['orders'],
      params: idParamSchema, body: consentRequestSchema, response: { 200: consentResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    assertOrderOpen(order);
    const row = await recordConsent(app.db, order, {
      rulesVersion: req.body.rules_version, biometricVersion: req.body.biometric_version, cloudSpeechVersion: req.body.cloud_speech_version,
      ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) ?? null, now: app.clock.now(),
    });
    const state = await orderConsentState(app.db, order);
    return { status: 200 as const, message: 'OK', data: { rules_version: row.rules_version, checks: row.checks, created_at: row.created_at.toISOString(), ...state } };
  });

  app.get(apiPaths.order.consent, {
    schema: { summary: "What the order's consents allow now: biometric needed and given, cloud speech offered and allowed (issue 19)", tags: ['orders'],
      params: idParamSchema, response: { 200: orderConsentStateResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    return { status: 200 as const, message: 'OK', data: await orderConsentState(app.db, order) };
  });

  app.post(apiPaths.order.deviceReport, {
    schema: { summary: 'Note that the candidate continued although a device check failed', tags: ['orders'],
      params: idParamSchema, body: deviceReportRequestSchema, response: { 200: deviceReportResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    assertOrderOpen(order);
    const reports = await addDeviceReport(app.db, order.id, req.body, app.clock.now());
    return { status: 200 as const, message: 'OK', data: { reports: reports.map((r) => ({ device: r.device, problem: r.problem, created_at: r.created_at.toISOString() })) } };
  });

  app.put(apiPaths.order.updateSetting, {
    schema: { summary: 'Which detections the device check enabled', tags: ['orders'], params: licenceParamSchema,
      body: orderSettingsSchema, response: { 200: orderSettingsResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.license);
    assertOrderOpen(order);
    const row = await saveOrderSettings(app.db, order.id, req.body);
    return { status: 200 as const, message: 'OK', data: { settings: row.settings } };
  });

  app.get(apiPaths.order.sessionNotice, {
    schema: { summary: "Issue 30: the member's test-day session, its window and whether a start is allowed now (null: not in one)", tags: ['orders'],
      response: { 200: memberSessionNoticeResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: { session: await memberSessionNotice(app.db, req.member.id, app.clock.now()) } }));

  app.put(apiPaths.order.updateStartTest, {
    schema: { summary: 'Start signal: the order moves to in progress', tags: ['orders'], params: idParamSchema,
      response: { 200: startTestResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    assertOrderOpen(order);
    // Issue 30: a member in a test-day session starts only inside its window (a started order goes on).
    if (order.status === 'not_started') await assertSessionAllowsStart(app.db, req.member.id, app.clock.now());
    // Consent comes first: no capture without it (UU PDP).
    const row = await startTest(app.db, order, app.clock.now());
    if (order.status === 'not_started') await publishMemberEvent(app.db, { userId: req.member.id, orderId: order.id, kind: 'device_check' }, app.clock.now(), req.log);
    return { status: 200 as const, message: 'OK', data: { id: row.id, status: row.status, started_at: row.started_at!.toISOString() } };
  });
};
