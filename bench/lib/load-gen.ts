// The load generator of bench/server-load.ts, in the benchmark's own process (it shares the 2 cores
// with the server and PostgreSQL, so its CPU is measured and reported with every run).
// - 'burst': autocannon at a fixed rate, as the earlier figures were made. autocannon sends each
//   second's requests per connection at once; PHASES staggered instances spread them a little.
// - 'poisson': requests arrive one by one at exponentially distributed gaps (a Poisson process at
//   the same mean rate), as candidates whose timers started at random moments; sent over a
//   keep-alive agent with no cap on concurrent requests, so a slow server is seen as latency, not
//   as a slower arrival rate (an open loop, unlike autocannon's connections).
import { Agent, request as httpRequest } from 'node:http';
import autocannon, { type RawRequest } from 'autocannon';

export type Shape = 'burst' | 'poisson';
export interface Req { method: string; path: string; headers: Record<string, string>; body?: string | Buffer }
export interface Stats {
  endpoint: string; offered_rps: number | null; requests: number; rps: number;
  p50_ms: number; p97_5_ms: number; p99_ms: number; max_ms: number; errors: number; statuses: Record<string, number>;
}
export interface Load {
  endpoint: string;
  /** Requests per second over all candidates (null: closed loop, `amount` requests over `connections`). */
  rate: number | null;
  amount?: number;
  connections?: number;
  next: () => Req;
}

const PHASES = 5;
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
export const round = (n: number) => Math.round(n * 10) / 10;

class Recorder {
  latencies: number[] = [];
  statuses: Record<string, number> = {};
  errors = 0;
  add(status: number | 'network', ms: number) {
    if (status !== 'network') this.latencies.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status === 'network' || status >= 400) this.errors++;
  }
  stats(endpoint: string, offered: number | null, elapsedS: number): Stats {
    const sorted = this.latencies.sort((a, b) => a - b);
    return {
      endpoint, offered_rps: offered, requests: sorted.length, rps: round(sorted.length / Math.max(1, elapsedS)),
      p50_ms: round(percentile(sorted, 50)), p97_5_ms: round(percentile(sorted, 97.5)), p99_ms: round(percentile(sorted, 99)),
      max_ms: round(sorted.at(-1) ?? 0), errors: this.errors, statuses: this.statuses,
    };
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 2048 });

/** One request over the shared keep-alive agent; resolves with its status and milliseconds. */
export function send(base: string, r: Req): Promise<{ status: number | 'network'; ms: number; body: string }> {
  const u = new URL(r.path, base);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest({ agent, host: u.hostname, port: u.port, method: r.method, path: u.pathname + u.search, headers: r.headers, timeout: 30_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, body }));
      res.on('error', () => resolve({ status: 'network', ms: performance.now() - t0, body }));
    });
    req.on('error', () => resolve({ status: 'network', ms: performance.now() - t0, body: '' }));
    req.on('timeout', () => req.destroy());
    req.end(r.body);
  });
}

/** Arrival times (ms from 0) over `seconds` at `rate` per second: bursts at each second, or a Poisson process. */
export function arrivals(shape: Shape, rate: number, seconds: number): number[] {
  const out: number[] = [];
  if (shape === 'burst') {
    for (let s = 0; s < seconds; s++) for (let i = 0; i < Math.round(rate); i++) out.push(s * 1000);
    return out;
  }
  for (let t = -Math.log(1 - Math.random()) / rate * 1000; t < seconds * 1000; t += -Math.log(1 - Math.random()) / rate * 1000) out.push(t);
  return out;
}

/** Fires `fire(i)` at each arrival time (a 1 ms timer fires every arrival that is due). */
export async function schedule(times: number[], fire: (i: number) => Promise<void>): Promise<void> {
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let i = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now() - started;
      while (i < times.length && times[i]! <= now) pending.push(fire(i++));
      if (i < times.length) setTimeout(tick, Math.max(0, Math.min(5, times[i]! - now))); else resolve();
    };
    tick();
  });
  await Promise.all(pending);
}

async function poisson(urls: string[], load: Load & { rate: number }, seconds: number): Promise<Stats> {
  const rec = new Recorder();
  const t0 = performance.now();
  let n = 0;
  await schedule(arrivals('poisson', load.rate, seconds), async () => {
    const r = await send(urls[n++ % urls.length]!, load.next());
    rec.add(r.status, r.ms);
  });
  return rec.stats(load.endpoint, load.rate, (performance.now() - t0) / 1000);
}

async function viaAutocannon(urls: string[], load: Load, seconds: number): Promise<Stats> {
  const rec = new Recorder();
  const t0 = performance.now();
  const phases = load.rate === null ? 1 : Math.min(PHASES, Math.ceil(load.rate));
  const rate = load.rate === null ? undefined : Math.max(1, Math.round(load.rate / phases));
  await Promise.all(Array.from({ length: phases }, (_, i) => new Promise<void>((resolve, reject) => {
    setTimeout(() => {
      const inst = autocannon({
        url: urls[i % urls.length]!, duration: seconds, timeout: 10,
        connections: rate ?? load.connections ?? 10, ...(rate ? { overallRate: rate } : {}), ...(load.amount ? { amount: load.amount } : {}),
        requests: [{ setupRequest: (req) => ({ ...req, ...(load.next() as RawRequest) }) }],
      }, (err) => (err ? reject(err) : resolve()));
      inst.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => rec.add(status, ms));
      inst.on('reqError', () => rec.add('network', 0));
    }, load.rate === null ? 0 : (i * 1000) / phases);
  })));
  return rec.stats(load.endpoint, rate === undefined ? null : rate * phases, (performance.now() - t0) / 1000);
}

/** Runs the loads at once for `seconds`; per-endpoint figures. `urls`: one per server process, used in turn. */
export async function drive(urls: string[], loads: Load[], seconds: number, shape: Shape): Promise<Stats[]> {
  return Promise.all(loads.map((l) => (shape === 'poisson' && l.rate !== null ? poisson(urls, { ...l, rate: l.rate }, seconds) : viaAutocannon(urls, l, seconds))));
}

/** The CPU this process used over a piece of work, in cores. */
export async function withOwnCpu<T>(work: () => Promise<T>): Promise<{ result: T; cores: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await work();
  const c = process.cpuUsage(c0);
  return { result, cores: Math.round(((c.user + c.system) / 1000 / (performance.now() - t0)) * 100) / 100 };
}
