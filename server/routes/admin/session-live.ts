// The live view of a test-day session (issue 30) and a proctor's actions in it. The view is one
// Server-Sent Events stream per open page: first a snapshot computed from the tables, then every
// event of the session's members as this process hears it on LISTEN (from whichever process the
// member talks to), with the stored event's id, so EventSource-style reconnects resume with
// Last-Event-ID and replay what they missed. A request that does not accept text/event-stream gets
// the snapshot as JSON (the CLI, the scope sweep). Scope as for the session itself: another
// institution's session answers 404. Proctors act here: the live view is their screen.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  extraTimeRequestSchema, liveActionResponseSchema, liveSnapshotSchema, reentryRequestSchema, sessionMemberParamsSchema, sessionMessageRequestSchema,
  sessionParamsSchema,
} from '../../../contracts/admin-sessions.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { okEnvelope } from '../../../contracts/envelope.ts';
import { LIVE_MESSAGES, type LiveEvent } from '../../../contracts/facts/index.ts';
import { testSessionMembers } from '../../db/schema/index.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { allowReentry, giveExtraTime, sendSessionMessage } from '../../services/sessions/live-actions.ts';
import { liveEventsSince, liveSnapshot } from '../../services/sessions/live.ts';
import { sessionSummary } from '../../services/sessions/sessions.ts';
import { institutionFilter } from '../../services/staff/scope.ts';
import { eq } from 'drizzle-orm';

const tags = ['staff'];
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/** How soon a dropped EventSource tries again. */
const RETRY_MS = 1_000;

const lastEventId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

export const staffSessionLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const pre = app.authenticateStaff;
  const streams = new Set<() => void>();
  // Open streams would hold the server's close forever.
  app.addHook('preClose', async () => { for (const end of [...streams]) end(); });

  app.get(apiPaths.admin.sessionLive, {
    preHandler: pre,
    schema: {
      summary: 'Live view: text/event-stream (snapshot, then events; Last-Event-ID or ?after= resumes), or the snapshot as JSON',
      tags, params: sessionParamsSchema, querystring: z.object({ after: z.string().regex(/^\d{1,15}$/).optional() }),
      response: { 200: okEnvelope(liveSnapshotSchema) },
    },
  }, async (req, reply) => {
    const now = app.clock.now();
    // The session alone: the snapshot reads its members' rows itself.
    const session = await sessionSummary(app.db, req.params.id, institutionFilter(req.staff), now);
    const snapshot = async () => ({ session, ...await liveSnapshot(app.db, session.id, { opens_at: new Date(session.opens_at) }, app.clock.now()) });
    if (!String(req.headers.accept ?? '').includes('text/event-stream')) return { status: 200 as const, message: 'OK', data: await snapshot() };

    const memberIds = new Set((await app.db.select({ id: testSessionMembers.user_id }).from(testSessionMembers)
      .where(eq(testSessionMembers.session_id, session.id))).map((r) => r.id));
    const resumeFrom = lastEventId(req.headers['last-event-id']) ?? lastEventId(req.query.after);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff', connection: 'keep-alive',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    let lastId = resumeFrom ?? 0;
    let ready = false;
    let closed = false;
    const pending: LiveEvent[] = [];
    const send = (e: LiveEvent) => {
      if (closed || (e.id !== null && e.id <= lastId)) return;
      if (e.id !== null) lastId = e.id;
      raw.write(`${e.id !== null ? `id: ${e.id}\n` : ''}event: live\ndata: ${JSON.stringify(e)}\n\n`);
    };
    const relevant = (e: LiveEvent) => e.session_id === session.id || (e.session_id === null && e.user_id !== null && memberIds.has(e.user_id));
    const catchUp = async () => { for (const e of await liveEventsSince(app.db, session.id, lastId)) send(e); };
    const unsubscribe = app.live.subscribe({
      event: (e) => {
        if (!relevant(e)) return;
        if (ready) send(e);
        else pending.push(e);
      },
      resync: () => { void catchUp().catch((err: unknown) => req.log.warn({ err }, 'live catch-up failed')); },
    });
    const keepalive = setInterval(() => { if (!closed) raw.write(': ping\n\n'); }, KEEPALIVE_MS);
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(keepalive);
      unsubscribe();
      streams.delete(end);
      raw.end();
    };
    streams.add(end);
    raw.on('close', end);
    try {
      if (resumeFrom === null) {
        const snap = await snapshot();
        lastId = snap.last_event_id;
        if (!closed) raw.write(`id: ${lastId}\nevent: snapshot\ndata: ${JSON.stringify(snap)}\n\n`);
      } else {
        await catchUp();
      }
      ready = true;
      for (const e of pending.splice(0)) send(e);
    } catch (err) {
      req.log.error({ err }, 'live view failed to start');
      end();
    }
  });

  app.post(apiPaths.admin.sessionExtraTime, {
    preHandler: pre,
    schema: { summary: "Give a member extra minutes in the section they are in (audited, with a reason); the member's timer follows", tags,
      params: sessionMemberParamsSchema, body: extraTimeRequestSchema, response: { 200: liveActionResponseSchema } },
  }, async (req) => {
    const data = await giveExtraTime(app.db, req.params.id, institutionFilter(req.staff), req.params.user_id, req.body, actorOf(req), app.clock.now());
    return { status: 200 as const, message: LIVE_MESSAGES.extraTimeGiven(req.body.minutes), data };
  });

  app.post(apiPaths.admin.sessionReentry, {
    preHandler: pre,
    schema: { summary: 'Let a member whose device failed back into the section they were in, with the time they had left (audited)', tags,
      params: sessionMemberParamsSchema, body: reentryRequestSchema, response: { 200: liveActionResponseSchema } },
  }, async (req) => {
    const data = await allowReentry(app.db, req.params.id, institutionFilter(req.staff), req.params.user_id, req.body, actorOf(req), app.clock.now());
    return { status: 200 as const, message: LIVE_MESSAGES.reentryAllowed, data };
  });

  app.post(apiPaths.admin.sessionMessages, {
    preHandler: pre,
    schema: { summary: 'A banner message to one member or the whole session (audited, with a reason)', tags,
      params: sessionParamsSchema, body: sessionMessageRequestSchema, response: { 200: liveActionResponseSchema } },
  }, async (req) => {
    const data = await sendSessionMessage(app.db, req.params.id, institutionFilter(req.staff), req.body, actorOf(req), app.clock.now());
    return { status: 200 as const, message: LIVE_MESSAGES.messageSent, data };
  });
};
