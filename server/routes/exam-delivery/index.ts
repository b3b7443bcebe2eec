// Exam delivery for the candidate (spec test-sections 3, 4, 7): a section's content (the first
// request starts it), autosave, the answer submission and the order's full detail. The rules
// (order of sections, deadlines, idempotency, scoring) live in services/exam/attempts.ts.
import { evidenceStatuses } from '../../services/review/evidence-status.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import {
  answerDraftRequestSchema, answerDraftResponseSchema, answerSubmitRequestSchema, answerSubmitResponseSchema,
  orderDetailFullResponseSchema, sectionDetailResponseSchema, sectionParamSchema, type SectionSummary,
} from '../../../contracts/exam-delivery.ts';
import { idParamSchema } from '../../../contracts/orders.ts';
import {
  countActivity, getOrStartSection, saveDraft, sectionStatus, settledSections, settleOverdue, storedAnswer, submitAnswer,
} from '../../services/exam/attempts.ts';
import { liveCertificate, toCertificateRef } from '../../services/certificates/certificates.ts';
import { getOwnOrder, licenceHintOf } from '../../services/orders/orders.ts';
import { deviceReportsOf, latestConsent } from '../../services/orders/preparation.ts';
import { proctoringDetail } from '../../services/proctoring/proctoring.ts';
import { enforce, refuseIfOver } from '../../services/platform/rate-limit.ts';
import { loadSectionContent, renderSectionParts, selectionsOf } from '../../services/exam/section-content.ts';
import { breakRoutes } from './breaks.ts';
import { mediaRoutes } from './media.ts';
import { examBankRoutes } from './exam-bank.ts';
import { normalizedAccommodation, OUTBOX_QUEUED_HEADER, SERVER_MESSAGES, type SectionName } from '../../../contracts/facts/index.ts';

// Autosave is debounced by the SPA; this only stops a runaway client.
const DRAFTS_PER_MINUTE = 120;
const SUBMITS_PER_MINUTE = 60;
const iso = (d: Date | null) => d?.toISOString() ?? null;
/** How long a draft or submission waited in the SPA's offline outbox (ms); over REPLAY_MS it counts as an offline replay. */
const QUEUED_HEADER = OUTBOX_QUEUED_HEADER;
const REPLAY_MS = 10_000;
const replayedFromOutbox = (header: string | string[] | undefined) => Number(Array.isArray(header) ? header[0] : header) > REPLAY_MS;

/** The order's live certificate; a completed order without one gets it now. */
async function certificateRef(app: FastifyInstance, req: FastifyRequest, order: { id: string; status: string }) {
  if (order.status !== 'completed') return null;
  const row = await liveCertificate(app.db, order.id) ?? await app.certificates.afterCompletion(order.id, req);
  return row ? toCertificateRef(row, app.mediaUrls, app.clock.now()) : null;
}

export const examDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(mediaRoutes);
  await app.register(examBankRoutes);
  await app.register(orderSectionRoutes);
};

const orderSectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  await app.register(breakRoutes);

  app.get(apiPaths.order.sectionDetail, {
    schema: { summary: 'A section for the candidate; the first request starts it and fixes its deadline', tags: ['exam'],
      params: sectionParamSchema, response: { 200: sectionDetailResponseSchema } },
  }, async (req) => {
    const { section } = req.params;
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    const now = app.clock.now();
    const nowMs = now.getTime();
    const row = await settleOverdue(app.db, await getOrStartSection(app.db, order, section, now), now);
    const open = !row.submitted_at;
    // Started before this request and still open: a reload or a resume (the reviewers' timeline counts them).
    if (open && row.started_at.getTime() !== nowMs) await countActivity(app.db, order.id, section, 'resume', now);
    const parts = open
      ? renderSectionParts(await loadSectionContent(app.db, row.exam_id!, section), app.mediaUrls, selectionsOf(storedAnswer(row.draft)))
      : [];
    const deadlineMs = row.deadline_at.getTime();
    return {
      status: 200 as const, message: 'OK',
      data: {
        exam: { is_complete: !open, section, parts },
        status: sectionStatus(row),
        server_time_ms: nowMs,
        started_at: row.started_at.toISOString(),
        deadline_ms: deadlineMs,
        remaining_seconds: open ? Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000)) : 0,
        duration_seconds: Math.round((deadlineMs - row.started_at.getTime()) / 1000),
        time_accommodation: normalizedAccommodation(order.time_accommodation),
        draft_position: row.draft_position,
        images: row.images,
      },
    };
  });

  app.put(apiPaths.order.answerDraft, {
    schema: { summary: 'Autosave: the answers so far and the current question', tags: ['exam'],
      body: answerDraftRequestSchema, response: { 200: answerDraftResponseSchema } },
  }, async (req, reply) => {
    const now = app.clock.now();
    const { deadline_at, rate } = await saveDraft(app.db, req.member.id, req.body, now, { key: `draft:${req.member.id}`, limit: DRAFTS_PER_MINUTE, windowMs: 60_000 },
      { replayed: replayedFromOutbox(req.headers[QUEUED_HEADER]) });
    refuseIfOver(reply, rate);
    return {
      status: 200 as const, message: 'OK',
      data: { saved_at: now.toISOString(), server_time_ms: now.getTime(), remaining_seconds: Math.max(0, Math.ceil((deadline_at!.getTime() - now.getTime()) / 1000)) },
    };
  });

  // The app ignores trailing slashes: `/answer/` (spec, submission) and `/answer` (spec,
  // disqualification) both reach this handler.
  app.post(apiPaths.order.answer, {
    schema: { summary: 'Submit a section (idempotent), or disqualify the test', tags: ['exam'],
      body: answerSubmitRequestSchema, response: { 200: answerSubmitResponseSchema } },
  }, async (req, reply) => {
    const now = app.clock.now();
    await enforce(app.db, reply, `submit:${req.member.id}`, SUBMITS_PER_MINUTE, 60_000, now);
    const data = await submitAnswer(app.db, req.member.id, req.body, now);
    if (replayedFromOutbox(req.headers[QUEUED_HEADER]) && !req.body.disqualified) await countActivity(app.db, data.id, data.section, 'submit_replayed', now);
    // The last section closed: issue the certificate now (idempotent; failures are retried later).
    if (data.order_status === 'completed') await app.certificates.afterCompletion(data.id, req);
    req.log.info({ order: data.id, section: data.section, status: data.status, order_status: data.order_status }, 'section answer stored');
    return { status: 200 as const, message: data.status === 'disqualified' ? SERVER_MESSAGES.testStopped : SERVER_MESSAGES.answerSaved, data };
  });

  app.get(apiPaths.order.detailFull, {
    schema: { summary: 'The order with its sections and scores', tags: ['exam'], params: idParamSchema,
      response: { 200: orderDetailFullResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    // Closing an overdue section may have completed the order.
    const { order: fresh, rows } = await settledSections(app.db, order, app.clock.now());
    const licenceHint = await licenceHintOf(app.db, fresh.license_id);
    const consent = await latestConsent(app.db, fresh.id);
    const reports = await deviceReportsOf(app.db, fresh.id);
    const summary = (s: SectionName): SectionSummary => {
      const r = rows.find((x) => x.section === s);
      if (!r) return { status: 'not_started', started_at: null, submitted_at: null, raw_correct: null, converted: null };
      return { status: sectionStatus(r), started_at: iso(r.started_at), submitted_at: iso(r.submitted_at), raw_correct: r.raw_correct, converted: r.converted };
    };
    return {
      status: 200 as const, message: 'OK',
      data: {
        section: { listening: summary('listening'), structure: summary('structure'), reading: summary('reading') },
        sertificate: await certificateRef(app, req, fresh),
        license: fresh.license_id,
        order: {
          id: fresh.id, order_no: fresh.order_no, status: fresh.status, is_b2b: fresh.institution_id !== null,
          license_hint: licenceHint, created_at: fresh.created_at.toISOString(),
          started_at: iso(fresh.started_at), completed_at: iso(fresh.completed_at), disqualified_at: iso(fresh.disqualified_at),
          disqualified_reason: fresh.disqualified_reason,
          total_score: fresh.total_score, level: fresh.level, cefr: fresh.cefr, settings: fresh.settings,
          consent: consent ? { rules_version: consent.rules_version, created_at: consent.created_at.toISOString() } : null,
          device_reports: reports.map((r) => ({ device: r.device, problem: r.problem, created_at: r.created_at.toISOString() })),
        },
        proctoring: await proctoringDetail(app.db, fresh, app.mediaUrls),
        evidence_status: (await evidenceStatuses(app.db, [fresh.id])).get(fresh.id) ?? null,
      },
    };
  });
};
