// Staff accounts (contracts/admin-staff.ts): the list, a new account (mailed a one-time password-set
// link), a new link; the password-set page's two calls (no session: the link's code is the key);
// and an institution's two-factor rule for its staff.
import type { z } from 'zod';
import type {
  passwordSetInfoResponseSchema, StaffAccount, staffAccountResponseSchema, StaffCreateRequest, staffListResponseSchema,
} from '../../../../contracts/admin-staff.ts';
import type { plainOkResponseSchema, staffTotpRuleResponseSchema } from '../../../../contracts/admin.ts';
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import { staffApi } from './staff-client.ts';

export type { StaffAccount };
export type PasswordSetInfo = z.infer<typeof passwordSetInfoResponseSchema>['data'];

export async function listStaffAccounts(institution: string | null): Promise<StaffAccount[]> {
  const params = institution ? { institution } : {};
  return (await staffApi.get<z.infer<typeof staffListResponseSchema>>(apiPaths.admin.staff, { params })).data.data.list;
}

export async function addStaffAccount(body: StaffCreateRequest): Promise<string> {
  return (await staffApi.post<z.infer<typeof staffAccountResponseSchema>>(apiPaths.admin.staff, body)).data.message;
}

export async function renewStaffLink(id: string): Promise<string> {
  return (await staffApi.post<z.infer<typeof staffAccountResponseSchema>>(fillPath(apiPaths.admin.staffPasswordLink, { id }))).data.message;
}

export async function passwordSetInfo(code: string): Promise<PasswordSetInfo> {
  return (await staffApi.get<z.infer<typeof passwordSetInfoResponseSchema>>(fillPath(apiPaths.admin.passwordSetInfo, { code }))).data.data;
}

export async function setStaffPassword(code: string, password: string): Promise<string> {
  return (await staffApi.post<z.infer<typeof plainOkResponseSchema>>(apiPaths.admin.passwordSet, { code, password })).data.message;
}

export async function setStaffTotpRule(institutionId: string, required: boolean): Promise<string> {
  return (await staffApi.put<z.infer<typeof staffTotpRuleResponseSchema>>(fillPath(apiPaths.admin.institutionStaffTotp, { id: institutionId }), { required })).data.message;
}
