// The members' privacy requests (issue 19, docs/privacy.md): list, one with its log, re-send a
// deletion's receipt, delete a member's data for a request made another way (with a note).
import type { z } from 'zod';
import type {
  PrivacyRequestDetail, PrivacyRequestItem, privacyRequestDetailResponseSchema, privacyRequestListResponseSchema, privacyRequestResponseSchema,
} from '../../../../../contracts/admin-privacy.ts';
import { apiPaths, fillPath } from '../../../../../contracts/api-paths.ts';
import type { PrivacyRequestKind } from '../../../../../contracts/facts/index.ts';
import { staffApi } from '../../../lib/api/staff-client.ts';

export type { PrivacyRequestDetail, PrivacyRequestItem };
type RequestList = z.infer<typeof privacyRequestListResponseSchema>['data'];

export interface PrivacyFilter { kind: PrivacyRequestKind | 'all'; institution: string | null }

export async function listPrivacyRequests(filter: PrivacyFilter, page: number, limit: number): Promise<RequestList> {
  const params = { page, limit, ...(filter.kind === 'all' ? {} : { kind: filter.kind }), ...(filter.institution ? { institution: filter.institution } : {}) };
  return (await staffApi.get<z.infer<typeof privacyRequestListResponseSchema>>(apiPaths.admin.privacyRequests, { params })).data.data;
}

export async function getPrivacyRequest(id: string): Promise<PrivacyRequestDetail> {
  return (await staffApi.get<z.infer<typeof privacyRequestDetailResponseSchema>>(fillPath(apiPaths.admin.privacyRequest, { id }))).data.data;
}

export async function resendReceipt(id: string): Promise<{ message: string; data: PrivacyRequestDetail }> {
  const res = await staffApi.post<z.infer<typeof privacyRequestDetailResponseSchema>>(fillPath(apiPaths.admin.privacyReceiptResend, { id }));
  return { message: res.data.message, data: res.data.data };
}

export async function deleteMemberData(memberId: string, note: string): Promise<{ message: string; data: PrivacyRequestItem }> {
  const res = await staffApi.post<z.infer<typeof privacyRequestResponseSchema>>(fillPath(apiPaths.admin.memberPrivacyDeletion, { id: memberId }), { note });
  return { message: res.data.message, data: res.data.data };
}
