// Order set-up through the API, shared by the specs that start at a later screen: redeem a licence,
// record the consent (what the preparation page does) and, optionally, send the start signal.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import { RULES_VERSION, type OrderListResponse } from '../../../contracts/orders.ts';
import { BIOMETRIC_CONSENT_VERSION } from '../../../contracts/facts/index.ts';
import { loginViaApi } from './accounts.ts';
import type { E2eMember } from './test-data.ts';

export interface E2eOrder { token: string; orderId: string }

const api = (p: string) => `/api${p}`;

export async function prepareOrder(request: APIRequestContext, member: E2eMember, code: string,
  opts: { start?: boolean } = {}): Promise<E2eOrder> {
  const token = await loginViaApi(request, member.email, member.password);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(api(apiPaths.order.create), {
    headers, data: { license: code, meta: { job: 'Mahasiswa', certificate_for: 'Persyaratan S2' } },
  });
  let orderId: string;
  if (created.status() !== 200 && test.info().retry > 0) orderId = await orderOfFirstTry(request, headers);
  else {
    expect(created.status(), await created.text()).toBe(200);
    orderId = ((await created.json()) as { data: { id: string } }).data.id;
  }
  const consent = await request.post(api(fillPath(apiPaths.order.consent, { id: orderId })), { headers, data: { rules_version: RULES_VERSION, accepted: true, biometric_version: BIOMETRIC_CONSENT_VERSION } });
  expect(consent.status(), await consent.text()).toBe(200);
  if (opts.start) {
    const start = await request.put(api(fillPath(apiPaths.order.updateStartTest, { id: orderId })), { headers });
    expect(start.status(), await start.text()).toBe(200);
  }
  return { token, orderId };
}

/**
 * A retry (CI retries once) finds the licence redeemed by the first try: it goes on with the order
 * that try made, if it has not started yet; otherwise the retry fails as the first try did.
 */
async function orderOfFirstTry(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const res = await request.get(api(apiPaths.order.list), { headers });
  expect(res.status(), await res.text()).toBe(200);
  const open = ((await res.json()) as OrderListResponse).data.list.filter((o) => o.status === 'not_started');
  expect(open.length, 'the first try left no order that has not started').toBeGreaterThan(0);
  return open.sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!.id;
}

/** Redeems, consents and sends the start signal. */
export const startOrder = (request: APIRequestContext, member: E2eMember, code: string) =>
  prepareOrder(request, member, code, { start: true });
