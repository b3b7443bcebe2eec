import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import { RULES_VERSION } from '../../../../contracts/orders.ts';
import { api } from '../../../lib/api-client.ts';

/** Records the candidate's consent to the rules shown (RULES_VERSION) before any camera capture. */
export async function postConsent(orderId: string): Promise<void> {
  await api.post(fillPath(apiPaths.order.consent, { id: orderId }), { rules_version: RULES_VERSION, accepted: true });
}
