// Sign-in, who am I, two-factor enrolment and "log out everywhere" (docs/staff-console.md).
import type { z } from 'zod';
import type {
  plainOkResponseSchema, staffLoginResponseSchema, staffMeResponseSchema, totpConfirmResponseSchema, totpEnrolResponseSchema,
} from '../../../../contracts/admin.ts';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import { staffApi } from './staff-client.ts';

type Body<S extends z.ZodType> = z.infer<S>;
export type StaffLoginData = Body<typeof staffLoginResponseSchema>['data'];
export type TotpEnrolment = Body<typeof totpEnrolResponseSchema>['data'];

export async function staffLogin(email: string, password: string, otp?: string): Promise<StaffLoginData> {
  const res = await staffApi.post<Body<typeof staffLoginResponseSchema>>(apiPaths.admin.login, { email, password, ...(otp ? { otp } : {}) });
  return res.data.data;
}

export async function staffMe(): Promise<Body<typeof staffMeResponseSchema>['data']> {
  return (await staffApi.get<Body<typeof staffMeResponseSchema>>(apiPaths.admin.me)).data.data;
}

export async function startTotp(): Promise<TotpEnrolment> {
  return (await staffApi.post<Body<typeof totpEnrolResponseSchema>>(apiPaths.admin.totpEnrol)).data.data;
}

export async function confirmTotp(code: string): Promise<string[]> {
  return (await staffApi.post<Body<typeof totpConfirmResponseSchema>>(apiPaths.admin.totpConfirm, { code })).data.data.recovery_codes;
}

export async function logoutEverywhere(): Promise<string> {
  return (await staffApi.post<Body<typeof plainOkResponseSchema>>(apiPaths.admin.logoutEverywhere)).data.message;
}
