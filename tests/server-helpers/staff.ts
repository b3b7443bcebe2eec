// Staff console tests: sign in (demo or created accounts), a second institution with its own admin
// (for the 404 scope checks), a proctor, and a small inject wrapper.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, institutions, staff } from '../../server/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-seed.ts';
import { SHELL_ACTOR } from '../../server/services/staff/audit.ts';
import { createStaff, totpCode } from '../../server/services/staff/staff-accounts.ts';
import type { TestApp } from './test-app.ts';

export const ADMIN_API = '/api/admin/v1';
export const STAFF_PASSWORD = 'Staf-Rahasia-2026';
export const RULES = { identification: { face: true, voice: true, new_tab: true }, failed: { face: true, voice: false, new_tab: true } };

export interface StaffCall { method?: 'GET' | 'POST' | 'PUT'; url: string; token: string; payload?: unknown }

/** `{code, body, raw}` of a staff call (url relative to /api/admin/v1 unless absolute). */
export async function staffCall(t: TestApp, c: StaffCall) {
  const url = c.url.startsWith('/api/') ? c.url : `${ADMIN_API}${c.url}`;
  const res = await t.app.inject({ method: c.method ?? 'GET', url, headers: { authorization: `Bearer ${c.token}` }, ...(c.payload !== undefined ? { payload: c.payload as object } : {}) });
  let body: Record<string, unknown> = {};
  try { body = res.json(); } catch { /* not JSON (CSV, XLSX) */ }
  return { code: res.statusCode, body: body as { status: number; message: string; code?: string; data: never; errors?: { row: number; column: string | null; message: string }[] }, raw: res };
}

/** A token for the account (a TOTP code at the test clock when it has two-factor login on). */
export async function staffToken(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const [row] = await t.db.select().from(staff).where(eq(staff.email, email));
  // A code works once (issue 29 item 8): a helper that only wants a token forgets the last step used,
  // so two sign-ins within one 30 s step work (admin.test.ts tests the replay guard itself).
  if (row?.totp_enabled) await t.db.update(staff).set({ totp_last_step: null }).where(eq(staff.id, row.id));
  const otp = row?.totp_enabled ? await totpCode(row.totp_secret!, t.clock.now()) : undefined;
  const res = await t.app.inject({ method: 'POST', url: `${ADMIN_API}/login`, payload: { email, password, ...(otp ? { otp } : {}) } });
  if (res.statusCode !== 200) throw new Error(`staff login ${email}: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

let seq = 0;
/** A new institution of the demo company with its own admin; answers its id and the admin's token. */
export async function otherInstitutionAdmin(t: TestApp, name = 'Lembaga Lain') {
  const [company] = await t.db.select().from(companies).limit(1);
  const [inst] = await t.db.insert(institutions).values({ company_id: company!.id, name, settings: RULES, created_at: t.clock.now() }).returning();
  const email = `admin-${++seq}-${Date.now()}@lain.epot.local`;
  await createStaff(t.db, { email, role: 'institution-admin', institutionId: inst!.id, password: STAFF_PASSWORD }, SHELL_ACTOR, t.clock.now());
  return { institutionId: inst!.id, token: await staffToken(t, email, STAFF_PASSWORD) };
}

/** A proctor of the institution (read-only). */
export async function proctorToken(t: TestApp, institutionId: string): Promise<string> {
  const email = `proctor-${++seq}-${Date.now()}@epot.local`;
  await createStaff(t.db, { email, role: 'proctor', institutionId, password: STAFF_PASSWORD }, SHELL_ACTOR, t.clock.now());
  return staffToken(t, email, STAFF_PASSWORD);
}

/** The newest audit entries with this action, as the operator sees them. */
export async function auditOf(t: TestApp, action: string) {
  const token = await staffToken(t, 'operator@epot.local');
  const r = await staffCall(t, { url: `/audit?action=${action}&limit=100`, token });
  return (r.body.data as { list: { action: string; role: string; target_id: string; institution_id: string | null; before: unknown; after: unknown; ip: string | null; socket_ip: string | null }[] }).list;
}

export const staffAuth = (token: string) => ({ authorization: `Bearer ${token}` });

/** One JSON call to the staff API (`path` below /api/admin/v1), positional form. */
export async function staffJson(t: TestApp, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) {
  const res = await t.app.inject({ method, url: `${ADMIN_API}${path}`, headers: staffAuth(token), ...(payload ? { payload } : {}) });
  return { code: res.statusCode, body: res.json() };
}

export interface AuditRow { action: string; role: string; target_type: string; target_id: string; before: unknown; after: unknown; ip: string | null; staff_id: string | null }

/** The newest audit entries of one action, read with the given operator token. */
export async function auditAs(t: TestApp, operatorToken: string, action: string): Promise<AuditRow[]> {
  const r = await staffJson(t, operatorToken, 'GET', `/audit?action=${encodeURIComponent(action)}&limit=100`);
  expect(r.code).toBe(200);
  return r.body.data.list as AuditRow[];
}
