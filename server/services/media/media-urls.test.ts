import { describe, expect, it } from 'vitest';
import { parseRange } from './media-files.ts';
import { createMediaUrlSigner, deriveMediaUrlKey } from './media-urls.ts';

const id = '5b0b7c1e-8f1a-4a57-9d0e-2a1f3c4d5e6f';
// The signer reads the time from its clock; each test sets `nowMs`.
let nowMs = Date.UTC(2026, 10, 21, 8, 15);
const clock = { now: () => new Date(nowMs) };
const signer = createMediaUrlSigner(deriveMediaUrlKey(new TextEncoder().encode('a'.repeat(32))), { apiBase: '/api', ttlSeconds: 6 * 3600, clock });
const parse = (url: string) => {
  const u = new URL(url, 'http://x');
  return { path: u.pathname, exp: Number(u.searchParams.get('exp')), sig: u.searchParams.get('sig')! };
};

describe('signed media URLs', () => {
  it('signs a path under the API base that verifies until it expires', () => {
    nowMs = Date.UTC(2026, 10, 21, 8, 15);
    const first = signer.url(id);
    const { path, exp, sig } = parse(first);
    expect(path).toBe(`/api/storage/v1/media/file/${id}`);
    // 6 h, rounded up to the hour: URLs from within one hour are identical (browser cache).
    expect(exp).toBe(Date.UTC(2026, 10, 21, 15) / 1000);
    expect(signer.verify(id, exp, sig)).toBe(true);
    nowMs += 20 * 60_000;
    expect(signer.url(id)).toBe(first);
    nowMs = exp * 1000 - 1000;
    expect(signer.verify(id, exp, sig)).toBe(true);
    nowMs = exp * 1000;
    expect(signer.verify(id, exp, sig)).toBe(false);
  });

  it('refuses another id, another expiry, a changed signature or another key', () => {
    nowMs = Date.UTC(2027, 0, 1, 23, 59);
    const { exp, sig } = parse(signer.url(id));
    expect(signer.verify(id, exp, sig)).toBe(true);
    expect(signer.verify(id.replace('5b', '6b'), exp, sig)).toBe(false);
    expect(signer.verify(id, exp + 3600, sig)).toBe(false);
    expect(signer.verify(id, exp, sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA'))).toBe(false);
    expect(signer.verify(id, exp, sig.slice(0, 20))).toBe(false);
    const other = createMediaUrlSigner(deriveMediaUrlKey(new TextEncoder().encode('b'.repeat(32))), { apiBase: '/api', ttlSeconds: 6 * 3600, clock });
    expect(other.verify(id, exp, sig)).toBe(false);
  });
});

describe('parseRange', () => {
  it('reads one byte range and flags what cannot be served', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    // Multiple ranges are answered with the whole file.
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
