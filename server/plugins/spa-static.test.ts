import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'epot-spa-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>EPOT</title>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('static SPA', () => {
  it('serves index.html for client-side routes (history fallback), never cached', async () => {
    for (const url of ['/', '/epot', '/epot/tes/123?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>EPOT</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp');
    }
  });

  it('caches hashed assets for a year and revalidates sw.js', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['cross-origin-opener-policy']).toBe('same-origin');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the API and missing files as JSON 404s', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: 404, message: 'Endpoint tidak ditemukan' });
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404 });
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: html });
    expect(health.statusCode).toBe(200);
  });
});
