// One memory sample of a proctored page: every Chromium process's PSS (lib/proc-memory.ts) and the
// page's own `performance.measureUserAgentSpecificMemory()` (needs cross-origin isolation; Chromium
// answers at the next garbage collection, up to about 20 s later, unless launched with
// --enable-blink-features=ForceEagerMeasureMemory, which collects at once).
import type { Page } from '@playwright/test';
import { chromiumMemory } from './proc-memory.ts';
import type { ProcMemory } from './proc-memory.ts';

export interface UaMemory {
  /** null when the call failed or did not answer in time (then `error` says which). */
  totalMb: number | null;
  /** By realm: 'Window', 'DedicatedWorkerGlobalScope:<file>', … */
  byScopeMb: Record<string, number>;
  /** By kind: 'JavaScript', 'DOM', 'Canvas', 'Shared', … */
  byTypeMb: Record<string, number>;
  tookMs: number;
  error: string | null;
}

export interface MemorySample {
  /** Seconds since the start of the measured window. */
  t: number;
  processes: ProcMemory[];
  /** PSS per process type, summed (renderer, gpu-process, utility:network, browser, zygote…). */
  pssByTypeMb: Record<string, number>;
  /** The exam tab's renderer: the renderer with the most PSS (see `examRenderer`). */
  examRendererPssMb: number | null;
  totalPssMb: number;
  ua: UaMemory | null;
}

/**
 * The exam tab's renderer among Chromium's processes: the renderer with the most PSS. The benchmark's
 * context has one page and Chromium runs without a spare renderer; CDP does not map targets to
 * processes, and the two other renderers the runs show stay at 30-60 MB each, while the exam page's
 * (the app, the workers with the model and their WASM heaps, the camera frames) is several times that
 * from the first sample on.
 */
export function examRenderer(processes: ProcMemory[]): ProcMemory | null {
  return processes.filter((p) => p.type === 'renderer').sort((a, b) => b.pssMb - a.pssMb)[0] ?? null;
}

export function summariseProcesses(t: number, processes: ProcMemory[]): Omit<MemorySample, 'ua'> {
  const pssByTypeMb: Record<string, number> = {};
  for (const p of processes) pssByTypeMb[p.type] = r1((pssByTypeMb[p.type] ?? 0) + p.pssMb);
  return {
    t,
    processes,
    pssByTypeMb,
    examRendererPssMb: examRenderer(processes)?.pssMb ?? null,
    totalPssMb: r1(processes.reduce((a, p) => a + p.pssMb, 0)),
  };
}

/** `performance.measureUserAgentSpecificMemory()` on the page, given up after `timeoutMs`. */
export async function uaMemory(page: Page, timeoutMs: number): Promise<UaMemory> {
  // tsx compiles with esbuild's keepNames: functions sent to the page call its __name helper.
  await page.evaluate('window.__name = (f) => f');
  return page.evaluate(async (timeout) => {
    const started = performance.now();
    const fail = (error: string) => ({ totalMb: null, byScopeMb: {}, byTypeMb: {}, tookMs: Math.round(performance.now() - started), error });
    type Breakdown = { bytes: number; attribution: { url: string; scope: string }[]; types: string[] };
    const perf = performance as unknown as { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number; breakdown: Breakdown[] }> };
    if (!crossOriginIsolated) return fail('the page is not cross-origin isolated');
    if (!perf.measureUserAgentSpecificMemory) return fail('measureUserAgentSpecificMemory is not available');
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const result = await Promise.race([
        perf.measureUserAgentSpecificMemory(),
        new Promise<null>((r) => (timer = setTimeout(() => r(null), timeout))),
      ]);
      if (!result) return fail(`no answer within ${timeout} ms`);
      const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;
      const byScope: Record<string, number> = {};
      const byType: Record<string, number> = {};
      for (const e of result.breakdown) {
        if (!e.bytes) continue;
        const scopes = e.attribution.length
          ? e.attribution.map((a) => (a.scope === 'Window' ? 'Window' : `${a.scope}:${a.url.split('/').pop()?.split('?')[0] ?? a.url}`))
          : ['unattributed'];
        for (const s of scopes) byScope[s] = (byScope[s] ?? 0) + e.bytes / scopes.length;
        const type = e.types.join('+') || 'unspecified';
        byType[type] = (byType[type] ?? 0) + e.bytes;
      }
      const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, mb(v)]));
      return { totalMb: mb(result.bytes), byScopeMb: round(byScope), byTypeMb: round(byType), tookMs: Math.round(performance.now() - started), error: null };
    } catch (error) {
      return fail(String(error));
    } finally {
      clearTimeout(timer);
    }
  }, timeoutMs);
}

/** PSS of every process at once, then (optionally) the page's own measurement. */
export async function sampleMemory(opts: { t: number; browserPid: number; page: Page | null; uaTimeoutMs: number }): Promise<MemorySample> {
  const procs = summariseProcesses(opts.t, chromiumMemory(opts.browserPid));
  const ua = opts.page ? await uaMemory(opts.page, opts.uaTimeoutMs).catch((e: unknown) => ({ totalMb: null, byScopeMb: {}, byTypeMb: {}, tookMs: 0, error: String(e) })) : null;
  return { ...procs, ua };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
