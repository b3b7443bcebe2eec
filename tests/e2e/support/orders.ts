// Order set-up through the API, shared by the specs that start at a later screen: redeem a licence,
// record the consent (what the preparation page does) and, optionally, send the start signal.
import { expect, type APIRequestContext } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import { RULES_VERSION } from '../../../contracts/orders.ts';
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
  expect(created.status(), await created.text()).toBe(200);
  const orderId = ((await created.json()) as { data: { id: string } }).data.id;
  const consent = await request.post(api(fillPath(apiPaths.order.consent, { id: orderId })), { headers, data: { rules_version: RULES_VERSION, accepted: true, biometric_version: BIOMETRIC_CONSENT_VERSION } });
  expect(consent.status(), await consent.text()).toBe(200);
  if (opts.start) {
    const start = await request.put(api(fillPath(apiPaths.order.updateStartTest, { id: orderId })), { headers });
    expect(start.status(), await start.text()).toBe(200);
  }
  return { token, orderId };
}

/** Redeems, consents and sends the start signal. */
export const startOrder = (request: APIRequestContext, member: E2eMember, code: string) =>
  prepareOrder(request, member, code, { start: true });
