// The one HTTP client. It only attaches the token and normalises errors into `ApiError`; UI
// reactions (logout on 401, snackbars) live in features, not here.
import axios, { AxiosError } from 'axios';
import type { ErrorBody } from '../../contracts/error.ts';
import { ApiError, apiBase, getAuthToken, notifyUnauthorized } from './api-auth.ts';

// The axios-free parts live in api-auth.ts (the login route loads this module lazily).
export { ApiError, apiBase, onUnauthorized, setAuthToken } from './api-auth.ts';

export const api = axios.create({ baseURL: apiBase, timeout: 30_000 });

api.interceptors.request.use((config) => {
  const token = getAuthToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (error instanceof AxiosError) {
      const res = error.response;
      if (!res) return Promise.reject(new ApiError(0, error.message));
      const body = res.data as Partial<ErrorBody> | undefined;
      const message = typeof body?.message === 'string' ? body.message : error.message;
      if (res.status === 401 && getAuthToken()) notifyUnauthorized();
      return Promise.reject(new ApiError(res.status, message));
    }
    return Promise.reject(error);
  },
);

/** Server clock minus client clock, from a response that carries `server_time_ms`. */
export function clockOffsetMs(serverTimeMs: number, requestStartedMs: number, responseAtMs: number): number {
  // Assume the server stamped the middle of the round trip.
  return serverTimeMs - (requestStartedMs + responseAtMs) / 2;
}
