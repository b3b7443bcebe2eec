import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import { BIOMETRIC_CONSENT_VERSION, CLOUD_SPEECH_CONSENT_VERSION } from '../../../../contracts/facts/index.ts';
import { RULES_VERSION, type ConsentRequest, type OrderConsentState } from '../../../../contracts/orders.ts';
import { api } from '../../../lib/api-client.ts';

/** What the order's consents allow now: the biometric consent is needed; cloud speech is offered. */
export async function getConsentState(orderId: string): Promise<OrderConsentState> {
  return (await api.get<{ data: OrderConsentState }>(fillPath(apiPaths.order.consent, { id: orderId }))).data.data;
}

/**
 * Records the candidate's consents before any camera capture: the rules shown (RULES_VERSION), and
 * each separate consent the candidate ticked with the version of its text (issue 19).
 */
export async function postConsent(orderId: string, given: { biometric: boolean; cloudSpeech: boolean }): Promise<OrderConsentState> {
  const body: ConsentRequest = {
    rules_version: RULES_VERSION, accepted: true,
    ...(given.biometric ? { biometric_version: BIOMETRIC_CONSENT_VERSION } : {}),
    ...(given.cloudSpeech ? { cloud_speech_version: CLOUD_SPEECH_CONSENT_VERSION } : {}),
  };
  return (await api.post<{ data: OrderConsentState }>(fillPath(apiPaths.order.consent, { id: orderId }), body)).data.data;
}
