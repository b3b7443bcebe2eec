// Proctoring calls (spec test-sections 7): the violation report the server counts itself, the
// order's counters and rules (so they survive a reload), monitoring events, and photo uploads.
// The rules live in services/proctoring/proctoring.ts and services/proctoring/uploads.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { idParamSchema, licenceParamSchema } from '../../../contracts/orders.ts';
import {
  heartbeatRequestSchema, heartbeatResponseSchema, orderProctoringStateResponseSchema, proctoringEventRequestSchema, proctoringEventResponseSchema, proctoringStateResponseSchema,
  violationRequestSchema,
} from '../../../contracts/proctoring.ts';
import type { Config } from '../../config.ts';
import { getOwnOrder } from '../../services/orders/orders.ts';
import { heartbeatAnswer, storeBeats } from '../../services/proctoring/heartbeats.ts';
import { proctoringState, recordProctoringEvent, recordViolation } from '../../services/proctoring/proctoring.ts';
import { enforce, refuseIfOver } from '../../services/platform/rate-limit.ts';
import { orderConsentState } from '../../services/privacy/consents.ts';
import { uploadRoutes } from './upload.ts';
import { counterKindOf, SERVER_MESSAGES } from '../../../contracts/facts/index.ts';
import { publishMemberEvent } from '../../services/sessions/live.ts';
import { HttpError } from '../../http-error.ts';

// A real candidate raises a few per minute at most; this stops a runaway or scripted client.
const VIOLATIONS_PER_MINUTE = 60;
const EVENTS_PER_MINUTE = 60;
// One beat per 15 s, batched by the outbox after an outage: a few requests a minute at most.
const HEARTBEATS_PER_MINUTE = 30;
// 20 beats of ~400 bytes each, with room; anything bigger is not a heartbeat.
const HEARTBEAT_BODY_MAX = 32 * 1024;
// Monitoring events that mean the evidence stopped: a live 'gap' flag.
const GAP_EVENTS = new Set(['camera-ended', 'detector-unavailable', 'camera-denied']);
const LIVE_FLAG_OF_COUNTER = { open_new_tab: 'tab', face: 'face', speech: 'speech' } as const;

export const proctoringRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  await app.register(uploadRoutes, {
    limits: { maxBytes: opts.config.uploadMaxBytes, quotaFiles: opts.config.uploadQuotaFiles, quotaBytes: opts.config.uploadQuotaBytes },
  });
  await app.register(orderProctoringRoutes);
  await app.register(heartbeatRoutes);
};

const orderProctoringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.put(apiPaths.order.updateViolation, {
    schema: {
      summary: 'Record a violation; the server counts it and disqualifies at the limit where the institution says so',
      tags: ['proctoring'], params: licenceParamSchema, body: violationRequestSchema, response: { 200: proctoringStateResponseSchema },
    },
  }, async (req, reply) => {
    await enforce(app.db, reply, `violation:${req.member.id}`, VIOLATIONS_PER_MINUTE, 60_000, app.clock.now());
    const order = await getOwnOrder(app.db, req.member.id, req.params.license);
    const data = await recordViolation(app.db, req.member.id, order.id, req.body, app.clock.now());
    req.log.info({ order: order.id, kind: req.body.counter_type, section: req.body.section, counters: data.counters, disqualified: data.disqualified }, 'violation recorded');
    // Test day: the flag (and a disqualification) reach the proctors' live views as they happen. A tab
    // leave was flagged when the page said it left ('page-left'); face and speech are flagged here.
    const now = app.clock.now();
    const flag = LIVE_FLAG_OF_COUNTER[counterKindOf(req.body.counter_type)];
    if (flag !== 'tab') await publishMemberEvent(app.db, { userId: req.member.id, orderId: order.id, kind: 'flag', data: { flag, section: req.body.section } }, now, req.log);
    if (data.disqualified) await publishMemberEvent(app.db, { userId: req.member.id, orderId: order.id, kind: 'disqualified' }, now, req.log);
    return { status: 200 as const, message: data.disqualified ? SERVER_MESSAGES.testStopped : 'OK', data };
  });

  app.get(apiPaths.order.violations, {
    schema: { summary: "The order's violation counters and proctoring rules, and whether cloud speech recognition is allowed", tags: ['proctoring'], params: idParamSchema,
      response: { 200: orderProctoringStateResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    const [state, consent] = await Promise.all([proctoringState(app.db, order), orderConsentState(app.db, order)]);
    return { status: 200 as const, message: 'OK', data: { ...state, cloud_speech: consent.cloud_speech } };
  });

  app.post(apiPaths.order.proctoringEvent, {
    schema: { summary: 'Monitoring event: camera ended, detector unavailable, camera denied, recovered; episodes with their length (page away, no face, several faces)', tags: ['proctoring'],
      params: idParamSchema, body: proctoringEventRequestSchema, response: { 200: proctoringEventResponseSchema } },
  }, async (req, reply) => {
    await enforce(app.db, reply, `proctoring-event:${req.member.id}`, EVENTS_PER_MINUTE, 60_000, app.clock.now());
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    const data = await recordProctoringEvent(app.db, order, req.body, app.clock.now());
    req.log[data.kind === 'recovered' || data.duration_ms !== null ? 'info' : 'warn']({ order: order.id, section: data.section, kind: data.kind }, 'proctoring event');
    // Test day: back on the page, and the evidence stopping, as they happen.
    if (data.kind === 'page-left') {
      await publishMemberEvent(app.db, { userId: req.member.id, orderId: order.id, kind: 'flag', data: { flag: 'tab', section: data.section } }, app.clock.now(), req.log);
    } else if (data.kind === 'page-away') {
      await publishMemberEvent(app.db, { userId: req.member.id, orderId: order.id, kind: 'returned', data: { section: data.section, seconds: Math.round((data.duration_ms ?? 0) / 1000) } }, app.clock.now(), req.log);
    } else if (GAP_EVENTS.has(data.kind)) {
      await publishMemberEvent(app.db, { userId: req.member.id, orderId: order.id, kind: 'flag', data: { flag: 'gap', section: data.section, cause: data.kind } }, app.clock.now(), req.log);
    }
    return { status: 200 as const, message: 'OK', data };
  });
};

// The heartbeat checks the token's row in its own first statement (services/proctoring/heartbeats.ts):
// outside the preHandler that reads it for every other proctoring call.
const heartbeatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(apiPaths.order.proctoringHeartbeat, {
    bodyLimit: HEARTBEAT_BODY_MAX,
    schema: { summary: "Monitoring heartbeat of the proctoring run (batched): stored with the server's time; the server computes the gaps itself", tags: ['proctoring'],
      params: idParamSchema, body: heartbeatRequestSchema, response: { 200: heartbeatResponseSchema } },
  }, async (req, reply) => {
    const claims = await app.memberClaims(req);
    const now = app.clock.now();
    // One statement stores the beats, announces them to the test day's live views and reads the proctors' notices (issue 30).
    const stmt = await storeBeats(app.db, { userId: claims.sub, tokenVersion: claims.tv }, req.params.id, req.body.beats, HEARTBEATS_PER_MINUTE, 60_000, now);
    if (!stmt.member) throw HttpError.unauthorized(SERVER_MESSAGES.sessionExpired);
    refuseIfOver(reply, stmt.rate);
    if (!stmt.order) throw HttpError.notFound(SERVER_MESSAGES.orderNotFound);
    const data = heartbeatAnswer({ ...stmt, order: stmt.order }, req.body.beats, now);
    return { status: 200 as const, message: 'OK', data };
  });
};
