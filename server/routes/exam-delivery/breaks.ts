// A granted break between sections (issue 18; the rules in services/exam/breaks.ts): the break
// screen reads where the break stands (a reload returns to it) and the end-of-section screen
// takes it. The next section's first request ends it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { breakStartRequestSchema, breakStateResponseSchema } from '../../../contracts/breaks.ts';
import { breakMinutesOf, nextSection } from '../../../contracts/facts/index.ts';
import { idParamSchema } from '../../../contracts/orders.ts';
import type { AppDb } from '../../db/client.ts';
import { currentBreak, listBreaks, startBreak, toBreakView } from '../../services/exam/breaks.ts';
import { getOwnOrder, type OrderRow } from '../../services/orders/orders.ts';
import { publishMemberEvent } from '../../services/sessions/live.ts';

async function breakState(db: AppDb, order: OrderRow, now: Date) {
  const current = await currentBreak(db, order.id);
  return {
    break_minutes: breakMinutesOf(order.time_accommodation),
    server_time_ms: now.getTime(),
    current: current ? toBreakView(current) : null,
    next_section: current ? nextSection(current.after_section) : null,
    breaks: (await listBreaks(db, order.id)).map(toBreakView),
  };
}

export const breakRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.order.breaks, {
    schema: { summary: "The order's breaks between sections and the one in progress", tags: ['exam'], params: idParamSchema,
      response: { 200: breakStateResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    return { status: 200 as const, message: 'OK', data: await breakState(app.db, order, app.clock.now()) };
  });

  app.post(apiPaths.order.breaks, {
    schema: { summary: 'Take the granted break after a closed section, before the next starts (idempotent while it lasts)', tags: ['exam'],
      params: idParamSchema, body: breakStartRequestSchema, response: { 200: breakStateResponseSchema } },
  }, async (req) => {
    const order = await getOwnOrder(app.db, req.member.id, req.params.id);
    const now = app.clock.now();
    const row = await startBreak(app.db, order, req.body.after_section, now);
    req.log.info({ order: order.id, after: row.after_section, ends_at: row.ends_at }, 'break started');
    await publishMemberEvent(app.db, { userId: req.member.id, orderId: order.id, kind: 'break_start', data: { after: row.after_section, ends_at: row.ends_at.toISOString() } }, now, req.log);
    return { status: 200 as const, message: 'OK', data: await breakState(app.db, order, now) };
  });
};
