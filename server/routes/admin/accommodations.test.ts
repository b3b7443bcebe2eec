// Staff console accommodations (issue 18): an institution admin grants their own member's order
// extra time and a break before the test (audited), the candidate's section deadline includes it,
// the results list and exports show it; operators grant for anyone; proctors only read; another
// institution's admin gets 404; a started or someone else's order is refused.
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberOrderAccommodation } from '../../../contracts/admin-accommodations.ts';
import type { ResultRow } from '../../../contracts/admin-results.ts';
import { ACCOMMODATION_MESSAGES, FIXED_SECTION_SECONDS, RESULT_EXPORT_HEADERS } from '../../../contracts/facts/index.ts';
import type { AnswerSubmitResult } from '../../../contracts/exam-delivery.ts';
import { orders } from '../../db/schema/index.ts';
import { appWithFixtureExam } from '../../../tests/server-helpers/exam-fixture.ts';
import { answerPattern, call, getSection, keysFor, orderFor, type StartedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { createMember } from '../../../tests/server-helpers/members.ts';
import { auditOf, otherInstitutionAdmin, proctorToken, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await appWithFixtureExam('epot-console-accommodations-', { now: '2026-03-07T08:00:00Z' });
  admin = await staffToken(t, 'admin.lembaga@epot.local');
});
afterAll(async () => { await t?.cleanup(); });

/** A member of the demo institution with an order (not started unless said). */
async function institutionMember(status: 'not_started' | 'in_progress' = 'not_started'): Promise<StartedOrder & { email: string }> {
  const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
  return { ...await orderFor(t, user, status, t.seed!.institutionId), email: user.email };
}
const grant = (o: StartedOrder, token: string, body: object) =>
  staffCall(t, { method: 'PUT', url: `/members/${o.userId}/accommodations/${o.orderId}`, token, payload: body });
const listOf = async (o: StartedOrder, token = admin) => {
  const r = await staffCall(t, { url: `/members/${o.userId}/accommodations`, token });
  return { code: r.code, list: (r.body.data as { list: MemberOrderAccommodation[] } | undefined)?.list };
};

describe('granting from the console', () => {
  it("an institution admin grants ×1.5 and a 10-minute break to their member's order: audited, and the deadline includes it", async () => {
    const o = await institutionMember();
    expect((await listOf(o)).list).toEqual([expect.objectContaining({ order_id: o.orderId, editable: true, started: false, time_accommodation: null, breaks: [] })]);
    const r = await grant(o, admin, { factor: 1.5, extra_minutes: 0, break_minutes: 10 });
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ message: ACCOMMODATION_MESSAGES.saved, data: { time_accommodation: { factor: 1.5, extra_minutes: 0, break_minutes: 10 }, editable: true } });
    const [entry] = (await auditOf(t, 'order.accommodation')).filter((e) => e.target_id === o.orderId);
    expect(entry).toMatchObject({ role: 'institution-admin', institution_id: t.seed!.institutionId,
      before: { time_accommodation: null }, after: { time_accommodation: { factor: 1.5, extra_minutes: 0, break_minutes: 10 } } });

    // The candidate starts; each section's deadline includes the extra time, and the grant is now locked.
    await t.db.update(orders).set({ status: 'in_progress', started_at: t.clock.now() }).where(eq(orders.id, o.orderId));
    const listening = (await getSection(t, o, 'listening')).body.data;
    expect(listening.time_accommodation).toEqual({ factor: 1.5, extra_minutes: 0, break_minutes: 10 });
    const keys = await keysFor(t, listening);
    expect((await call<AnswerSubmitResult>(t, { method: 'POST', url: '/users/v1/member/order/answer/', headers: o.headers,
      payload: { id: o.orderId, section: 'listening', images: [], answer: answerPattern(listening, keys, 1), disqualified: false } })).code).toBe(200);
    expect((await getSection(t, o, 'structure')).body.data.duration_seconds).toBe(FIXED_SECTION_SECONDS.structure * 1.5);
    expect((await listOf(o)).list![0]).toMatchObject({ started: true, editable: false });
    const late = await grant(o, admin, { factor: 2, extra_minutes: 0, break_minutes: 0 });
    expect([late.code, late.body.message]).toEqual([409, ACCOMMODATION_MESSAGES.alreadyStarted]);
  });

  it('removes it with factor 1 and no minutes; refuses what is out of range', async () => {
    const o = await institutionMember();
    await grant(o, admin, { factor: 1.25, extra_minutes: 15, break_minutes: 0 });
    const removed = await grant(o, admin, { factor: 1, extra_minutes: 0, break_minutes: 0 });
    expect(removed.body).toMatchObject({ message: ACCOMMODATION_MESSAGES.removed, data: { time_accommodation: null } });
    for (const body of [{ factor: 3, extra_minutes: 0 }, { factor: 1.5, extra_minutes: 500 }, { factor: 1.5, extra_minutes: 0, break_minutes: 31 }, { factor: 1.5, extra_minutes: 1.5 }]) {
      expect((await grant(o, admin, body)).code, JSON.stringify(body)).toBe(400);
    }
  });

  it('shows in the results list and both exports', async () => {
    const o = await institutionMember();
    await grant(o, admin, { factor: 2, extra_minutes: 5, break_minutes: 15 });
    const list = (await staffCall(t, { url: `/results?search=${encodeURIComponent(o.email)}`, token: admin })).body.data as { list: ResultRow[] };
    expect(list.list.map((r) => r.time_accommodation)).toEqual([{ factor: 2, extra_minutes: 5, break_minutes: 15 }]);
    const csv = await staffCall(t, { url: `/results.csv?search=${encodeURIComponent(o.email)}`, token: admin });
    const rows: string[][] = parse(csv.raw.body, { bom: true });
    const column = RESULT_EXPORT_HEADERS.indexOf('Akomodasi');
    expect(rows.map((r) => r[column])).toEqual(['Akomodasi', '×2 dan +5 menit; istirahat 15 menit']);
    const xlsx = await staffCall(t, { url: `/results.xlsx?search=${encodeURIComponent(o.email)}`, token: admin });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Hasil')!.getRow(2).getCell(column + 1).value).toBe('×2 dan +5 menit; istirahat 15 menit');
  });
});

describe('who may', () => {
  it('an operator grants for any member; a proctor reads but may not grant', async () => {
    const o = await institutionMember();
    const operator = await staffToken(t, 'operator@epot.local');
    expect((await grant(o, operator, { factor: 1.5, extra_minutes: 0 })).body).toMatchObject({ status: 200, data: { time_accommodation: { factor: 1.5, break_minutes: 0 } } });
    const proctor = await proctorToken(t, t.seed!.institutionId);
    expect((await listOf(o, proctor)).list![0]!.time_accommodation).toEqual({ factor: 1.5, extra_minutes: 0, break_minutes: 0 });
    expect((await grant(o, proctor, { factor: 2, extra_minutes: 0 })).code).toBe(403);
  });

  it("another institution's admin gets 404; an order that is not the member's is 404", async () => {
    const o = await institutionMember();
    const other = await otherInstitutionAdmin(t);
    expect((await listOf(o, other.token)).code).toBe(404);
    expect((await grant(o, other.token, { factor: 2, extra_minutes: 0 })).code).toBe(404);
    const someoneElse = await institutionMember();
    const mixed = await staffCall(t, { method: 'PUT', url: `/members/${o.userId}/accommodations/${someoneElse.orderId}`, token: admin, payload: { factor: 2, extra_minutes: 0 } });
    expect(mixed.code).toBe(404);
    expect((await listOf(someoneElse)).list![0]!.time_accommodation).toBeNull();
  });
});
