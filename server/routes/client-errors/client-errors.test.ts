import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { scrub } from './index.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
  t = await buildTestApp({ logStream });
});
afterAll(async () => { await t?.cleanup(); });

describe('client error reports', () => {
  it('lands in the structured log without personal data', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: {
      kind: 'worker', worker: 'face-detector', path: '/epot/abc/reading?code=ABCD',
      message: 'boom for siti@contoh.ac.id with eyJhbGciOi.eyJzdWIi.c2lnbmF0dXJl and 081234567890',
      stack: 'Error: boom\n at x (app.js:1:2)',
    } });
    expect(res.statusCode).toBe(200);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; client_error?: Record<string, string> })
      .find((l) => l.msg === 'client error');
    expect(logged?.client_error).toMatchObject({ kind: 'worker', worker: 'face-detector', path: '/epot/abc/reading' });
    const text = JSON.stringify(logged);
    expect(text).not.toContain('siti@contoh.ac.id');
    expect(text).not.toContain('081234567890');
    expect(text).not.toContain('eyJhbGciOi');
  });

  it('refuses malformed reports and rate-limits per IP', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { kind: 'nope' } })).statusCode).toBe(400);
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/api/client-errors', remoteAddress: '203.0.113.7',
        payload: { kind: 'error', message: 'x', path: '/' } })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('scrubs licence codes and query strings', () => {
    expect(scrub('code ABCD-EFGH-JKLM at /x?otp=123&y=2')).toBe('code [code] at /x?otp=[redacted]&y=[redacted]');
  });
});
