// Issue 31: the staff insights routes. The operator's item analysis (JSON and CSV; 403 to an
// institution admin), the institution dashboard scoped to the caller's institution, its
// comparison group hidden below INSIGHTS_MIN_COMPARISON_GROUP, and the reads audited.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_ANALYSIS_CSV_HEADERS, type InsightsResponse, type ItemAnalysisResponse } from '../../../contracts/admin-insights.ts';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import { INSIGHTS_MIN_COMPARISON_GROUP } from '../../../contracts/facts/index.ts';
import { activeExamId, insertSimulatedAttempts, planItems } from '../../../tests/server-helpers/insights-simulation.ts';
import { auditOf, otherInstitutionAdmin, staffCall, staffToken } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';

let t: TestApp;
let examId: string;
let operator: string;
let admin: string;
let other: { institutionId: string; token: string };
const API = '/api';

beforeAll(async () => {
  t = await buildTestApp({ seed: true, seedExam: true, now: '2026-11-28T08:00:00Z' });
  examId = await activeExamId(t.db);
  const items = await planItems(t.db, examId, 7);
  other = await otherInstitutionAdmin(t);
  const base = { companyId: t.seed!.companyId, productId: t.seed!.productId, examId, items };
  // 25 of the demo institution over three months, 10 of the other institution.
  await insertSimulatedAttempts(t.db, { ...base, institutionId: t.seed!.institutionId, count: 25, seed: 11, completedAt: (i) => new Date(Date.UTC(2026, 8 + (i % 3), 10, 3)) });
  await insertSimulatedAttempts(t.db, { ...base, institutionId: other.institutionId, count: 10, seed: 12, completedAt: () => new Date(Date.UTC(2026, 9, 5, 3)) });
  operator = await staffToken(t, 'operator@epot.local');
  admin = await staffToken(t, 'admin.lembaga@epot.local');
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

describe('item analysis routes', () => {
  const url = () => `${API}${fillPath(apiPaths.adminOperator.examItemAnalysis, { id: examId })}`;
  const csvUrl = () => `${API}${fillPath(apiPaths.adminOperator.examItemAnalysisCsv, { id: examId })}`;

  it('gives the operator the figures and the CSV, and audits both', async () => {
    const r = await staffCall(t, { url: url(), token: operator });
    expect(r.code).toBe(200);
    const data = r.body.data as ItemAnalysisResponse;
    expect(data).toMatchObject({ exam_id: examId, attempts: 35, min_attempts: 30, sufficient: true });
    expect(data.sections.map((s) => s.section)).toEqual(['listening', 'structure', 'reading']);
    const csv = await staffCall(t, { url: csvUrl(), token: operator });
    expect(csv.code).toBe(200);
    expect(csv.raw.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(csv.raw.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...ITEM_ANALYSIS_CSV_HEADERS]);
    expect(rows).toHaveLength(data.items.length);
    expect(Number(rows[0]!.p)).toBeCloseTo(data.items[0]!.p!, 4);
    const audit = (await auditOf(t, 'insights.item_analysis')).filter((e) => e.target_id === examId);
    expect(audit.map((e) => (e.after as { format: string }).format).sort()).toEqual(['csv', 'json']);
  });

  it('is the operator\'s only: 403 to an institution admin, 404 for an unknown exam', async () => {
    expect((await staffCall(t, { url: url(), token: admin })).code).toBe(403);
    expect((await staffCall(t, { url: csvUrl(), token: admin })).code).toBe(403);
    const unknown = `${API}${fillPath(apiPaths.adminOperator.examItemAnalysis, { id: '00000000-0000-4000-8000-000000000000' })}`;
    expect((await staffCall(t, { url: unknown, token: operator })).code).toBe(404);
  });
});

describe('dashboard', () => {
  const dash = async (token: string, query = '') => staffCall(t, { url: `${API}${apiPaths.admin.insights}${query}`, token });

  it("shows an institution admin their own institution's aggregates, with the comparison", async () => {
    const r = await dash(admin);
    expect(r.code).toBe(200);
    const d = r.body.data as InsightsResponse;
    expect(d.candidates).toBe(25);
    expect(d.total_histogram.reduce((s, b) => s + b.count, 0)).toBe(25);
    for (const s of d.sections) expect(s.histogram.reduce((sum, b) => sum + b.count, 0)).toBe(25);
    expect(d.levels.reduce((s, l) => s + l.count, 0)).toBe(25);
    expect(d.cefr.reduce((s, l) => s + l.share, 0)).toBeCloseTo(1, 10);
    expect(d.trend.map((m) => [m.month, m.n])).toEqual([['2026-09', 9], ['2026-10', 8], ['2026-11', 8]]);
    expect(d.comparison).toMatchObject({ scope: { n: 25 }, all: { n: 35 } });
    expect(d.min_comparison_group).toBe(INSIGHTS_MIN_COMPARISON_GROUP);
    expect((await auditOf(t, 'insights.dashboard')).some((e) => e.institution_id === t.seed!.institutionId)).toBe(true);
  });

  it('hides the comparison below the minimum group and filters the period', async () => {
    const mine = (await dash(other.token)).body.data as InsightsResponse;
    expect(mine.candidates).toBe(10);
    expect(mine.comparison).toBeNull();
    const october = (await dash(admin, '?from=2026-10-01&to=2026-10-31')).body.data as InsightsResponse;
    expect(october.candidates).toBe(8);
    expect(october.comparison).toBeNull(); // 8 and 18: both under 20
  });

  it("narrows to a test-day session's members (issue 30); another institution's session answers 404", async () => {
    const five = await t.db.select({ user_id: orders.user_id }).from(orders)
      .where(and(eq(orders.institution_id, t.seed!.institutionId), eq(orders.status, 'completed'))).limit(5);
    const created = await staffCall(t, { method: 'POST', url: '/sessions', token: admin, payload: {
      name: 'Kohort lima', opens_at: '2026-11-28T09:00:00+07:00', last_start_at: '2026-11-28T10:00:00+07:00', closes_at: '2026-11-28T23:00:00+07:00',
      member_ids: five.map((r) => r.user_id),
    } });
    expect(created.code).toBe(200);
    const id = (created.body.data as { id: string }).id;
    const cohort = (await dash(admin, `?session=${id}`)).body.data as InsightsResponse;
    expect(cohort.candidates).toBe(5);
    expect(cohort.comparison).toBeNull(); // 5: under the minimum group
    expect((await dash(other.token, `?session=${id}`)).code).toBe(404);
  });

  it("gives another institution's admin nothing of the first one's data", async () => {
    expect((await dash(other.token, `?institution=${t.seed!.institutionId}`)).code).toBe(404);
    const op = (await dash(operator, `?institution=${t.seed!.institutionId}`)).body.data as InsightsResponse;
    expect(op.candidates).toBe(25);
  });
});
