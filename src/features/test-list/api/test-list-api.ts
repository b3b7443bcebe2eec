import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import type {
  CompanyDetail, InstitutionDetail, OrderListItem, OrderListResponse, SurveyMeta,
} from '../../../../contracts/orders.ts';
import type { AppealSummary } from '../../../../contracts/appeals.ts';
import type { MemberSessionNotice } from '../../../../contracts/admin-sessions.ts';
import { api } from '../../../lib/api-client.ts';

/** Spec 9: the order list is read 20 at a time. */
export const ORDER_PAGE_SIZE = 20;

export type OrderPage = OrderListResponse['data'];

export async function listOrders(page: number, limit = ORDER_PAGE_SIZE): Promise<OrderPage> {
  return (await api.get<OrderListResponse>(apiPaths.order.list, { params: { limit, page } })).data.data;
}

/** Redeems a licence code; the answer's message is the success text to show. */
export async function redeemLicence(licence: string, meta: SurveyMeta): Promise<{ message: string; order: OrderListItem }> {
  const res = await api.post<{ message: string; data: OrderListItem }>(apiPaths.order.create, { license: licence, meta });
  return { message: res.data.message, order: res.data.data };
}

export async function getCompany(id: string): Promise<CompanyDetail> {
  return (await api.get<{ data: CompanyDetail }>(fillPath(apiPaths.company.detail, { id }))).data.data;
}

export async function getInstitution(id: string): Promise<InstitutionDetail> {
  return (await api.get<{ data: InstitutionDetail }>(fillPath(apiPaths.institution.detail, { id }))).data.data;
}

/** Issue 17: the member's disqualified, reviewed or appealed attempts (what the panels link to). */
export async function listAppeals(): Promise<AppealSummary[]> {
  return (await api.get<{ data: { list: AppealSummary[] } }>(apiPaths.order.appeals)).data.data.list;
}

/** Issue 30: the member's test-day session (null when they are in none: start any time). */
export async function getSessionNotice(): Promise<MemberSessionNotice | null> {
  return (await api.get<{ data: { session: MemberSessionNotice | null } }>(apiPaths.order.sessionNotice)).data.data.session;
}
