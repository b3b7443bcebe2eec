import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../cli/precompress.ts';
import { buildTestApp, type TestApp } from '../../tests/server-helpers/test-app.ts';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const BIG_JS = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'epot-spa-'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>EPOT</title>${'<!-- padding -->'.repeat(100)}`);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'big-def456.js'), BIG_JS);
  mkdirSync(join(dir, 'models'));
  writeFileSync(join(dir, 'models', 'weights.bin'), randomBytes(4096));
  precompressDir(dir);
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

describe('precompressed files (server/cli/precompress.ts)', () => {
  it('the build step writes .br and .gz only where they save space', () => {
    expect(existsSync(join(dir, 'assets', 'big-def456.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'big-def456.js.gz'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'app-abc123.js.br'))).toBe(false); // under 1 KB
    expect(existsSync(join(dir, 'models', 'weights.bin.br'))).toBe(false); // random bytes do not shrink
  });

  it('Accept-Encoding br gets the brotli copy with the file\'s own type, Vary and cache policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(BIG_JS.length / 2);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_JS);
  });

  it('gzip when brotli is not accepted; the plain file (still with Vary) when neither is', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('the history fallback sends index.html compressed and still never cached; incompressible files go as they are', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/epot/tes/123', headers: { ...html, 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>EPOT</title>');
    const root = await t.app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'br' } });
    expect(root.headers['content-encoding']).toBe('br');
    expect(root.headers['cache-control']).toBe('no-cache');
    const bin = await t.app.inject({ method: 'GET', url: '/models/weights.bin', headers: { 'accept-encoding': 'br, gzip' } });
    expect(bin.statusCode).toBe(200);
    expect(bin.headers['content-encoding']).toBeUndefined();
    expect(bin.rawPayload.length).toBe(4096);
  });
});
