// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prefetchToCache, progressPercent, type PrefetchProgress } from './asset-prefetch.ts';

/** A Cache Storage cache in memory: what was put, by URL (the body read in full, as the Cache API does). */
function memoryCache() {
  const stored = new Map<string, { body: Uint8Array; headers: Headers }>();
  return {
    stored,
    caches: {
      open: async () => ({
        match: async (url: RequestInfo | URL) => {
          const hit = stored.get(String(url));
          return hit ? new Response(hit.body.slice(), { headers: hit.headers }) : undefined;
        },
        put: async (url: RequestInfo | URL, response: Response) => {
          stored.set(String(url), { body: new Uint8Array(await response.arrayBuffer()), headers: response.headers });
        },
      }),
    },
  };
}

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * seed) % 251);

interface Served { body: Uint8Array; status?: number; headers?: Record<string, string>; chunk?: number }

/**
 * A server answering from `files`, in chunks; `gate` holds the stream after its first chunk until
 * released (to abort in the middle). Records every URL fetched.
 */
function fakeServer(files: Record<string, Served>) {
  const fetched: string[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => { release = r; });
  let holdAfterFirstChunk = false;
  const fetch = async (url: string, init: RequestInit) => {
    fetched.push(url);
    const file = files[url];
    if (!file) throw new TypeError('Failed to fetch');
    const size = file.chunk ?? 1000;
    let offset = 0;
    const signal = init.signal;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (offset > 0 && offset < file.body.length && holdAfterFirstChunk) await gate;
        if (signal?.aborted) return controller.error(new DOMException('aborted', 'AbortError'));
        if (offset >= file.body.length) return controller.close();
        controller.enqueue(file.body.slice(offset, offset + size));
        offset += size;
      },
    });
    return new Response(stream, {
      status: file.status ?? 200,
      headers: { 'content-length': String(file.body.length), ...file.headers },
    });
  };
  return { fetch, fetched, hold: () => { holdAfterFirstChunk = true; }, release: () => release() };
}

describe('prefetchToCache', () => {
  it('stores every file with its bytes and reports byte progress that only grows, up to done', async () => {
    const cache = memoryCache();
    const files = { '/models/m.json': { body: bytes(1500) }, '/models/w.bin': { body: bytes(4200, 7) } };
    const server = fakeServer(files);
    const seen: PrefetchProgress[] = [];
    const result = await prefetchToCache(Object.keys(files), { cacheName: 'epot-models', caches: cache.caches, fetch: server.fetch, onProgress: (p) => seen.push(p) });

    expect(result).toMatchObject({ status: 'done', loadedBytes: 5700, totalBytes: 5700, filesDone: 2, files: 2, failed: [] });
    expect([...cache.stored.keys()].sort()).toEqual(['/models/m.json', '/models/w.bin']);
    expect(cache.stored.get('/models/w.bin')!.body).toEqual(files['/models/w.bin'].body);
    // Several steps in between, each no smaller than the one before (both sizes are known after the first round trip).
    const loading = seen.filter((p) => p.status === 'loading' && p.totalBytes === 5700);
    expect(loading.length).toBeGreaterThan(4);
    for (let i = 1; i < loading.length; i++) expect(loading[i]!.loadedBytes).toBeGreaterThanOrEqual(loading[i - 1]!.loadedBytes);
    expect(seen.at(-1)).toEqual(result);
    expect(progressPercent(result)).toBe(100);
  });

  it('does not fetch what the cache holds already (a return visit), and counts it as loaded', async () => {
    const cache = memoryCache();
    const files = { '/a.wasm': { body: bytes(2000) }, '/b.bin': { body: bytes(3000) } };
    const server = fakeServer(files);
    await prefetchToCache(['/a.wasm'], { cacheName: 'c', caches: cache.caches, fetch: server.fetch });
    server.fetched.length = 0;

    const result = await prefetchToCache(['/a.wasm', '/b.bin'], { cacheName: 'c', caches: cache.caches, fetch: server.fetch });
    expect(server.fetched).toEqual(['/b.bin']);
    expect(result).toMatchObject({ status: 'done', loadedBytes: 5000, totalBytes: 5000, filesDone: 2 });
  });

  it('a file that fails (HTTP error or network) is named, the others are still stored, and it never rejects', async () => {
    const cache = memoryCache();
    const server = fakeServer({ '/ok.bin': { body: bytes(1200) }, '/gone.bin': { body: bytes(10), status: 404 } });
    const result = await prefetchToCache(['/ok.bin', '/gone.bin', '/offline.bin'], { cacheName: 'c', caches: cache.caches, fetch: server.fetch });
    expect(result.status).toBe('failed');
    expect(result.failed.sort()).toEqual(['/gone.bin', '/offline.bin']);
    expect(result.filesDone).toBe(1);
    expect([...cache.stored.keys()]).toEqual(['/ok.bin']);
    expect(progressPercent(result)).toBeLessThan(100);
  });

  it('an abort in the middle ends at once as aborted, stores no partial file and keeps finished ones', async () => {
    const cache = memoryCache();
    const server = fakeServer({ '/small.json': { body: bytes(500) }, '/big.bin': { body: bytes(50_000), chunk: 1000 } });
    const controller = new AbortController();
    server.hold();
    const seen: PrefetchProgress[] = [];
    const running = prefetchToCache(['/small.json', '/big.bin'], {
      cacheName: 'c', caches: cache.caches, fetch: server.fetch, signal: controller.signal, onProgress: (p) => seen.push(p),
    });
    await expect.poll(() => seen.some((p) => p.filesDone === 1 && p.loadedBytes > 500)).toBe(true);
    controller.abort();
    server.release();
    const result = await running;
    expect(result.status).toBe('aborted');
    expect([...cache.stored.keys()]).toEqual(['/small.json']);
  });

  it('an encoded response (announced size smaller than the decoded body) never shows more than 100%', async () => {
    const cache = memoryCache();
    const body = bytes(9000);
    const server = fakeServer({ '/x.wasm': { body, headers: { 'content-length': '3000', 'content-encoding': 'br' } } });
    const seen: PrefetchProgress[] = [];
    const result = await prefetchToCache(['/x.wasm'], { cacheName: 'c', caches: cache.caches, fetch: server.fetch, onProgress: (p) => seen.push(p) });
    expect(result).toMatchObject({ status: 'done', loadedBytes: 3000, totalBytes: 3000 });
    for (const p of seen) expect(p.loadedBytes).toBeLessThanOrEqual(p.totalBytes);
    expect(cache.stored.get('/x.wasm')!.body).toEqual(body);
  });

  it('without Cache Storage it fails at once and fetches nothing', async () => {
    const server = fakeServer({ '/a': { body: bytes(10) } });
    const result = await prefetchToCache(['/a'], {
      cacheName: 'c', fetch: server.fetch, caches: { open: () => Promise.reject(new DOMException('denied', 'SecurityError')) },
    });
    expect(result).toMatchObject({ status: 'failed', failed: ['/a'] });
    expect(server.fetched).toEqual([]);
  });
});

describe('progressPercent', () => {
  const p = (over: Partial<PrefetchProgress>): PrefetchProgress => ({ status: 'loading', loadedBytes: 0, totalBytes: 0, filesDone: 0, files: 3, failed: [], ...over });
  it('uses bytes when sizes are known, files before that, and 100 when done', () => {
    expect(progressPercent(p({ loadedBytes: 250, totalBytes: 1000 }))).toBe(25);
    expect(progressPercent(p({ filesDone: 1 }))).toBe(33);
    expect(progressPercent(p({ status: 'done', loadedBytes: 5, totalBytes: 1000 }))).toBe(100);
    expect(progressPercent(p({ files: 0 }))).toBe(0);
  });
});
