// The one HTTP client. It only attaches the token and normalises errors into `ApiError`; UI
// reactions (logout on 401, snackbars) live in features, not here.
import axios, { AxiosError } from 'axios';
import { DEFAULT_API_BASE } from '../../contracts/api-paths.ts';
import type { ErrorBody } from '../../contracts/error.ts';

export const apiBase: string = import.meta.env.VITE_API_BASE ?? DEFAULT_API_BASE;

export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived (network failure). */
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

let authToken: string | null = null;
const unauthorizedListeners = new Set<() => void>();

export function setAuthToken(token: string | null): void {
  authToken = token;
}

/** Subscribe to 401 answers on authenticated calls (the auth feature logs the user out). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const api = axios.create({ baseURL: apiBase, timeout: 30_000 });

api.interceptors.request.use((config) => {
  if (authToken) config.headers.set('Authorization', `Bearer ${authToken}`);
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
      if (res.status === 401 && authToken) unauthorizedListeners.forEach((l) => l());
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
