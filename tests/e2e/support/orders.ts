// Order set-up through the API, shared by the specs that start at a later screen: redeem a licence,
// record the consent (what the preparation page does) and, optionally, send the start signal.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import { RULES_VERSION } from '../../../contracts/orders.ts';
import { BIOMETRIC_CONSENT_VERSION } from '../../../contracts/facts/index.ts';
import { loginViaApi } from './accounts.ts';
import { testData, type E2eMember } from './test-data.ts';

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
  if (created.status() !== 200 && test.info().retry > 0) orderId = await orderWithRetryCode(request, headers);
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
 * A retry (CI retries once) finds the licence redeemed by its first try, whose order may be in any
 * state: it starts afresh with a spare licence of the run (tests/e2e/support/prepare-data.ts), the
 * first unredeemed one that this member may use (individual or of their institution).
 */
async function orderWithRetryCode(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const { retryCodes } = testData();
  for (const code of Object.values(retryCodes).flat()) {
    const res = await request.post(api(apiPaths.order.create), { headers, data: { license: code, meta: { job: 'Mahasiswa', certificate_for: 'Persyaratan S2' } } });
    if (res.status() === 200) return ((await res.json()) as { data: { id: string } }).data.id;
  }
  throw new Error('no spare licence left for this retry (raise RETRY_CODES in tests/e2e/support/prepare-data.ts)');
}

/** Redeems, consents and sends the start signal. */
export const startOrder = (request: APIRequestContext, member: E2eMember, code: string) =>
  prepareOrder(request, member, code, { start: true });
