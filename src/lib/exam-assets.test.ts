// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { FACE_MODEL_URL, MODEL_CACHE_NAME, TFJS_WASM_PATH } from '../../contracts/facts/static-assets.ts';
import { createExamAssets, examAssetsAtom, examAssetUrls, wasmSimdSupported } from './exam-assets.ts';

const simd = { validate: () => true };
const noSimd = { validate: () => false };

describe('the exam assets list', () => {
  it('is the face model and the WASM binary tfjs will pick; nothing when face detection will not run', () => {
    expect(examAssetUrls({ face: true }, simd)).toEqual([
      '/models/blazeface/model.json', '/models/blazeface/group1-shard1of1.bin', '/tfjs-wasm/tfjs-backend-wasm-simd.wasm',
    ]);
    expect(examAssetUrls({ face: true }, noSimd).at(-1)).toBe('/tfjs-wasm/tfjs-backend-wasm.wasm');
    expect(examAssetUrls({ face: true }, null)).toEqual(['/models/blazeface/model.json', '/models/blazeface/group1-shard1of1.bin']);
    expect(examAssetUrls({ face: false }, simd)).toEqual([]);
  });

  it('the SIMD probe is a valid module that needs SIMD (Node has it)', () => {
    expect(wasmSimdSupported(WebAssembly)).toBe(true);
    expect(wasmSimdSupported({ validate: () => { throw new Error('no'); } })).toBe(false);
    expect(wasmSimdSupported(null)).toBe(false);
  });

  it('names the URLs the face-detector worker loads and the cache the service worker serves them from', () => {
    // The worker keeps its own literals (it may not import the SPA): they must be these.
    const read = (p: string) => readFileSync(new URL(p, import.meta.url), 'utf8');
    expect(read('../../workers/face-detector/face-detector.worker.ts')).toContain(`'${FACE_MODEL_URL}'`);
    expect(read('../../workers/face-detector/backends.ts')).toContain(`'${TFJS_WASM_PATH}'`);
    expect(read('../../vite.config.ts')).toMatch(/cacheName: MODEL_CACHE_NAME/);
    expect(MODEL_CACHE_NAME).toBe('epot-models');
  });
});

/** A server that counts fetches per URL; `failing` answers 503 for those URLs. */
function deps(failing = new Set<string>()) {
  const fetched: string[] = [];
  const stored = new Map<string, Response>();
  return {
    fetched,
    stored,
    caches: {
      open: async (name: string) => {
        expect(name).toBe(MODEL_CACHE_NAME);
        return {
          match: async (url: RequestInfo | URL) => stored.get(String(url))?.clone(),
          put: async (url: RequestInfo | URL, r: Response) => { stored.set(String(url), new Response(await r.arrayBuffer())); },
        };
      },
    },
    fetch: async (url: string) => {
      fetched.push(url);
      return failing.has(url) ? new Response('down', { status: 503 }) : new Response(new Uint8Array(100), { headers: { 'content-length': '100' } });
    },
  };
}

describe('createExamAssets', () => {
  it('one run for the app: a second call joins it; the atom ends done; settled waits for it', async () => {
    const store = createStore();
    const d = deps();
    const assets = createExamAssets({ store, wasm: simd, caches: d.caches, fetch: d.fetch });
    const first = assets.prefetch({ face: true });
    const second = assets.prefetch({ face: true });
    expect(second).toBe(first);
    await assets.settled();
    expect(d.fetched).toHaveLength(3);
    expect(store.get(examAssetsAtom)).toMatchObject({ status: 'done', files: 3, filesDone: 3, loadedBytes: 300 });
    // Done: later calls (another device check) reuse the result without fetching.
    await assets.prefetch({ face: true });
    expect(d.fetched).toHaveLength(3);
  });

  it('a failed run is tried again by the next call, fetching only what is missing', async () => {
    const store = createStore();
    const failing = new Set(['/models/blazeface/group1-shard1of1.bin']);
    const d = deps(failing);
    const assets = createExamAssets({ store, wasm: simd, caches: d.caches, fetch: d.fetch });
    expect((await assets.prefetch({ face: true })).status).toBe('failed');
    expect(store.get(examAssetsAtom)).toMatchObject({ status: 'failed', failed: ['/models/blazeface/group1-shard1of1.bin'] });
    failing.clear();
    d.fetched.length = 0;
    expect((await assets.prefetch({ face: true })).status).toBe('done');
    expect(d.fetched).toEqual(['/models/blazeface/group1-shard1of1.bin']);
  });

  it('abort ends the run as aborted; with no run, settled resolves at once', async () => {
    const store = createStore();
    const assets = createExamAssets({ store, wasm: simd, caches: deps().caches, fetch: (_url, init) => new Promise((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }) });
    await assets.settled();
    const run = assets.prefetch({ face: true });
    assets.abort();
    expect(store.get(examAssetsAtom).status).toBe('aborted');
    expect((await run).status).toBe('aborted');
    await assets.settled();
    // The next device check starts afresh instead of joining the aborted run.
    const again = assets.prefetch({ face: true });
    expect(again).not.toBe(run);
    assets.abort();
    expect((await again).status).toBe('aborted');
  });

  it('nothing to fetch when the test has no face detection', async () => {
    const store = createStore();
    const d = deps();
    const result = await createExamAssets({ store, wasm: simd, caches: d.caches, fetch: d.fetch }).prefetch({ face: false });
    expect(result).toMatchObject({ status: 'done', files: 0 });
    expect(d.fetched).toEqual([]);
  });
});
