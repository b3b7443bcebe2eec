// CDP network helpers for the browser benchmarks: a log of what each request received over the wire
// (`Network.loadingFinished`'s encodedDataLength, with the time it finished on the Node clock), and
// network emulation on the page and on the targets it starts (workers, its service worker).
//
// `Network.emulateNetworkConditions` applies to the target whose session receives it; workers and
// service workers are targets of their own. The page's session auto-attaches to them (Target.setAutoAttach,
// not flattened, so Playwright's own sessions are left alone) and sends them the same conditions;
// `targets()` names every target that acknowledged them, so the output says which were throttled.
import type { CDPSession } from '@playwright/test';

/** Bytes received: one entry per `Network.dataReceived` chunk, plus what `loadingFinished` adds to them. */
interface Entry { id: string; url: string; bytes: number; at: number; cached: boolean; source: string }

export interface NetworkLog {
  entries: Entry[];
  /** Bytes received by the page's workers and service worker, by target. */
  workerBytes(): Record<string, number>;
  /** Feeds a child target's Network event (from throttleTargets). */
  childEvent(source: string, method: string, params: Record<string, unknown>): void;
}

interface Pending { url: string; cached: boolean; counted: number }

function recorder(entries: Entry[], source: string) {
  const pending = new Map<string, Pending>();
  return (method: string, p: Record<string, unknown>) => {
    const id = `${source}:${String(p.requestId)}`;
    const req = pending.get(id);
    const add = (bytes: number) => {
      if (!req || bytes <= 0 || req.url.startsWith('data:')) return;
      req.counted += bytes;
      entries.push({ id, url: req.url, bytes, at: Date.now(), cached: req.cached, source });
    };
    if (method === 'Network.requestWillBeSent') {
      pending.set(id, { url: String((p.request as { url: string }).url), cached: false, counted: 0 });
    } else if (method === 'Network.responseReceived' && req) {
      const r = p.response as { fromServiceWorker?: boolean; fromDiskCache?: boolean; fromPrefetchCache?: boolean };
      req.cached = Boolean(r.fromServiceWorker || r.fromDiskCache || r.fromPrefetchCache);
    } else if (method === 'Network.dataReceived') {
      add(Number(p.encodedDataLength ?? 0));
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      add(Number(p.encodedDataLength ?? 0) - (req?.counted ?? 0));
      pending.delete(id);
    }
  };
}

export async function attachNetworkLog(cdp: CDPSession): Promise<NetworkLog> {
  const entries: Entry[] = [];
  const page = recorder(entries, 'page');
  const children = new Map<string, ReturnType<typeof recorder>>();
  cdp.on('Network.requestWillBeSent', (p) => page('Network.requestWillBeSent', p as unknown as Record<string, unknown>));
  cdp.on('Network.responseReceived', (p) => page('Network.responseReceived', p as unknown as Record<string, unknown>));
  cdp.on('Network.dataReceived', (p) => page('Network.dataReceived', p as unknown as Record<string, unknown>));
  cdp.on('Network.loadingFinished', (p) => page('Network.loadingFinished', p as unknown as Record<string, unknown>));
  cdp.on('Network.loadingFailed', (p) => page('Network.loadingFailed', p as unknown as Record<string, unknown>));
  await cdp.send('Network.enable');
  return {
    entries,
    workerBytes() {
      const out: Record<string, number> = {};
      for (const e of entries) if (e.source !== 'page') out[e.source] = (out[e.source] ?? 0) + e.bytes;
      return out;
    },
    childEvent(source, method, params) {
      let rec = children.get(source);
      if (!rec) children.set(source, (rec = recorder(entries, source)));
      rec(method, params);
    },
  };
}

/** Bytes received over the wire between two Node times (every target), the requests that brought them, and the largest. */
export function bytesBetween(net: NetworkLog, from: number, to: number) {
  const inside = net.entries.filter((e) => e.at >= from && e.at <= to);
  const path = (url: string) => { try { return new URL(url).pathname; } catch { return url; } };
  const perRequest = new Map<string, { url: string; bytes: number }>();
  for (const e of inside) {
    const r = perRequest.get(e.id) ?? { url: `${e.source === 'page' ? '' : `${e.source} `}${path(e.url)}`, bytes: 0 };
    r.bytes += e.bytes;
    perRequest.set(e.id, r);
  }
  return {
    bytes: inside.reduce((n, e) => n + e.bytes, 0),
    requests: perRequest.size,
    top: [...perRequest.values()].sort((a, b) => b.bytes - a.bytes).slice(0, 6),
  };
}

export interface NetworkConditions { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number }

export async function throttleTargets(cdp: CDPSession, conditions: NetworkConditions, net: NetworkLog, { workers = true } = {}) {
  await cdp.send('Network.emulateNetworkConditions', conditions);
  const throttled = ['page'];
  if (!workers) return { targets: () => [...throttled, 'workers not attached (SLOW_NET_PAGE_ONLY)'] };
  const labels = new Map<string, string>();
  const awaiting = new Map<number, string>();
  let nextId = 1;
  const sendTo = (sessionId: string, method: string, params: object = {}) => {
    const id = nextId++;
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => undefined);
    return id;
  };
  cdp.on('Target.attachedToTarget', (e) => {
    const name = e.targetInfo.url.split('/').pop()?.replace(/-[\w-]{8}\.js$/, '') || e.targetInfo.url;
    const label = `${e.targetInfo.type}:${name}`;
    labels.set(e.sessionId, label);
    sendTo(e.sessionId, 'Network.enable');
    awaiting.set(sendTo(e.sessionId, 'Network.emulateNetworkConditions', conditions), label);
    if (e.waitingForDebugger) sendTo(e.sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const msg = JSON.parse(e.message) as { id?: number; error?: unknown; method?: string; params?: Record<string, unknown> };
    if (msg.id !== undefined && awaiting.has(msg.id)) {
      const label = awaiting.get(msg.id)!;
      awaiting.delete(msg.id);
      throttled.push(msg.error ? `${label} (NOT throttled: ${JSON.stringify(msg.error)})` : label);
    } else if (msg.method?.startsWith('Network.') && msg.params) {
      net.childEvent(labels.get(e.sessionId) ?? 'child', msg.method, msg.params);
    }
  });
  const attach = await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false })
    .then(() => null, (error: unknown) => String(error));
  if (attach) throttled.push(`workers NOT throttled (Target.setAutoAttach: ${attach})`);
  return { targets: () => [...new Set(throttled)] };
}
