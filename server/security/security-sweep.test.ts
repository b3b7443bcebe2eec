// Security sweep over every API route, enumerated from the app (router table + OpenAPI document):
// which routes are public (an allow-list), another member's ids on every route (403/404), every
// response crawled for answer keys and transcripts, bad tokens on every member route (401), the
// CORS allow-list, the security headers on every answer.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { questionGroups, users } from '../db/schema/index.ts';
import { loadJwtSecret, signAccessToken, TOKEN_TTL_SECONDS } from '../services/accounts/tokens.ts';
import { prepareCandidate, sweepFacts, valuesFor, type Candidate, type SweepFacts } from '../../tests/server-helpers/candidate.ts';
import { answerKeyFields } from '../../tests/server-helpers/exam-attempts.ts';
import { bearer, createMember } from '../../tests/server-helpers/members.ts';
import { fillRoute, routeTable, sampleFromSchema, type RouteInfo } from '../../tests/server-helpers/route-table.ts';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';
import { SERVER_MESSAGES } from '../../contracts/facts/index.ts';

const ALLOWED_ORIGIN = 'https://kampus.example.id';

/**
 * Routes that answer without a member token, and why. A new route that does is a finding until it
 * is listed here.
 */
const PUBLIC_ROUTES: [RegExp, string][] = [
  [/^\/api\/(health|time|public-config|docs\/json)$/, 'status and configuration the SPA reads before login'],
  [/^\/api\/client-errors$/, 'error reports from logged-out pages (rate-limited per IP)'],
  [/^\/api\/dev\//, 'outside production only'],
  [/^\/api\/users\/v1\/member\/(login|auto_login_register|register|forgot-password|verify-forgot-password|change-forgot-password)$/, 'getting a session'],
  [/^\/api\/storage\/v1\/media\/file\/:id$/, 'signed, expiring URL (for <audio>/<img>)'],
  [/^\/api\/public\/v1\/certificate\/:number$/, 'certificate verification by QR (by design, no login)'],
  [/^\/api\/public\/v1\/certificate-status-list$/, 'the signed revocation list every verifier reads (issue 28; no personal data: one bit per certificate)'],
  [/^\/api\/webhooks\/v1\/courier$/, 'signed by the courier (HMAC of the body)'],
  [/^\/api\/public\/v1\/announcement-image\/:id$/, "the operator's announcement images, shown on the test list (only media stored as such)"],
  [/^\/api\/public\/v1\/maintenance-image\/:id$/, "the operator's maintenance screen images, shown on the test list (only media stored as such)"],
];
/** The staff console's API: a member token never opens it (staff-sweep.test.ts covers staff tokens). */
const STAFF_ROUTES = /^\/api\/admin\/v1\//;
/** Staff routes without a staff token: login, and setting a password with a one-time link's code (the code is the key). */
const STAFF_LOGIN = /^\/api\/admin\/v1\/(login|password-set|password-set\/:code)$/;
/** Staff review photos at a signed, short-lived URL (for <img>): no token at all, so a member's answers 403 (the signature). */
const STAFF_SIGNED = /^\/api\/admin\/v1\/review-photos\/:media_id$/;
/** API answers a browser may keep: public announcement/maintenance images, signed media until the URL expires. */
const CACHEABLE = /^\/api\/(public\/v1\/((announcement|maintenance)-image\/:id|certificate-status-list)|storage\/v1\/media\/file\/:id)$/;
/** Public routes whose whole point is to show a record to whoever holds its reference. */
const PUBLIC_BY_DESIGN = [/^\/api\/public\/v1\/certificate\/:number$/];
/** Path parameters and body fields that carry a member's own ids (a body's `license` is a code, not an id). */
const GENERIC_PARAMS = ['id', 'license', 'number'];
const GENERIC_FIELDS = ['id'];
const SPECIFIC_FIELDS = ['order_id', 'sertificate_id', 'image', 'images'];

let t: TestApp;
let routes: RouteInfo[];
let a: Candidate;
let b: Candidate;
let facts: SweepFacts;
const seen: { route: string; body: unknown }[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    seed: true, seedExam: true,
    env: { CORS_ORIGINS: `${ALLOWED_ORIGIN}, https://sekolah.example.id/`, GOOGLE_CLIENT_ID: 'epot-test.apps.googleusercontent.com', COURIER_WEBHOOK_SECRET: 'courier-webhook-secret-for-the-sweep' },
  });
  routes = await routeTable(t.app);
  a = await prepareCandidate(t);
  b = await prepareCandidate(t);
  facts = await sweepFacts(t);
}, 120_000);
afterAll(async () => { await t?.cleanup(); });

interface Built { method: RouteInfo['method']; url: string; payload?: unknown; headers: Record<string, string> }

/** The route's request from its schemas, with `values` for the named fields and parameters. */
function build(route: RouteInfo, values: Record<string, unknown>, authorization?: string): Built {
  const ctx = { valueFor: (name: string) => values[name] };
  const params = Object.fromEntries(route.pathParams.map((p) => [p, String(sampleFromSchema(route.pathSchemas[p] ?? { type: 'string' }, ctx, p))]));
  const query = route.query.map((q) => `${q.name}=${encodeURIComponent(String(sampleFromSchema(q.schema, ctx, q.name)))}`).join('&');
  return {
    method: route.method, url: `${fillRoute(route.url, params)}${query ? `?${query}` : ''}`,
    ...(route.body ? { payload: sampleFromSchema(route.body, ctx) } : {}),
    headers: authorization ? { authorization } : {},
  };
}

async function send(req: Built, route: RouteInfo): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({ method: req.method, url: req.url, headers: req.headers, ...(req.payload !== undefined ? { payload: req.payload as object } : {}) });
  if (String(res.headers['content-type']).startsWith('application/json')) seen.push({ route: `${route.method} ${route.url}`, body: res.json() });
  return res;
}

const key = (r: RouteInfo) => `${r.method} ${r.url}`;
const memberRoutes: RouteInfo[] = [];

describe('route access', () => {
  it('needs a member token on every route except the listed public ones', async () => {
    const unexpected: string[] = [];
    const staffChecked: string[] = [];
    for (const route of routes) {
      if (STAFF_ROUTES.test(route.url)) {
        if (STAFF_LOGIN.test(route.url)) {
          // No staff token needed, but a member token is no credential: never a success.
          const res = await send(build(route, valuesFor(a, route.url, facts), await a.authorization()), route);
          if (res.statusCode < 400) unexpected.push(`${key(route)} answered ${res.statusCode} to a member token`);
          continue;
        }
        const withMember = await send(build(route, valuesFor(a, route.url, facts), await a.authorization()), route);
        const refused = STAFF_SIGNED.test(route.url) ? 403 : 401;
        if (withMember.statusCode !== refused) unexpected.push(`${key(route)} answered ${withMember.statusCode} to a member token`);
        staffChecked.push(key(route));
        continue;
      }
      const anonymous = await send(build(route, valuesFor(a, route.url, facts)), route);
      const own = await send(build(route, valuesFor(a, route.url, facts), await a.authorization()), route);
      if (anonymous.statusCode === 401 && own.statusCode !== 401) memberRoutes.push(route);
      else if (!PUBLIC_ROUTES.some(([re]) => re.test(route.url))) {
        unexpected.push(`${key(route)} answered ${anonymous.statusCode} without a token (${anonymous.body.slice(0, 100)}): list it as public, or make its sample request valid`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(memberRoutes.length).toBeGreaterThanOrEqual(30);
    // Every staff route but login: the console's members, licences and results, and the operator's
    // (companies … shipments, uploads included).
    expect(staffChecked.length).toBeGreaterThanOrEqual(44);
    // The members' privacy requests (issue 19) are staff business only.
    expect(staffChecked).toEqual(expect.arrayContaining([
      'GET /api/admin/v1/privacy-requests', 'GET /api/admin/v1/privacy-requests/:id', 'POST /api/admin/v1/privacy-requests/:id/resend-receipt',
      'POST /api/admin/v1/members/:id/privacy-deletion',
      // Issue 31: the insights (dashboard aggregates, the operator's item analysis).
      'GET /api/admin/v1/insights', 'GET /api/admin/v1/exams/:id/item-analysis', 'GET /api/admin/v1/exams/:id/item-analysis.csv',
    ]));
  }, 60_000);
});

describe("another member's ids", () => {
  it('are refused with 403/404 on every route that takes an id, and nothing of theirs is shown', async () => {
    expect(memberRoutes.length).toBeGreaterThan(0);
    const aIds = [a.ids.startedOrderId, a.ids.startedLicenceId, a.ids.notStartedOrderId, a.ids.completedOrderId, a.ids.mediaId, a.ids.certificateId, a.ids.certificateNumber];
    const aSecrets = [a.user.email, a.ids.completedOrderNo, a.ids.certificateNumber];
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const fields = Object.keys(route.body?.properties ?? {});
      const generic = [...route.pathParams.filter((p) => GENERIC_PARAMS.includes(p)), ...fields.filter((f) => GENERIC_FIELDS.includes(f))];
      const specific = fields.filter((f) => SPECIFIC_FIELDS.includes(f));
      if (generic.length + specific.length === 0) continue;
      const isMember = memberRoutes.includes(route);
      const byDesign = PUBLIC_BY_DESIGN.some((re) => re.test(route.url));
      const bValues = valuesFor(b, route.url, facts);
      const aValues = valuesFor(a, route.url, facts);
      const aSpecific = Object.fromEntries(specific.map((s) => [s, aValues[s]]));
      // All of A's: every generic slot in turn with each of A's ids, A's specific ids too.
      const variants: { values: Record<string, unknown>; strict: boolean }[] = generic.length > 0
        ? aIds.map((id) => ({ values: { ...bValues, ...aSpecific, ...Object.fromEntries(generic.map((s) => [s, id])) }, strict: true }))
        : [{ values: { ...bValues, ...aSpecific }, strict: true }];
      // Mixed: B's own order with A's photo, certificate or order in the other fields.
      if (generic.length > 0 && specific.length > 0) variants.push({ values: { ...bValues, ...aSpecific }, strict: false });
      for (const v of variants) {
        const res = await send(build(route, v.values, isMember ? await b.authorization() : undefined), route);
        checked++;
        const what = `${key(route)} ${JSON.stringify(Object.fromEntries([...generic, ...specific].map((s) => [s, v.values[s]])))}`;
        if (byDesign) continue;
        if (v.strict && isMember && ![403, 404].includes(res.statusCode)) problems.push(`${what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (res.statusCode < 300) problems.push(`${what}: ${res.statusCode} (allowed)`);
        const leaked = aSecrets.filter((s) => res.body.includes(s));
        if (leaked.length > 0) problems.push(`${what}: shows ${leaked.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  }, 120_000);

  it("a signed media URL opens only the file it was signed for", async () => {
    const signed = new URL(facts.signer.url(b.ids.mediaId), 'http://x');
    const forged = `/api/storage/v1/media/file/${a.ids.mediaId}${signed.search}`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${signed.pathname}${signed.search}` })).statusCode).toBe(200);
  });
});

describe('answer keys', () => {
  it('appear in no response of the sweep, nor do listening transcripts', async () => {
    // Every GET route once more as the owner, so each kind of answer is in the crawl.
    for (const route of memberRoutes.filter((r) => r.method === 'GET')) await send(build(route, valuesFor(a, route.url, facts), await a.authorization()), route);
    expect(seen.length).toBeGreaterThan(150);
    expect(new Set(seen.map((s) => s.route)).size).toBeGreaterThan(30);
    expect(seen.flatMap((s) => answerKeyFields(s.body).map((p) => `${s.route} ${p}`))).toEqual([]);
    const transcripts = await t.db.select({ text: questionGroups.transcript }).from(questionGroups).where(isNotNull(questionGroups.transcript));
    expect(transcripts.length).toBeGreaterThan(10);
    const everything = JSON.stringify(seen.map((s) => s.body));
    expect(transcripts.map((r) => r.text!.slice(0, 60)).filter((text) => everything.includes(JSON.stringify(text).slice(1, -1)))).toEqual([]);
  });
});

describe('tokens', () => {
  it('alg:none, expired, revoked, forged and malformed tokens get 401 on every member route', async () => {
    const secret = await loadJwtSecret(t.db, undefined);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    // Revoked for real: a logout ends every earlier token.
    const c = await createMember(t.db);
    const revoked = await bearer(t.app, c.user);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/v1/member/logout', headers: { authorization: revoked } })).statusCode).toBe(200);
    const [current] = await t.db.select().from(users).where(eq(users.id, a.user.id));
    const tokens: Record<string, string> = {
      'alg:none': `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: a.user.id, tv: current!.token_version, exp: now + 600 })}.`,
      expired: `Bearer ${await signAccessToken(secret, current!, new Date((now - TOKEN_TTL_SECONDS - 1) * 1000))}`,
      revoked,
      'other key': `Bearer ${await signAccessToken(randomBytes(32), current!, t.clock.now())}`,
      HS512: `Bearer ${await new SignJWT({ tv: current!.token_version }).setProtectedHeader({ alg: 'HS512' }).setSubject(a.user.id).setExpirationTime('1h').sign(secret)}`,
      'unknown member': `Bearer ${await signAccessToken(secret, { id: randomUUID(), token_version: 0 }, t.clock.now())}`,
      garbage: 'Bearer eyJ.garbage.x',
      'no scheme': await signAccessToken(secret, current!, t.clock.now()),
    };
    const problems: string[] = [];
    for (const route of memberRoutes) {
      for (const [name, authorization] of Object.entries(tokens)) {
        const res = await send(build(route, valuesFor(a, route.url, facts), authorization), route);
        if (res.statusCode !== 401 || res.json<{ message: string }>().message !== SERVER_MESSAGES.sessionExpired) problems.push(`${key(route)} ${name}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('CORS', () => {
  const health = (origin: string, app = t) => app.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
  const preflight = (origin: string, app = t) => app.app.inject({
    method: 'OPTIONS', url: '/api/users/v1/member/order/answer/draft',
    headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' },
  });

  it('answers allow-listed origins only (exact match)', async () => {
    for (const origin of [ALLOWED_ORIGIN, 'https://sekolah.example.id']) {
      const res = await health(origin);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers.vary)).toMatch(/origin/i);
      const pre = await preflight(origin);
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(origin);
      expect(String(pre.headers['access-control-allow-methods'])).toContain('PUT');
      expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    }
    for (const origin of ['https://evil.example', `${ALLOWED_ORIGIN}.evil.example`, 'http://kampus.example.id', 'null']) {
      expect((await health(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
      expect((await preflight(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('sends no CORS headers at all by default (same origin only)', async () => {
    const bare = await buildTestApp();
    try {
      for (const origin of [ALLOWED_ORIGIN, 'https://evil.example']) {
        expect((await health(origin, bare)).headers['access-control-allow-origin']).toBeUndefined();
        expect((await preflight(origin, bare)).headers['access-control-allow-origin']).toBeUndefined();
      }
    } finally {
      await bare.cleanup();
    }
  });

  it('refuses a CORS_ORIGINS that is not a list of origins', () => {
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example.id/ ,https://b.example.id' }).corsOrigins).toEqual(['https://a.example.id', 'https://b.example.id']);
    for (const bad of ['*', 'a.example.id', 'https://a.example.id/path', 'https://*.example.id']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('security headers', () => {
  function headerProblems(res: LightMyRequestResponse, tls: boolean): string[] {
    const out: string[] = [];
    const csp = String(res.headers['content-security-policy'] ?? '');
    const directive = (d: string) => csp.split(';').map((x) => x.trim()).find((x) => x.startsWith(`${d} `)) ?? '';
    const scripts = directive('script-src') || directive('default-src');
    if (!scripts) out.push('no script-src');
    if (/'unsafe-inline'|'unsafe-eval'|\*|data:/.test(scripts)) out.push(`script-src allows too much: ${scripts}`);
    if (directive('frame-ancestors') !== "frame-ancestors 'none'") out.push(`frame-ancestors: ${directive('frame-ancestors')}`);
    if (/'unsafe-inline'/.test(directive('default-src'))) out.push('default-src unsafe-inline');
    if (res.headers['x-content-type-options'] !== 'nosniff') out.push('no nosniff');
    const hsts = res.headers['strict-transport-security'];
    if (tls && !/max-age=\d{7,}/.test(String(hsts))) out.push(`HSTS over TLS: ${String(hsts)}`);
    if (!tls && hsts !== undefined) out.push('HSTS over plain http');
    return out;
  }

  it('are on every route answer: CSP without unsafe-inline scripts, frame-ancestors none, nosniff; HSTS only behind TLS', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const req = build(route, valuesFor(a, route.url, facts), await a.authorization());
      for (const [tls, headers] of [[false, {}], [true, { 'x-forwarded-proto': 'https' }]] as const) {
        const res = await t.app.inject({ method: req.method, url: req.url, headers: { ...req.headers, ...headers }, ...(req.payload !== undefined ? { payload: req.payload as object } : {}) });
        problems.push(...headerProblems(res, tls).map((p) => `${key(route)} (${res.statusCode}${tls ? ', https' : ''}): ${p}`));
        // Issue 29 item 14: every API answer is no-store but the few meant to be cached (and their errors).
        const cache = String(res.headers['cache-control'] ?? '');
        if (!/\bno-store\b/.test(cache) && !(CACHEABLE.test(route.url) && res.statusCode < 400)) problems.push(`${key(route)} (${res.statusCode}): cache-control "${cache}"`);
      }
    }
    // Not from a trusted proxy: X-Forwarded-Proto is ignored, so no HSTS.
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    expect(problems).toEqual([]);
  }, 60_000);

  it('are on the SPA, static files, unknown paths and router errors too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'epot-spa-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>EPOT</title><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(dir, 'app.js'), 'console.log(1)');
    const spa = await buildTestApp({ staticDir: dir });
    try {
      for (const url of ['/', '/login', '/app.js', '/api/nope', '/api/company/v1/get/company/%zz', `/api/company/v1/get/company/${'x'.repeat(300)}`]) {
        const res = await spa.app.inject({ method: 'GET', url });
        const problems = headerProblems(res, false).filter((p) => res.statusCode < 400 || p === 'no nosniff');
        if (url.startsWith('/api/')) expect(res.headers['cache-control'], url).toBe('no-store');
        expect(problems, `${url} ${res.statusCode}`).toEqual([]);
      }
    } finally {
      await spa.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
