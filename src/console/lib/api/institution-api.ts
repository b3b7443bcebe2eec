// An institution's proctoring rules (GET/PUT /admin/v1/institutions/:id/settings).
import type { z } from 'zod';
import type { InstitutionSettingsBody, institutionSettingsResponseSchema } from '../../../../contracts/admin.ts';
import type { institutionListResponseSchema } from '../../../../contracts/admin-operator.ts';
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import { staffApi } from './staff-client.ts';

export type InstitutionSettings = z.infer<typeof institutionSettingsResponseSchema>['data'];

export async function getInstitutionSettings(id: string): Promise<InstitutionSettings> {
  return (await staffApi.get<z.infer<typeof institutionSettingsResponseSchema>>(fillPath(apiPaths.admin.institutionSettings, { id }))).data.data;
}

export async function saveInstitutionSettings(id: string, body: InstitutionSettingsBody): Promise<{ message: string; data: InstitutionSettings }> {
  const res = await staffApi.put<z.infer<typeof institutionSettingsResponseSchema>>(fillPath(apiPaths.admin.institutionSettings, { id }), body);
  return { message: res.data.message, data: res.data.data };
}

export type InstitutionSummary = z.infer<typeof institutionListResponseSchema>['data']['list'][number];

/** Every institution (the operator's list: operators only). */
export async function listInstitutions(): Promise<InstitutionSummary[]> {
  return (await staffApi.get<z.infer<typeof institutionListResponseSchema>>(apiPaths.adminOperator.institutions)).data.data.list;
}
