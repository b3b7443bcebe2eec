// Staff IDOR sweep over every staff route, enumerated from the app: an institution admin sends each
// request with another institution's ids (path `:id`, `?institution=`) and gets 404, as if they did
// not exist; the owning institution's admin, with the same request, never gets 404 (so the 404 is
// the scope, not a bad sample). Routes with nothing to scope are listed with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo-seed.ts';
import { SHELL_ACTOR } from '../services/staff/audit.ts';
import { createStaff } from '../services/staff/staff-accounts.ts';
import { createMember } from '../../tests/server-helpers/members.ts';
import { fillRoute, routeTable, sampleFromSchema, type RouteInfo } from '../../tests/server-helpers/route-table.ts';
import { otherInstitutionAdmin, proctorToken, staffCall, staffToken } from '../../tests/server-helpers/staff.ts';
import { randomBytes } from 'node:crypto';
import { licences, media, orders, violations } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';

/** Staff routes without another institution's data to reach, and why. */
const UNSCOPED: [RegExp, string][] = [
  [/\/(login|me|logout-everywhere|totp\/enrol|totp\/confirm)$/, "the caller's own account"],
  [/\/audit$/, "no id: always filtered to the caller's institution (admin.test.ts)"],
  [/\/members\/template\.csv$/, 'a static template'],
  [/\/review-photos\/:media_id$/, 'a signed, short-lived photo URL (no token); only the scoped attempt routes hand it out'],
  [/\/password-set(\/:code)?$/, 'no token: the one-time code is the key, and it names its own account only (staff-accounts.test.ts)'],
];
/** Proctor review routes (issue 17): another institution's proctor gets 404 on them too. */
const REVIEW_ROUTES = /\/(attempts|reviews|institutions\/:id\/(review-settings|review-agreement|rule-simulation))/;
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
  const batch = await staffCall(t, { method: 'POST', url: '/licence-batches', token: admin, payload: { product_id: t.seed!.productId, count: 3, expires_at: '2026-12-31T00:00:00Z' } });
  // Privacy requests (issue 19): a deletion of the demo institution's (its receipt can be re-sent),
  // and a member the sweep's own deletion request may take.
  const { user: deleted } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
  const { user: deletable } = await createMember(t.db, { is_b2b: true, institution_id: t.seed!.institutionId, company_id: t.seed!.companyId });
  const request = await staffCall(t, { method: 'POST', url: `/members/${deleted.id}/privacy-deletion`, token: admin, payload: { note: 'Permintaan lewat email untuk uji sapu' } });
  const proctor = await createStaff(t.db, { email: 'pengawas.sapu@epot.local', role: 'proctor', institutionId: t.seed!.institutionId }, SHELL_ACTOR, t.clock.now());
  Object.assign(ids, {
    institution: t.seed!.institutionId, member: user.id, batch: (batch.body.data as { batch: { id: string } }).batch.id,
    privacyRequest: (request.body.data as { id: string }).id, deletable: deletable.id, staff: proctor.id,
  });
  // The member's disqualified attempt with a violation photo: the review routes' :order_id and
  // :media_id, and the accommodation routes' :order_id (/members/:id/accommodations/:order_id).
  const [lic] = await t.db.insert(licences).values({ code_hash: randomBytes(16).toString('hex'), code_hint: 'SWEP', product_id: t.seed!.productId, institution_id: t.seed!.institutionId, redeemed_by: user.id }).returning();
  const [order] = await t.db.insert(orders).values({
    order_no: `EPOT-SWEEP-${randomBytes(3).toString('hex')}`, user_id: user.id, license_id: lic!.id, product_id: t.seed!.productId, institution_id: t.seed!.institutionId,
    meta: { job: 'Mahasiswa', certificate_for: 'Beasiswa' }, status: 'disqualified', started_at: t.clock.now(), disqualified_at: t.clock.now(), disqualified_reason: 'violations:open_new_tab',
  }).returning();
  const [photo] = await t.db.insert(media).values({ title: 'foto', source: 'upload', type: 'image', mime: 'image/jpeg', storage_key: `${randomBytes(8).toString('hex')}.jpg`, byte_size: 10, owner_user_id: user.id }).returning();
  await t.db.insert(violations).values({ order_id: order!.id, section: 'structure', counter_type: 'open_new_tab', image_media_id: photo!.id });
  Object.assign(ids, { order: order!.id, photo: photo!.id });
  // Issue 30: a test-day session of the demo institution (the session routes' :id).
  const session = await staffCall(t, { method: 'POST', url: '/sessions', token: admin, payload: {
    name: 'Sesi sapu', opens_at: '2026-03-08T09:00:00+07:00', last_start_at: '2026-03-08T10:00:00+07:00', closes_at: '2026-03-08T12:00:00+07:00', member_ids: [user.id],
  } });
  ids.session = (session.body.data as { id: string }).id;
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

/** The demo institution's id for what the route's `:id` names. */
function idFor(url: string): string {
  if (url.includes('/sessions/')) return ids.session!;
  if (url.endsWith('/privacy-deletion')) return ids.deletable!;
  if (url.includes('/privacy-requests/')) return ids.privacyRequest!;
  if (url.includes('/members/')) return ids.member!;
  if (url.includes('/licence-batches/')) return ids.batch!;
  if (url.includes('/staff/')) return ids.staff!;
  return ids.institution!;
}

function build(route: RouteInfo) {
  const values: Record<string, unknown> = { id: idFor(route.url), user_id: ids.member, order_id: ids.order, media_id: ids.photo, institution: ids.institution, institution_id: ids.institution, product_id: t.seed!.productId, email: 'sweep@sekolah.id', expires_at: '2026-12-31T00:00:00Z', csv: 'email,fullname\nsweep2@sekolah.id,Sapu', note: 'Permintaan lewat surat untuk uji sapu' };
  const ctx = { valueFor: (name: string) => values[name] };
  const params = Object.fromEntries(route.pathParams.map((p) => [p, String(sampleFromSchema(route.pathSchemas[p] ?? { type: 'string' }, ctx, p))]));
  const query = route.query.filter((q) => q.name === 'institution').map((q) => `${q.name}=${encodeURIComponent(String(sampleFromSchema(q.schema, ctx, q.name)))}`).join('&');
  return { method: route.method as 'GET' | 'POST' | 'PUT', url: `${fillRoute(route.url, params)}${query ? `?${query}` : ''}`, ...(route.body ? { payload: sampleFromSchema(route.body, ctx) } : {}) };
}

describe('staff scope sweep', () => {
  it("answers 404 on every scoped staff route to another institution's admin", async () => {
    const other = await otherInstitutionAdmin(t);
    const otherProctor = await proctorToken(t, other.institutionId);
    const owner = await staffToken(t, 'admin.lembaga@epot.local', DEMO_PASSWORD);
    const findings: string[] = [];
    let checked = 0;
    let reviewChecked = 0;
    for (const route of routes) {
      if (UNSCOPED.some(([re]) => re.test(route.url)) || OPERATOR_ONLY.test(route.url)) continue;
      const req = build(route);
      const foreign = await staffCall(t, { ...req, token: other.token });
      if (foreign.code !== 404) findings.push(`${route.method} ${route.url}: ${foreign.code} to another institution's admin (${foreign.raw.body.slice(0, 80)})`);
      else if (foreign.raw.body.includes(ids.member!) || foreign.raw.body.includes('Lembaga Demo')) findings.push(`${route.method} ${route.url}: the 404 leaks data`);
      if (REVIEW_ROUTES.test(route.url)) {
        const byProctor = await staffCall(t, { ...req, token: otherProctor });
        if (byProctor.code !== 404) findings.push(`${route.method} ${route.url}: ${byProctor.code} to another institution's proctor`);
        reviewChecked++;
      }
      const own = await staffCall(t, { ...req, token: owner });
      if (own.code === 404) findings.push(`${route.method} ${route.url}: 404 to its own admin too: the sample request is not valid`);
      // Issue 29 item 14: staff answers (exports included) are never kept by a browser or proxy.
      if (!/\bno-store\b/.test(String(own.raw.headers['cache-control']))) findings.push(`${route.method} ${route.url}: cache-control ${String(own.raw.headers['cache-control'])}`);
      checked++;
    }
    expect(findings).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(35);
    // Issue 31: the dashboard aggregates are among the scoped routes.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/admin/v1/insights');
    expect(reviewChecked).toBeGreaterThanOrEqual(9);
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
    // Issue 31: the item analysis is the operator's only.
    expect(operatorRoutes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/admin/v1/exams/:id/item-analysis', '/api/admin/v1/exams/:id/item-analysis.csv']));
  }, 120_000);
});
