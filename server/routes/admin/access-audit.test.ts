// Issue 29 item 5: what an access review asks for is in the audit log — staff sign-ins (accepted and
// refused), results exports, attempt timeline and photo views, member detail reads and
// log-out-everywhere — with the actor, the target and the institution, and no stranger's address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { disqualifyByTabs, institutionAttempt, reviewInstitution, type ReviewInstitution } from '../../../tests/server-helpers/review.ts';
import { auditOf, STAFF_PASSWORD, staffCall } from '../../../tests/server-helpers/staff.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let inst: ReviewInstitution;

beforeAll(async () => {
  t = await appWithFixtureExam('epot-access-audit-', { now: '2026-03-09T02:00:00Z' });
  inst = await reviewInstitution(t);
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: `/api${apiPaths.admin.login}`, payload: { email, password } });

describe('access reviews: reads and sign-ins in the audit log', () => {
  it('logs staff sign-ins, accepted and refused, without the address of an unknown account', async () => {
    const admin = (await staffCall(t, { url: '/me', token: inst.admin })).body.data as { id: string; email: string };
    expect((await login(admin.email, 'salah-password-sekali')).statusCode).toBe(401);
    expect((await login('tidak-ada@epot.local', 'salah-password-sekali')).statusCode).toBe(401);
    expect((await login(admin.email, STAFF_PASSWORD)).statusCode).toBe(200);

    const failed = await auditOf(t, 'staff.sign-in-failed');
    expect(failed.filter((e) => e.target_id === admin.id)).toHaveLength(1);
    const stranger = failed.filter((e) => e.target_id === 'unknown');
    expect(stranger).toHaveLength(1);
    expect(JSON.stringify(stranger)).not.toContain('tidak-ada@epot.local');
    const ok = (await auditOf(t, 'staff.sign-in')).filter((e) => e.target_id === admin.id);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok[0]).toMatchObject({ institution_id: inst.id, role: 'institution-admin' });
  });

  it('logs a results export, an attempt timeline, a photo view and a member detail read', async () => {
    const o = await institutionAttempt(t, inst.id);
    const photos = await disqualifyByTabs(t, o);

    expect((await t.app.inject({ method: 'GET', url: `/api${apiPaths.admin.resultsCsv}`, headers: { authorization: `Bearer ${inst.admin}` } })).statusCode).toBe(200);
    expect((await staffCall(t, { url: `/attempts/${o.orderId}`, token: inst.proctor })).code).toBe(200);
    expect((await staffCall(t, { url: `/attempts/${o.orderId}/photos/${photos[0]}`, token: inst.proctor })).code).toBe(200);
    expect((await staffCall(t, { url: `/members/${o.userId}`, token: inst.admin })).code).toBe(200);

    expect((await auditOf(t, 'results.export')).filter((e) => e.institution_id === inst.id)).toEqual([
      expect.objectContaining({ role: 'institution-admin', target_id: inst.id, after: expect.objectContaining({ format: 'csv' }) }),
    ]);
    expect((await auditOf(t, 'attempt.view')).filter((e) => e.target_id === o.orderId)).toEqual([expect.objectContaining({ role: 'proctor', institution_id: inst.id })]);
    expect((await auditOf(t, 'attempt.photo-view')).filter((e) => e.target_id === photos[0])).toEqual([
      expect.objectContaining({ role: 'proctor', institution_id: inst.id, after: { order_id: o.orderId } }),
    ]);
    expect((await auditOf(t, 'member.view')).filter((e) => e.target_id === o.userId)).toEqual([expect.objectContaining({ role: 'institution-admin' })]);
  });

  it('logs log-out-everywhere', async () => {
    const me = (await staffCall(t, { url: '/me', token: inst.proctor2 })).body.data as { id: string };
    expect((await staffCall(t, { method: 'POST', url: '/logout-everywhere', token: inst.proctor2 })).code).toBe(200);
    expect((await auditOf(t, 'staff.logout-everywhere')).filter((e) => e.target_id === me.id)).toHaveLength(1);
  });
});
