// Staff console test helpers: log in as staff, call the staff API, read the audit log.
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo-seed.ts';
import type { TestApp } from './test-app.ts';

export const ADMIN_API = '/api/admin/v1';
export const staffAuth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function staffToken(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${ADMIN_API}/login`, payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

/** One JSON call to the staff API (`path` below /api/admin/v1). */
export async function staffCall(t: TestApp, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) {
  const res = await t.app.inject({ method, url: `${ADMIN_API}${path}`, headers: staffAuth(token), ...(payload ? { payload } : {}) });
  return { code: res.statusCode, body: res.json() };
}

export interface AuditRow { action: string; role: string; target_type: string; target_id: string; before: unknown; after: unknown; ip: string | null; staff_id: string | null }

/** The newest audit entries of one action, as the operator sees them. */
export async function auditOf(t: TestApp, operatorToken: string, action: string): Promise<AuditRow[]> {
  const r = await staffCall(t, operatorToken, 'GET', `/audit?action=${encodeURIComponent(action)}&limit=100`);
  expect(r.code).toBe(200);
  return r.body.data.list as AuditRow[];
}
