// Test-day session tests (issue 30): a member of the seed's institution with a consented order not
// started yet, and the start signal, as the sessions and live-view tests both need them.
import type { TestApp } from './test-app.ts';
import { call, orderFor, type StartedOrder } from './exam-attempts.ts';
import { createMember } from './members.ts';

export async function consentedMember(t: TestApp): Promise<StartedOrder> {
  const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
  const o = await orderFor(t, user, 'not_started', t.seed!.institutionId);
  await call(t, { method: 'POST', url: `/users/v1/member/order/consent/${o.orderId}`, headers: o.headers, payload: { rules_version: '2026-11-01', accepted: true, biometric_version: '2026-11-01' } });
  return o;
}

export const startSignal = (t: TestApp, o: StartedOrder) =>
  call(t, { method: 'PUT', url: `/users/v1/member/order/update-start-test/${o.orderId}`, headers: o.headers, payload: {} });
