// Staff IDOR sweep over every staff route, enumerated from the app: an institution admin sends each
// request with another institution's ids (path `:id`, `?institution=`) and gets 404, as if they did
// not exist; the owning institution's admin, with the same request, never gets 404 (so the 404 is
// the scope, not a bad sample). Routes with nothing to scope are listed with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo-seed.ts';
import { orderFor } from '../../tests/server-helpers/exam-attempts.ts';
import { createMember } from '../../tests/server-helpers/members.ts';
import { fillRoute, routeTable, sampleFromSchema, type RouteInfo } from '../../tests/server-helpers/route-table.ts';
import { otherInstitutionAdmin, staffCall, staffToken } from '../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';

/** Staff routes without another institution's data to reach, and why. */
const UNSCOPED: [RegExp, string][] = [
  [/\/(login|me|logout-everywhere|totp\/enrol|totp\/confirm)$/, "the caller's own account"],
  [/\/audit$/, "no id: always filtered to the caller's institution (admin.test.ts)"],
  [/\/members\/template\.csv$/, 'a static template'],
];
/** The operator's routes (server/routes/admin/operator): 403 to every institution admin, whatever the ids. */
const OPERATOR_ONLY = /^\/api\/admin\/v1\/(companies|institutions$|institutions\/:id$|exams|certificates|shipments)/;

let t: TestApp;
let routes: RouteInfo[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ seed: true, now: '2026-03-07T08:00:00Z' });
  routes = (await routeTable(t.app)).filter((r) => r.url.startsWith('/api/admin/v1/'));
  const admin = await staffToken(t, 'admin.lembaga@epot.local', DEMO_PASSWORD);
  const { user } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
  // The member's order, for the accommodation routes (/members/:id/accommodations/:order_id).
  const order = await orderFor(t, user, 'not_started', t.seed!.institutionId);
  const batch = await staffCall(t, { method: 'POST', url: '/licence-batches', token: admin, payload: { product_id: t.seed!.productId, count: 3, expires_at: '2026-12-31T00:00:00Z' } });
  Object.assign(ids, { institution: t.seed!.institutionId, member: user.id, order: order.orderId, batch: (batch.body.data as { batch: { id: string } }).batch.id });
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

/** The demo institution's id for what the route's `:id` names. */
function idFor(url: string): string {
  if (url.includes('/members/')) return ids.member!;
  if (url.includes('/licence-batches/')) return ids.batch!;
  return ids.institution!;
}

function build(route: RouteInfo) {
  const values: Record<string, unknown> = { id: idFor(route.url), order_id: ids.order, institution: ids.institution, product_id: t.seed!.productId, email: 'sweep@sekolah.id', expires_at: '2026-12-31T00:00:00Z', csv: 'email,fullname\nsweep2@sekolah.id,Sapu' };
  const ctx = { valueFor: (name: string) => values[name] };
  const params = Object.fromEntries(route.pathParams.map((p) => [p, String(sampleFromSchema(route.pathSchemas[p] ?? { type: 'string' }, ctx, p))]));
  const query = route.query.filter((q) => q.name === 'institution').map((q) => `${q.name}=${encodeURIComponent(String(sampleFromSchema(q.schema, ctx, q.name)))}`).join('&');
  return { method: route.method as 'GET' | 'POST' | 'PUT', url: `${fillRoute(route.url, params)}${query ? `?${query}` : ''}`, ...(route.body ? { payload: sampleFromSchema(route.body, ctx) } : {}) };
}

describe('staff scope sweep', () => {
  it("answers 404 on every scoped staff route to another institution's admin", async () => {
    const other = await otherInstitutionAdmin(t);
    const owner = await staffToken(t, 'admin.lembaga@epot.local', DEMO_PASSWORD);
    const findings: string[] = [];
    let checked = 0;
    for (const route of routes) {
      if (UNSCOPED.some(([re]) => re.test(route.url)) || OPERATOR_ONLY.test(route.url)) continue;
      const req = build(route);
      const foreign = await staffCall(t, { ...req, token: other.token });
      if (foreign.code !== 404) findings.push(`${route.method} ${route.url}: ${foreign.code} to another institution's admin (${foreign.raw.body.slice(0, 80)})`);
      else if (foreign.raw.body.includes(ids.member!) || foreign.raw.body.includes('Lembaga Demo')) findings.push(`${route.method} ${route.url}: the 404 leaks data`);
      const own = await staffCall(t, { ...req, token: owner });
      if (own.code === 404) findings.push(`${route.method} ${route.url}: 404 to its own admin too: the sample request is not valid`);
      checked++;
    }
    expect(findings).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(19);
  }, 120_000);

  it('answers 403 on every operator route to institution admins (the owning one too), with nothing of the data', async () => {
    const other = await otherInstitutionAdmin(t);
    const owner = await staffToken(t, 'admin.lembaga@epot.local', DEMO_PASSWORD);
    const findings: string[] = [];
    const operatorRoutes = routes.filter((r) => OPERATOR_ONLY.test(r.url));
    for (const route of operatorRoutes) {
      for (const token of [other.token, owner]) {
        const r = await staffCall(t, { ...build(route), token });
        if (r.code !== 403) findings.push(`${route.method} ${route.url}: ${r.code} to an institution admin`);
        else if (r.raw.body.includes('Lembaga Demo')) findings.push(`${route.method} ${route.url}: the 403 leaks data`);
      }
    }
    expect(findings).toEqual([]);
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(17);
  }, 120_000);
});
