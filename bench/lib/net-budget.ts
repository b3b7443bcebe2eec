// The data a candidate's browser sends and receives, from CDP Network events on every target the
// page starts (lib/cdp-targets.ts): downloads are `encodedDataLength` at `loadingFinished` (bytes on
// the wire, headers included); a response from the HTTP cache, the memory cache or a service worker
// crossed no network and is counted apart. Uploads are request bodies: the `Content-Length` of the
// headers Chromium sent (`requestWillBeSentExtraInfo`), else the posted data CDP shows.
import type { Cdp } from './cdp.ts';

export const CATEGORIES = ['photos', 'proctoring', 'autosaves', 'submits', 'audio', 'model+wasm', 'app assets', 'other api'] as const;
export type Category = (typeof CATEGORIES)[number];

/** What a request is, from its URL and method (paths of contracts/api-paths.ts, the SPA's build). */
export function categorise(url: string, method: string): Category {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url;
  }
  if (path.includes('/storage/v1/media/user/upload')) return 'photos';
  if (/\/order\/(update\/violation|proctoring-event|violations)\//.test(path)) return 'proctoring';
  if (path.endsWith('/order/answer/draft')) return 'autosaves';
  if (/\/order\/answer\/?$/.test(path) && method === 'POST') return 'submits';
  if (path.includes('/storage/v1/media/file/')) return 'audio';
  if (path.startsWith('/models/') || path.startsWith('/tfjs-wasm/') || /\.(wasm|onnx)$/.test(path)) return 'model+wasm';
  if (path.startsWith('/api/')) return 'other api';
  return 'app assets';
}

export interface Tally { requests: number; upBytes: number; downBytes: number; cachedRequests: number; cachedBytes: number }
const emptyTally = (): Tally => ({ requests: 0, upBytes: 0, downBytes: 0, cachedRequests: 0, cachedBytes: 0 });

interface Pending {
  url: string;
  method: string;
  phase: string;
  target: string;
  upBytes: number;
  sizeSource: 'content-length' | 'post-data' | 'unknown';
  cached: 'disk' | 'memory' | 'service worker' | 'prefetch' | null;
}

/** Sums `tallies[phase][category]`; `phase` is whatever the caller set when the request left. */
export class NetworkBudget {
  phase = 'load';
  readonly tallies = new Map<string, Map<Category, Tally>>();
  /** Requests by the target that made them (page, worker, service worker). */
  readonly byTarget = new Map<string, Tally>();
  /** How each upload's size was known: 'content-length', 'post-data', or 'unknown'. */
  readonly uploadSizeSources: Record<string, number> = {};
  /** Every finished request, for checking the categories by hand (results JSON). */
  readonly requests: { url: string; method: string; phase: string; target: string; category: Category; upBytes: number; downBytes: number; cached: string | null }[] = [];
  private readonly pending = new Map<string, Pending>();
  /** Content-Length from ExtraInfo events that came before their request (CDP does not order them). */
  private readonly earlyLength = new Map<string, number>();

  constructor(cdp: Cdp, targetType: (sessionId: string | undefined) => string) {
    const key = (p: Record<string, unknown>, s: string | undefined) => `${s ?? ''}:${String(p.requestId)}`;
    cdp.on('Network.requestWillBeSent', (p, s) => {
      const request = p.request as { url: string; method: string; headers: Record<string, string>; postData?: string; postDataEntries?: { bytes?: string }[] };
      if (!/^https?:/.test(request.url)) return;
      const k = key(p, s);
      const prev = this.pending.get(k);
      // A redirect reuses the request id: the hop before it is finished here.
      if (prev && p.redirectResponse) this.finish(k, Number((p.redirectResponse as { encodedDataLength?: number }).encodedDataLength ?? 0));
      const early = this.earlyLength.get(k);
      this.earlyLength.delete(k);
      const fromHeader = early ?? Number(headerValue(request.headers, 'content-length'));
      const posted = request.postData !== undefined ? Buffer.byteLength(request.postData)
        : request.postDataEntries?.reduce((n, e) => n + (e.bytes ? Buffer.from(e.bytes, 'base64').length : 0), 0);
      this.pending.set(k, {
        url: request.url, method: request.method, phase: this.phase, target: targetType(s), cached: null,
        upBytes: fromHeader > 0 ? fromHeader : posted ?? 0,
        sizeSource: fromHeader > 0 ? 'content-length' : posted ? 'post-data' : 'unknown',
      });
    });
    cdp.on('Network.requestWillBeSentExtraInfo', (p, s) => {
      const entry = this.pending.get(key(p, s));
      const length = Number(headerValue(p.headers as Record<string, string>, 'content-length'));
      if (!entry && length > 0) this.earlyLength.set(key(p, s), length);
      if (entry && length > 0) {
        entry.upBytes = length;
        entry.sizeSource = 'content-length';
      }
    });
    cdp.on('Network.requestServedFromCache', (p, s) => {
      const entry = this.pending.get(key(p, s));
      if (entry) entry.cached = 'memory';
    });
    cdp.on('Network.responseReceived', (p, s) => {
      const entry = this.pending.get(key(p, s));
      const r = p.response as { fromDiskCache?: boolean; fromServiceWorker?: boolean; fromPrefetchCache?: boolean };
      if (!entry) return;
      if (r.fromServiceWorker) entry.cached = 'service worker';
      else if (r.fromDiskCache) entry.cached = 'disk';
      else if (r.fromPrefetchCache) entry.cached = 'prefetch';
    });
    cdp.on('Network.loadingFinished', (p, s) => this.finish(key(p, s), Number(p.encodedDataLength ?? 0)));
    cdp.on('Network.loadingFailed', (p, s) => this.finish(key(p, s), 0));
  }

  private finish(k: string, encoded: number) {
    const entry = this.pending.get(k);
    if (!entry) return;
    this.pending.delete(k);
    if (entry.method !== 'GET' && entry.method !== 'HEAD') this.uploadSizeSources[entry.sizeSource] = (this.uploadSizeSources[entry.sizeSource] ?? 0) + 1;
    const phase = this.tallies.get(entry.phase) ?? new Map<Category, Tally>();
    this.tallies.set(entry.phase, phase);
    const category = categorise(entry.url, entry.method);
    this.requests.push({ url: entry.url, method: entry.method, phase: entry.phase, target: entry.target, category, upBytes: entry.upBytes, downBytes: encoded, cached: entry.cached });
    const t = phase.get(category) ?? emptyTally();
    phase.set(category, t);
    const target = this.byTarget.get(entry.target) ?? emptyTally();
    this.byTarget.set(entry.target, target);
    for (const x of [t, target]) {
      x.upBytes += entry.upBytes;
      if (entry.cached) { x.cachedRequests++; x.cachedBytes += encoded; }
      else { x.requests++; x.downBytes += encoded; }
    }
  }

  /** Requests still open (e.g. a long poll) are left out; their count is reported. */
  get openRequests(): number {
    return this.pending.size;
  }

  /** One phase's tallies, every category present. */
  phaseTotals(phase: string): Record<Category, Tally> {
    const out = {} as Record<Category, Tally>;
    for (const c of CATEGORIES) out[c] = { ...(this.tallies.get(phase)?.get(c) ?? emptyTally()) };
    return out;
  }
}

function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}
