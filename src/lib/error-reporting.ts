// Posts uncaught errors and worker failures to the server log (spec: error reporting is present).
// Sends no personal data: the route path without its query, the message and stack (the server
// scrubs them again); at most a few reports a minute, and the same message only once.
import { apiPaths } from '../../contracts/api-paths.ts';
import type { ClientErrorReport } from '../../contracts/client-errors.ts';
import { loadApi } from './api-auth.ts';

const MAX_PER_MINUTE = 5;
let sentAt: number[] = [];
const seen = new Set<string>();

export function reportClientError(report: Omit<ClientErrorReport, 'path'>): void {
  const key = `${report.kind}:${report.worker ?? ''}:${report.message}`;
  if (seen.has(key)) return;
  const now = Date.now();
  sentAt = sentAt.filter((t) => now - t < 60_000);
  if (sentAt.length >= MAX_PER_MINUTE) return;
  seen.add(key);
  sentAt.push(now);
  const body: ClientErrorReport = {
    ...report,
    message: report.message.slice(0, 1000),
    ...(report.stack ? { stack: report.stack.slice(0, 8000) } : {}),
    path: location.pathname.slice(0, 300),
  };
  // Reporting must never raise an error of its own.
  loadApi().then((api) => api.post(apiPaths.clientErrors, body)).catch(() => {});
}

export function installErrorReporting(): void {
  window.addEventListener('error', (e) => {
    const err = e.error as unknown;
    reportClientError({ kind: 'error', message: err instanceof Error ? err.message : String(e.message), stack: err instanceof Error ? err.stack : undefined });
  });
  window.addEventListener('unhandledrejection', (e) => {
    const reason = e.reason as unknown;
    reportClientError({ kind: 'unhandledrejection', message: reason instanceof Error ? reason.message : String(reason), stack: reason instanceof Error ? reason.stack : undefined });
  });
}

/** For tests. */
export function resetErrorReporting(): void {
  sentAt = [];
  seen.clear();
}
