// Guest calls of the auth screens (registration and password reset). Login calls shared with other
// features are in src/lib/session-api.ts.
import { apiPaths } from '../../../../contracts/api-paths.ts';
import type { ForgotPasswordResponse, MessageResponse } from '../../../../contracts/auth.ts';
import { accessKey } from '../../../lib/access-key.ts';
import { api } from '../../../lib/api-client.ts';

export async function register(email: string, password: string, confirm: string): Promise<void> {
  await api.post<MessageResponse>(apiPaths.member.register, {
    access_key: accessKey, email, new_password: password, conf_new_password: confirm,
  });
}

/** Returns the reset code that names the /password-reset/{code} page (the OTP goes by e-mail). */
export async function requestPasswordReset(email: string): Promise<string> {
  const res = await api.post<ForgotPasswordResponse>(apiPaths.member.forgotPassword, { access_key: accessKey, email });
  return res.data.data.data.code;
}

export async function verifyResetOtp(code: string, otp: string): Promise<void> {
  await api.post<MessageResponse>(apiPaths.member.verifyForgotPassword, { access_key: accessKey, code, otp });
}

export async function changeForgotPassword(code: string, otp: string, password: string, confirm: string): Promise<void> {
  await api.put<MessageResponse>(apiPaths.member.changeForgotPassword, {
    access_key: accessKey, code, otp, new_password: password, conf_new_password: confirm,
  });
}
