// The candidate's appeal calls (contracts/appeals.ts; types only, the zod schemas stay out of the page).
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import type { AppealDetail, MemberAppeal } from '../../../../contracts/appeals.ts';
import { api } from '../../../lib/api-client.ts';

export type { AppealDetail, MemberAppeal };

/** One attempt (order or licence id): the appeal state and the candidate's own evidence. */
export async function getAppeal(id: string): Promise<AppealDetail> {
  return (await api.get<{ data: AppealDetail }>(fillPath(apiPaths.order.appeal, { id }))).data.data;
}

export async function sendAppeal(id: string, text: string): Promise<{ message: string; appeal: MemberAppeal }> {
  const res = await api.post<{ message: string; data: MemberAppeal }>(fillPath(apiPaths.order.appeal, { id }), { text });
  return { message: res.data.message, appeal: res.data.data };
}
