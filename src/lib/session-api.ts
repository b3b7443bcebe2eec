// Account calls shared by several features (login and re-login, the member detail, logout), so no
// feature imports another. Screen-specific calls live in each feature's api/ folder.
import { apiPaths } from '../../contracts/api-paths.ts';
import type {
  AutoLoginRegisterRequest, LoginResponse, MemberDetail, MemberDetailResponse, MessageResponse,
} from '../../contracts/auth.ts';
import type { PublicConfigResponse } from '../../contracts/public-config.ts';
import { accessKey } from './access-key.ts';
import { messages } from '../i18n/messages.ts';
// The login route renders without axios: it loads with the first call.
import { ApiError, loadApi } from './api-auth.ts';

export type LoginData = LoginResponse['data'];
export type PublicConfig = PublicConfigResponse['data'];

export async function loginWithEmail(email: string, password: string): Promise<LoginData> {
  const api = await loadApi();
  const res = await api.post<LoginResponse>(apiPaths.member.login, { access_key: accessKey, provider: 'email', email, password });
  return res.data.data;
}

/** Google Identity Services hands over an ID token; the server verifies it. */
export async function loginWithGoogle(idToken: string): Promise<LoginData> {
  const api = await loadApi();
  const res = await api.post<LoginResponse>(apiPaths.member.login, { access_key: accessKey, provider: 'google', access_token: idToken });
  return res.data.data;
}

export async function autoLoginRegister(body: Omit<AutoLoginRegisterRequest, 'access_key'>): Promise<LoginData> {
  const api = await loadApi();
  const res = await api.post<LoginResponse>(apiPaths.member.autoLoginRegister, { access_key: accessKey, ...body });
  return res.data.data;
}

export async function getMemberDetail(): Promise<MemberDetail> {
  const api = await loadApi();
  const res = await api.get<MemberDetailResponse>(apiPaths.member.detail);
  return res.data.data;
}

/** Logs out on the server; whatever it answers, what test attempts left in this browser is cleared. */
export async function logout(): Promise<void> {
  try {
    const api = await loadApi();
    await api.post<MessageResponse>(apiPaths.member.logout);
  } finally {
    // Loaded on demand: the login route stays small (tests/unit/bundle-budget.test.ts).
    await import('./browser-data.ts').then((m) => m.clearAllAttempts()).catch(() => undefined);
  }
}

let publicConfig: Promise<PublicConfig> | null = null;
/** Run-time settings (Google client id, support e-mail), fetched once per page load. */
export function getPublicConfig(): Promise<PublicConfig> {
  publicConfig ??= loadApi().then((api) => api.get<PublicConfigResponse>(apiPaths.publicConfig)).then((r) => r.data.data);
  publicConfig.catch(() => { publicConfig = null; });
  return publicConfig;
}

/** What an alert shows for a failed call: the server's message, or the network-error text. */
export function apiErrorText(err: unknown): string {
  if (err instanceof ApiError) return err.isNetworkError ? messages.app.networkError : err.message;
  return messages.app.genericError;
}
