// The axios-free half of the API client: the base path, ApiError, the token and the 401 listeners.
// The login page needs these to render; axios (about 22 KB gzipped) loads with the first call
// instead (`loadApi`), which keeps the login route's JavaScript within its budget
// (tests/unit/bundle-budget.test.ts). Features import `api` from api-client.ts as before.
import { DEFAULT_API_BASE } from '../../contracts/api-paths.ts';
import type { api as ApiInstance } from './api-client.ts';

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

export function getAuthToken(): string | null {
  return authToken;
}

/** Subscribe to 401 answers on authenticated calls (the auth feature logs the user out). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function notifyUnauthorized(): void {
  unauthorizedListeners.forEach((l) => l());
}

/** The one axios instance, loaded on first use (for code on the login route's path). */
export function loadApi(): Promise<typeof ApiInstance> {
  return import('./api-client.ts').then((m) => m.api);
}
