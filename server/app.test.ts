import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../contracts/error.ts';
import { healthResponseSchema } from '../contracts/health.ts';
import { HttpError } from './http-error.ts';
import { SERVER_ERROR_MESSAGE } from './plugins/error-handler.ts';
import { buildTestApp, type TestApp } from '../tests/server-helpers/test-app.ts';
import { testDbKind } from '../tests/server-helpers/test-db.ts';

const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, cb) {
    for (const line of chunk.toString().split('\n')) if (line) logLines.push(JSON.parse(line) as Record<string, unknown>);
    cb();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logStream });
  // Routes that fail on purpose, added before the app is ready.
  t.app.get('/api/test/boom', async () => { throw new Error('connection to 10.0.0.5 refused: secret detail'); });
  t.app.get('/api/test/teapot', async () => { throw new HttpError(418, 'Saya teko'); });
  t.app.post('/api/test/log-body', async (req) => { req.log.info({ body: req.body, headers: req.headers }, 'logged'); return { ok: true }; });
  await t.app.ready();
});
afterAll(async () => { await t?.cleanup(); });

describe('health', () => {
  it('reports the database kind and the applied migrations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(res.json());
    expect(body.data.database).toBe(testDbKind());
    expect(body.data.migration_version).toBeGreaterThan(0);
    expect(body.data.migration_tag).toMatch(/^\d{4}_/);
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('tells the server time without caching', async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/time' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const ms = (res.json() as { data: { server_time_ms: number } }).data.server_time_ms;
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });
});

describe('errors: one shape', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ status: 404, message: 'Endpoint tidak ditemukan' });
  });

  it('names the failing field on validation errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/echo', payload: { email: 'nope', name: 'Budi' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'email: E-mail tidak valid' });

    const missing = await t.app.inject({ method: 'POST', url: '/api/dev/echo', payload: { email: 'a@b.co' } });
    expect(missing.json()).toEqual({ status: 400, message: 'name: wajib diisi' });

    const noBody = await t.app.inject({ method: 'POST', url: '/api/dev/echo' });
    expect(noBody.statusCode).toBe(400);
    expect(errorBodySchema.parse(noBody.json()).message).toMatch(/^body: /);
  });

  it('passes valid input through validation and serialisation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/echo', payload: { email: 'a@b.co', name: 'Budi', age: 30 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'OK', data: { email: 'a@b.co', name: 'Budi', age: 30 } });
  });

  it('rejects malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST', url: '/api/dev/echo', headers: { 'content-type': 'application/json' }, payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 400, message: 'Format JSON tidak valid' });

    const big = await t.app.inject({
      method: 'POST', url: '/api/dev/echo', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ status: 413, message: 'Ukuran data terlalu besar' });
  });

  it('hides internal errors behind a generic 500 and logs them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, message: SERVER_ERROR_MESSAGE });
    expect(res.body).not.toContain('secret detail');
    const logged = logLines.find((l) => l.msg === 'request failed');
    expect(JSON.stringify(logged)).toContain('secret detail');
  });

  it('sends an HttpError as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ status: 418, message: 'Saya teko' });
  });
});

describe('logging', () => {
  it('redacts credentials and secrets', async () => {
    await t.app.inject({
      method: 'POST', url: '/api/test/log-body?token=abc123',
      headers: { authorization: 'Bearer sekret-jwt', cookie: 'sid=sekret-cookie' },
      payload: { email: 'a@b.co', password: 'sekret-pw', nested: { otp: '123456' } },
    });
    const text = logLines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).toContain('a@b.co');
    for (const secret of ['sekret-jwt', 'sekret-cookie', 'sekret-pw', '123456', 'abc123']) expect(text).not.toContain(secret);
  });
});

describe('OpenAPI', () => {
  it('lists the routes under the API base', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/api/health');
    expect(doc.paths).not.toHaveProperty('/api/docs/json');
  });
});

describe('security headers', () => {
  it('are sent on API answers and errors, HSTS only over TLS', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // inject() comes from 127.0.0.1: a trusted (loopback) proxy.
    const tls = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const spoofed = await t.app.inject({
      method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('API base', () => {
  it('mounts the routes under API_BASE', async () => {
    const other = await buildTestApp({ env: { API_BASE: '/v2/api' } });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/v2/api/health' })).statusCode).toBe(200);
      const old = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual({ status: 404, message: 'Endpoint tidak ditemukan' });
    } finally {
      await other.cleanup();
    }
  });
});
