// An institution's review rules (contracts/admin-review.ts): the review settings, the reviewers'
// agreement and the rule simulator. Types only from the contracts.
import type { z } from 'zod';
import type {
  reviewAgreementResponseSchema, ReviewSettingsBody, reviewSettingsResponseSchema, RuleSimulation, RuleSimulationRequest,
} from '../../../../../contracts/admin-review.ts';
import { apiPaths, fillPath } from '../../../../../contracts/api-paths.ts';
import { staffApi } from '../../../lib/api/staff-client.ts';

export type { RuleSimulation };

type Settings = z.infer<typeof reviewSettingsResponseSchema>['data'];
export async function getReviewSettings(id: string): Promise<Settings> {
  return (await staffApi.get<{ data: Settings }>(fillPath(apiPaths.admin.reviewSettings, { id }))).data.data;
}

export async function saveReviewSettings(id: string, body: ReviewSettingsBody): Promise<{ message: string; data: Settings }> {
  const res = await staffApi.put<{ message: string; data: Settings }>(fillPath(apiPaths.admin.reviewSettings, { id }), body);
  return { message: res.data.message, data: res.data.data };
}

export type Agreement = z.infer<typeof reviewAgreementResponseSchema>['data'];
export async function getAgreement(id: string): Promise<Agreement> {
  return (await staffApi.get<{ data: Agreement }>(fillPath(apiPaths.admin.reviewAgreement, { id }))).data.data;
}

export async function simulateRules(id: string, body: RuleSimulationRequest): Promise<RuleSimulation> {
  return (await staffApi.post<{ data: RuleSimulation }>(fillPath(apiPaths.admin.ruleSimulation, { id }), body)).data.data;
}
