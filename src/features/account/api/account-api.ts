import { apiPaths } from '../../../../contracts/api-paths.ts';
import type {
  MemberDetail, MemberDetailResponse, MessageResponse, UpdateProfileRequest, UpdateResidentialAddressRequest,
} from '../../../../contracts/auth.ts';
import type { ConsentLedger, DeletionResponse } from '../../../../contracts/privacy.ts';
import type { WithdrawableConsent } from '../../../../contracts/facts/index.ts';
import { api } from '../../../lib/api-client.ts';

export async function updateProfile(body: UpdateProfileRequest): Promise<MemberDetail> {
  return (await api.put<MemberDetailResponse>(apiPaths.member.updateProfile, body)).data.data;
}

/** After the one-time profile save, only an empty phone or address may still be filled. */
export async function updateResidentialAddress(body: UpdateResidentialAddressRequest): Promise<MemberDetail> {
  return (await api.put<MemberDetailResponse>(apiPaths.member.updateResidentialAddress, body)).data.data;
}

export async function changePassword(current: string, next: string, confirm: string): Promise<void> {
  await api.put<MessageResponse>(apiPaths.member.changePassword, {
    current_password: current, new_password: next, conf_new_password: confirm,
  });
}

/** Issue 19: everything held about the member, as a zip. */
export async function downloadMyData(): Promise<Blob> {
  return (await api.get<Blob>(apiPaths.member.privacyExport, { responseType: 'blob' })).data;
}

/** Issue 19: anonymise the account now; the receipt is also mailed. */
export async function requestDeletion(password: string): Promise<DeletionResponse> {
  return (await api.post<DeletionResponse>(apiPaths.member.privacyDeletion, { confirm: true, ...(password ? { password } : {}) })).data;
}

/** Issue 19: the consent ledger (each consent's kind, version, time and withdrawal). */
export async function getConsents(): Promise<ConsentLedger> {
  return (await api.get<{ data: ConsentLedger }>(apiPaths.member.consents)).data.data;
}

/** Issue 19: withdraws the biometric or cloud-speech consent; answers the message and the ledger after it. */
export async function withdrawConsent(kind: WithdrawableConsent): Promise<{ message: string; data: ConsentLedger }> {
  return (await api.post<{ message: string; data: ConsentLedger }>(apiPaths.member.consentWithdraw, { kind })).data;
}
