// Extra-time accommodations of a member's orders (issue 18; docs/staff-console.md): read them with
// the breaks taken, and grant or remove one before the order's test starts.
import type { z } from 'zod';
import type {
  AccommodationRequest, MemberOrderAccommodation, memberAccommodationResponseSchema, memberAccommodationsResponseSchema,
} from '../../../../../contracts/admin-accommodations.ts';
import { apiPaths, fillPath } from '../../../../../contracts/api-paths.ts';
import { staffApi } from '../../../lib/api/staff-client.ts';

export type { AccommodationRequest, MemberOrderAccommodation };

export async function listAccommodations(memberId: string): Promise<MemberOrderAccommodation[]> {
  const res = await staffApi.get<z.infer<typeof memberAccommodationsResponseSchema>>(fillPath(apiPaths.admin.memberAccommodations, { id: memberId }));
  return res.data.data.list;
}

/** Grants (factor 1, no minutes, no break: removes); answers the server's message and the updated order. */
export async function saveAccommodation(memberId: string, orderId: string, body: AccommodationRequest) {
  const res = await staffApi.put<z.infer<typeof memberAccommodationResponseSchema>>(
    fillPath(apiPaths.admin.memberAccommodation, { id: memberId, order_id: orderId }), body);
  return { message: res.data.message, order: res.data.data };
}
