// Fetches files into a Cache Storage cache ahead of their use, with byte progress. The page writes
// the cache itself (the Cache API needs no service worker), so it works on a first visit too, before
// the service worker controls the page; the service worker's CacheFirst route for the same cache name
// answers the workers' later requests from it. Plain and injectable, so Node tests drive it.

export interface PrefetchProgress {
  status: 'idle' | 'loading' | 'done' | 'failed' | 'aborted';
  /** Bytes received so far (files already cached count in full). */
  loadedBytes: number;
  /** Known total: the sum of the sizes the server announced; grows while responses arrive. */
  totalBytes: number;
  filesDone: number;
  files: number;
  /** The URLs that could not be fetched or stored, when `status` is 'failed'. */
  failed: string[];
}

export const idleProgress: PrefetchProgress = { status: 'idle', loadedBytes: 0, totalBytes: 0, filesDone: 0, files: 0, failed: [] };

type CacheLike = Pick<Cache, 'match' | 'put'>;

export interface PrefetchDeps {
  cacheName: string;
  caches?: { open(name: string): Promise<CacheLike> };
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  signal?: AbortSignal;
  onProgress?: (progress: PrefetchProgress) => void;
  /** Files fetched at once; by default all, so every size is known after the first round trip. */
  concurrency?: number;
}

/** The size the server announced for the bytes the body yields; null when unknown (encoded or missing). */
function decodedLength(response: Response): number | null {
  const length = Number(response.headers.get('content-length'));
  const encoding = response.headers.get('content-encoding');
  if (!Number.isFinite(length) || length <= 0) return null;
  return encoding && encoding !== 'identity' ? null : length;
}

interface Tally { loaded: number[]; total: number[]; done: number; failed: string[] }

/**
 * Puts every URL into `cacheName` unless it is there already. Never rejects: a file that fails is
 * named in the final progress ('failed'), and the caller decides what that means (the exam then loads
 * it from the network as before). An abort stops at once ('aborted'); files already stored stay.
 */
export async function prefetchToCache(urls: readonly string[], deps: PrefetchDeps): Promise<PrefetchProgress> {
  const { cacheName, signal, onProgress, concurrency = urls.length } = deps;
  const doFetch = deps.fetch ?? ((url, init) => fetch(url, init));
  const tally: Tally = { loaded: urls.map(() => 0), total: urls.map(() => 0), done: 0, failed: [] };
  const snapshot = (status: PrefetchProgress['status']): PrefetchProgress => ({
    status,
    loadedBytes: tally.loaded.reduce((a, b) => a + b, 0),
    totalBytes: tally.total.reduce((a, b) => a + b, 0),
    filesDone: tally.done,
    files: urls.length,
    failed: [...tally.failed],
  });
  const report = () => onProgress?.(snapshot('loading'));
  if (!urls.length) return finish(snapshot('done'), onProgress);

  let cache: CacheLike;
  try {
    cache = await (deps.caches ?? globalThis.caches).open(cacheName);
  } catch {
    // No Cache Storage (an insecure origin, a private window that refuses it): nothing to do here.
    tally.failed.push(...urls);
    return finish(snapshot('failed'), onProgress);
  }
  report();

  const one = async (i: number) => {
    const url = urls[i]!;
    const cached = await cache.match(url);
    if (cached) {
      const size = Number(cached.headers.get('content-length')) || (await cached.blob()).size;
      tally.loaded[i] = tally.total[i] = size;
      return;
    }
    const response = await doFetch(url, { signal, credentials: 'same-origin' });
    if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
    const announced = decodedLength(response);
    // An encoded response announces its compressed size; the body yields more: count up to it.
    const cap = Number(response.headers.get('content-length')) || 0;
    tally.total[i] = announced ?? cap;
    report();
    const [toCache, toCount] = response.body.tee();
    const stored = cache.put(url, new Response(toCache, { status: response.status, statusText: response.statusText, headers: response.headers }));
    stored.catch(() => undefined); // awaited below; an abort may reject it before then
    const reader = toCount.getReader();
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      tally.loaded[i] = tally.total[i] ? Math.min(received, tally.total[i]) : 0;
      report();
    }
    await stored;
    if (!tally.total[i]) tally.total[i] = received;
    tally.loaded[i] = tally.total[i];
  };

  let next = 0;
  const lane = async () => {
    while (next < urls.length && !signal?.aborted) {
      const i = next++;
      try {
        await one(i);
        tally.done++;
      } catch {
        if (signal?.aborted) return;
        tally.failed.push(urls[i]!);
        tally.loaded[i] = 0;
      }
      report();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, urls.length)) }, lane));
  if (signal?.aborted) return finish(snapshot('aborted'), onProgress);
  return finish(snapshot(tally.failed.length ? 'failed' : 'done'), onProgress);
}

function finish(progress: PrefetchProgress, onProgress?: (p: PrefetchProgress) => void): PrefetchProgress {
  onProgress?.(progress);
  return progress;
}

/** 0..100 for a progress bar; files stand in while no size is known yet (and after a failure). */
export function progressPercent(p: PrefetchProgress): number {
  if (p.status === 'done') return 100;
  if (p.status === 'failed') return p.files ? Math.round((p.filesDone / p.files) * 100) : 0;
  if (p.totalBytes > 0) return Math.min(100, Math.round((p.loadedBytes / p.totalBytes) * 100));
  return p.files ? Math.round((p.filesDone / p.files) * 100) : 0;
}
