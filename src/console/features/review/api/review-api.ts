// Proctor review (contracts/admin-review.ts): the queue, one attempt's timeline and decisions.
// Types only from the contracts.
import type { z } from 'zod';
import type {
  AttemptTimeline, DecisionRequest, decisionResponseSchema, ReviewQueueRow, reviewQueueResponseSchema, TimelineEntry,
} from '../../../../../contracts/admin-review.ts';
import { apiPaths, fillPath } from '../../../../../contracts/api-paths.ts';
import { staffApi } from '../../../lib/api/staff-client.ts';

export type { AttemptTimeline, ReviewQueueRow, TimelineEntry };

export interface QueueFilter {
  institution: string | null;
  state: 'open' | 'decided' | 'all';
  reason: 'all' | 'disqualified' | 'risk' | 'appeal';
  search: string;
}

type Queue = z.infer<typeof reviewQueueResponseSchema>['data'];
export async function listReviewQueue(f: QueueFilter, page: number, limit: number): Promise<Queue> {
  const params = { institution: f.institution ?? undefined, state: f.state, reason: f.reason, search: f.search || undefined, page, limit };
  return (await staffApi.get<{ data: Queue }>(apiPaths.admin.reviews, { params })).data.data;
}

export async function getAttempt(orderId: string): Promise<AttemptTimeline> {
  return (await staffApi.get<{ data: AttemptTimeline }>(fillPath(apiPaths.admin.attempt, { order_id: orderId }))).data.data;
}

type Decided = z.infer<typeof decisionResponseSchema>;
export async function postDecision(orderId: string, body: DecisionRequest): Promise<{ message: string; data: Decided['data'] }> {
  const res = await staffApi.post<Decided>(fillPath(apiPaths.admin.attemptDecisions, { order_id: orderId }), body);
  return { message: res.data.message, data: res.data.data };
}
