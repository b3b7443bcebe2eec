// Extra-time accommodations from the console (issue 18): a member's orders with their extra time
// and breaks, and the grant itself, before the order's first section starts. Institution admins act
// on their own members, operators on anyone's; proctors only read. Out-of-scope members and orders
// that are not the member's answer 404. Each grant is audited ('order.accommodation'); the rules are
// the CLI's (services/orders/accommodations.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accommodationParamsSchema, accommodationRequestSchema, memberAccommodationResponseSchema, memberAccommodationsResponseSchema,
} from '../../../contracts/admin-accommodations.ts';
import { memberParamsSchema } from '../../../contracts/admin-members.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { ACCOMMODATION_MESSAGES, isNoAccommodation, STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';
import { actorOf } from '../../plugins/staff-auth.ts';
import { memberOrderAccommodations, setTimeAccommodation } from '../../services/orders/accommodations.ts';
import { memberInScope } from '../../services/staff/members.ts';
import { assertMayChangeInstitution, institutionFilter } from '../../services/staff/scope.ts';

const tags = ['staff'];

export const staffAccommodationRoutes: FastifyPluginAsyncZod = async (app) => {
  const pre = app.authenticateStaff;

  app.get(apiPaths.admin.memberAccommodations, {
    preHandler: pre, schema: { summary: "A member's orders with their extra time and breaks", tags, params: memberParamsSchema, response: { 200: memberAccommodationsResponseSchema } },
  }, async (req) => {
    const member = await memberInScope(app.db, req.params.id, institutionFilter(req.staff));
    if (!member) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return { status: 200 as const, message: 'OK', data: { list: await memberOrderAccommodations(app.db, member.id) } };
  });

  app.put(apiPaths.admin.memberAccommodation, {
    preHandler: pre,
    schema: { summary: "Grant (or remove) extra time and a break for a member's order before its test starts (audited)", tags,
      params: accommodationParamsSchema, body: accommodationRequestSchema, response: { 200: memberAccommodationResponseSchema } },
  }, async (req) => {
    assertMayChangeInstitution(req.staff);
    const member = await memberInScope(app.db, req.params.id, institutionFilter(req.staff));
    if (!member) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    const [order] = await memberOrderAccommodations(app.db, member.id, req.params.order_id);
    if (!order) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    const removed = isNoAccommodation(req.body);
    await setTimeAccommodation(app.db, order.order_id, removed ? null : req.body, { actor: actorOf(req), now: app.clock.now() });
    const [updated] = await memberOrderAccommodations(app.db, member.id, order.order_id);
    return { status: 200 as const, message: removed ? ACCOMMODATION_MESSAGES.removed : ACCOMMODATION_MESSAGES.saved, data: updated! };
  });
};
