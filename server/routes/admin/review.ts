// Proctor review (issue 17, contracts/admin-review.ts): the review queue, one attempt's evidence
// timeline with its photos, decisions, the appeal, the institution's review settings, the reviewers'
// agreement and the rule simulator. Scope as everywhere in the console: an attempt or institution
// outside the caller's answers 404. Proctors may review and decide; they may not change settings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attemptParamsSchema, attemptPhotoParamsSchema, attemptPhotoResponseSchema, attemptTimelineResponseSchema, decisionRequestSchema,
  decisionResponseSchema, reviewAgreementResponseSchema, reviewPhotoFileParamsSchema, reviewPhotoFileQuerySchema,
  reviewQueueQuerySchema, reviewQueueResponseSchema, reviewSettingsResponseSchema, reviewSettingsSchema, ruleSimulationRequestSchema,
  ruleSimulationResponseSchema, staffAppealResponseSchema,
} from '../../../contracts/admin-review.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { REVIEW_MESSAGES } from '../../../contracts/facts/review-texts.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { mediaFile } from '../../services/media/media-files.ts';
import { staffAppealOf } from '../../services/review/appeals.ts';
import { attemptView } from '../../services/review/attempt-view.ts';
import { decide, reviewState, scopedOrder } from '../../services/review/decisions.ts';
import { appendAudit } from '../../services/staff/audit.ts';
import { tellCandidate } from '../../services/review/notify.ts';
import { listReviewQueue } from '../../services/review/queue.ts';
import { institutionExists, reviewAgreement, reviewSettingsOf, updateReviewSettings } from '../../services/review/settings.ts';
import { simulateForInstitution } from '../../services/review/simulator.ts';
import { attemptPhotoIds } from '../../services/review/timeline.ts';
import { assertInstitutionInScope, assertMayChangeInstitution, listInstitution } from '../../services/staff/scope.ts';

const tags = ['staff'];
const idParams = z.object({ id: z.uuid() });
const LINK_INVALID = 'Tautan foto tidak valid atau sudah kedaluwarsa';

export const staffReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const pre = app.authenticateStaff;
  const reviewer = (req: { staff: { id: string; role: 'operator' | 'institution-admin' | 'proctor'; institution_id: string | null } }) => req.staff;

  app.get(apiPaths.admin.reviews, {
    preHandler: pre, schema: { summary: 'Review queue: disqualifications, results over the risk threshold and appeals, by risk', tags, querystring: reviewQueueQuerySchema, response: { 200: reviewQueueResponseSchema } },
  }, async (req) => {
    const q = req.query;
    const { list, total } = await listReviewQueue(app.db, listInstitution(req.staff, q.institution), q);
    return { status: 200 as const, message: 'OK', data: { list, page: q.page, limit: q.limit, total } };
  });

  app.get(apiPaths.admin.attempt, {
    preHandler: pre, schema: { summary: "One attempt's evidence timeline, risk, review state and appeal", tags, params: attemptParamsSchema, response: { 200: attemptTimelineResponseSchema } },
  }, async (req) => {
    const now = app.clock.now();
    const data = await attemptView({ db: app.db, urls: app.staffPhotoUrls }, reviewer(req), req.params.order_id, now);
    const order = await scopedOrder(app.db, req.staff, req.params.order_id);
    await appendAudit(app.db, actorOf(req), { action: 'attempt.view', targetType: 'order', targetId: order.id, institutionId: order.institution_id }, now);
    return { status: 200 as const, message: 'OK', data };
  });

  app.get(apiPaths.admin.attemptPhoto, {
    preHandler: pre, schema: { summary: 'A fresh short-lived URL of one photo of the attempt', tags, params: attemptPhotoParamsSchema, response: { 200: attemptPhotoResponseSchema } },
  }, async (req) => {
    const order = await scopedOrder(app.db, req.staff, req.params.order_id);
    const id = req.params.media_id;
    if (!(await attemptPhotoIds(app.db, order.id)).has(id)) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    const file = await mediaFile(app.db, id);
    if (!file) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    await appendAudit(app.db, actorOf(req), { action: 'attempt.photo-view', targetType: 'media', targetId: id, institutionId: order.institution_id, after: { order_id: order.id } }, app.clock.now());
    return { status: 200 as const, message: 'OK', data: { id, url: app.staffPhotoUrls.url(id), expires_in_seconds: app.staffPhotoUrls.ttlSeconds } };
  });

  app.get(apiPaths.admin.reviewPhotoFile, {
    schema: { summary: 'A review photo at its signed, short-lived URL (no token: <img> loads it)', tags, params: reviewPhotoFileParamsSchema, querystring: reviewPhotoFileQuerySchema },
  }, async (req, reply) => {
    const { media_id: id } = req.params;
    if (!app.staffPhotoUrls.verify(id, req.query.exp, req.query.sig)) throw new HttpError(403, LINK_INVALID);
    const row = await mediaFile(app.db, id);
    if (!row || row.source !== 'upload') throw HttpError.notFound();
    const bytes = await app.blobs.read(row.storage_key).catch(() => null);
    if (!bytes) throw HttpError.notFound();
    return reply.headers({ 'content-type': row.mime, 'cache-control': 'private, no-store', 'content-disposition': 'inline' }).send(bytes);
  });

  app.get(apiPaths.admin.attemptAppeal, {
    preHandler: pre, schema: { summary: "The attempt's appeal (null: none)", tags, params: attemptParamsSchema, response: { 200: staffAppealResponseSchema } },
  }, async (req) => {
    const order = await scopedOrder(app.db, req.staff, req.params.order_id);
    return { status: 200 as const, message: 'OK', data: await staffAppealOf(app.db, order.id) };
  });

  app.post(apiPaths.admin.attemptDecisions, {
    preHandler: pre, schema: { summary: 'Decide on an attempt with a note (audited; four eyes when the institution requires it)', tags, params: attemptParamsSchema, body: decisionRequestSchema, response: { 200: decisionResponseSchema } },
  }, async (req) => {
    const now = app.clock.now();
    const result = await decide(app.db, reviewer(req), actorOf(req), req.params.order_id, req.body, now);
    if (result.issueCertificate) await app.certificates.afterCompletion(req.params.order_id, req);
    if (result.notify) await tellCandidate(app.db, app.mailer, req.params.order_id, result.notify).catch((err: unknown) => req.log.error({ err }, 'review mail failed'));
    const order = await scopedOrder(app.db, req.staff, req.params.order_id);
    const review = (await reviewState(app.db, order, reviewer(req)))!;
    const message = !result.effective ? REVIEW_MESSAGES.decisionPending : result.record.second_of ? REVIEW_MESSAGES.decisionConfirmed : REVIEW_MESSAGES.decisionSaved;
    return { status: 200 as const, message, data: { decision: result.record, effective: result.effective, review } };
  });

  app.get(apiPaths.admin.reviewSettings, {
    preHandler: pre, schema: { summary: "An institution's review settings (risk threshold, appeal period, four eyes)", tags, params: idParams, response: { 200: reviewSettingsResponseSchema } },
  }, async (req) => {
    assertInstitutionInScope(req.staff, req.params.id);
    if (!(await institutionExists(app.db, req.params.id))) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: 'OK', data: { id: req.params.id, ...await reviewSettingsOf(app.db, req.params.id) } };
  });

  app.put(apiPaths.admin.reviewSettings, {
    preHandler: pre, schema: { summary: 'Change the review settings (audited)', tags, params: idParams, body: reviewSettingsSchema, response: { 200: reviewSettingsResponseSchema } },
  }, async (req) => {
    assertInstitutionInScope(req.staff, req.params.id);
    assertMayChangeInstitution(req.staff);
    const saved = await updateReviewSettings(app.db, req.params.id, req.body, actorOf(req), app.clock.now());
    if (!saved) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: REVIEW_MESSAGES.settingsSaved, data: { id: req.params.id, ...saved } };
  });

  app.get(apiPaths.admin.reviewAgreement, {
    preHandler: pre, schema: { summary: 'Agreement between reviewers: second reviews and how many reversed the first', tags, params: idParams, response: { 200: reviewAgreementResponseSchema } },
  }, async (req) => {
    assertInstitutionInScope(req.staff, req.params.id);
    if (!(await institutionExists(app.db, req.params.id))) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: 'OK', data: await reviewAgreement(app.db, req.params.id) };
  });

  app.post(apiPaths.admin.ruleSimulation, {
    preHandler: pre, schema: { summary: "Replay the institution's past attempts against proposed rules (changes nothing)", tags, params: idParams, body: ruleSimulationRequestSchema, response: { 200: ruleSimulationResponseSchema } },
  }, async (req) => {
    assertInstitutionInScope(req.staff, req.params.id);
    if (!(await institutionExists(app.db, req.params.id))) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: 'OK', data: await simulateForInstitution(app.db, req.params.id, req.body) };
  });
};
