// Where a page's main thread spends its long tasks (issue 16, `--profile`): a Chromium trace of the
// window (devtools.timeline events and the V8 sampling profiler's ProfileChunks), summarised as the
// renderer main thread's tasks over 50 ms, the self time by trace event (script, style, layout,
// paint, GC…) and the self time by JavaScript function, inside those tasks and overall. Minified
// positions are mapped back to sources with the build's source maps (a small VLQ reader below; the
// project has no source-map dependency).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface TraceEvent {
  name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; id?: string;
  args?: { name?: string; data?: { startTime?: number; cpuProfile?: { nodes?: CpuNode[]; samples?: number[] }; timeDeltas?: number[] } };
}
interface CpuNode { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }

export interface TraceSummary {
  main_thread: { pid: number; tid: number };
  window_ms: number;
  busy_ms: number;
  long_tasks: { start_ms: number; duration_ms: number; top: string }[];
  /** Self time per trace event name, inside long tasks and over the whole window. */
  events_in_long_tasks: { name: string; self_ms: number }[];
  events_overall: { name: string; self_ms: number }[];
  /** Self time per JS function (sampled), inside long tasks and over the whole window. */
  functions_in_long_tasks: { fn: string; where: string; self_ms: number }[];
  functions_overall: { fn: string; where: string; self_ms: number }[];
  /** Self time per source (package or project folder) inside long tasks. */
  sources_in_long_tasks: { source: string; self_ms: number }[];
}

const LONG_US = 50_000;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

// --- source maps: VLQ "mappings" decoded per generated line -------------------------------------
const B64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));
type Seg = [col: number, src: number, line: number, scol: number, name: number];
interface SourceMap { sources: string[]; names: string[]; lines: Seg[][] }

function decodeMappings(mappings: string): Seg[][] {
  const lines: Seg[][] = [];
  let src = 0, line = 0, scol = 0, name = 0;
  for (const l of mappings.split(';')) {
    const segs: Seg[] = [];
    let col = 0;
    for (const s of l.split(',')) {
      if (!s) continue;
      const vals: number[] = [];
      let v = 0, shift = 0;
      for (const c of s) {
        const d = B64.get(c)!;
        v += (d & 31) << shift;
        if (d & 32) shift += 5;
        else { vals.push(v & 1 ? -(v >>> 1) : v >>> 1); v = 0; shift = 0; }
      }
      col += vals[0]!;
      if (vals.length >= 4) { src += vals[1]!; line += vals[2]!; scol += vals[3]!; }
      if (vals.length >= 5) name += vals[4]!;
      segs.push([col, vals.length >= 4 ? src : -1, line, scol, vals.length >= 5 ? name : -1]);
    }
    lines.push(segs);
  }
  return lines;
}

export function makeResolver(assetsDir: string | undefined): (url: string, line: number, col: number) => string | null {
  const maps = new Map<string, SourceMap | null>();
  return (url, line, col) => {
    if (!assetsDir || !url) return null;
    const file = url.split('?')[0]!.split('/').pop()!;
    if (!maps.has(file)) {
      const p = join(assetsDir, `${file}.map`);
      const raw = existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as { sources: string[]; names: string[]; mappings: string }) : null;
      maps.set(file, raw ? { sources: raw.sources, names: raw.names, lines: decodeMappings(raw.mappings) } : null);
    }
    const m = maps.get(file);
    const segs = m?.lines[line];
    if (!m || !segs?.length) return null;
    let hit: Seg | undefined;
    for (const s of segs) { if (s[0] <= col) hit = s; else break; }
    if (!hit || hit[1] < 0) return null;
    const source = m.sources[hit[1]]!.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
    return `${source}:${hit[2] + 1}${hit[4] >= 0 ? ` (${m.names[hit[4]]})` : ''}`;
  };
}

function sourceGroup(where: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (nm) return nm[1]!;
  const m = /^((?:src|workers|contracts)\/[^/]+(?:\/[^/:]+)?)\//.exec(where);
  return m ? m[1]! : where.replace(/:\d+.*$/, '');
}

const topN = <K>(m: Map<K, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const ms = (us: number) => Math.round(us / 100) / 10;

/** Summarises a Chromium trace (JSON with traceEvents) of one page; `assetsDir` holds the build's `*.js.map`. */
export function summariseTrace(trace: { traceEvents: TraceEvent[] } | TraceEvent[], assetsDir?: string, top = 25): TraceSummary {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // The renderer main thread that did the most work (the exam page; others are idle frames).
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'X' && TASK_NAMES.has(e.name)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  }
  const mainKey = mains.sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  if (!mainKey) throw new Error('no CrRendererMain thread in the trace');
  const [pid, tid] = mainKey.split(':').map(Number) as [number, number];
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = onMain.filter((e) => TASK_NAMES.has(e.name));
  const longTasks = tasks.filter((t) => t.dur! > LONG_US);
  const t0 = Math.min(...onMain.map((e) => e.ts));
  const t1 = Math.max(...onMain.map((e) => e.ts + e.dur!));
  const inLong = (ts: number) => longTasks.some((t) => ts >= t.ts && ts < t.ts + t.dur!);

  // Self time per trace event: each complete event minus its direct children (events nest on one thread).
  const evAll = new Map<string, number>();
  const evLong = new Map<string, number>();
  const stack: { e: TraceEvent; child: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= upTo) {
      const { e, child } = stack.pop()!;
      const self = Math.max(0, e.dur! - child);
      evAll.set(e.name, (evAll.get(e.name) ?? 0) + self);
      if (inLong(e.ts)) evLong.set(e.name, (evLong.get(e.name) ?? 0) + self);
      if (stack.length) stack.at(-1)!.child += e.dur!;
    }
  };
  for (const e of onMain) { close(e.ts); stack.push({ e, child: 0 }); }
  close(Infinity);

  // Sampled JS: ProfileChunks of the main thread's profile; a sample's time from the cumulative deltas.
  const resolve = makeResolver(assetsDir);
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id));
  const nodes = new Map<number, CpuNode>();
  const fnAll = new Map<string, number>();
  const fnLong = new Map<string, number>();
  const srcLong = new Map<string, number>();
  const named = new Map<string, string>();
  const keyOf = (n: CpuNode) => {
    const { functionName = '', url = '', lineNumber = -1, columnNumber = -1 } = n.callFrame;
    const raw = `${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    const k = `${functionName || '(anonymous)'}\t${raw}`;
    if (!named.has(k)) named.set(k, resolve(url, lineNumber, columnNumber) ?? (url ? raw : '(native)'));
    return k;
  };
  let start = 0;
  const chunks = events.filter((e) => (e.name === 'ProfileChunk' || e.name === 'Profile') && profileIds.has(e.id)).sort((a, b) => a.ts - b.ts);
  let clock = 0;
  for (const c of chunks) {
    if (c.name === 'Profile') { start = c.args?.data?.startTime ?? c.ts; clock = start; continue; }
    const d = c.args?.data;
    for (const n of d?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const samples = d?.cpuProfile?.samples ?? [];
    const deltas = d?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      clock += deltas[i] ?? 0;
      const dt = deltas[i + 1] ?? 0; // a sample stands for the time to the next one
      const n = nodes.get(samples[i]!);
      if (!n || ['(idle)', '(root)'].includes(n.callFrame.functionName)) continue;
      const k = keyOf(n);
      fnAll.set(k, (fnAll.get(k) ?? 0) + dt);
      if (inLong(clock)) {
        fnLong.set(k, (fnLong.get(k) ?? 0) + dt);
        const g = n.callFrame.url ? sourceGroup(named.get(k)!) : n.callFrame.functionName || '(native)';
        srcLong.set(g, (srcLong.get(g) ?? 0) + dt);
      }
    }
  }
  const fnRows = (m: Map<string, number>) => topN(m, top).map(([k, v]) => ({ fn: k.split('\t')[0]!, where: named.get(k)!, self_ms: ms(v) }));

  // A long task's biggest self-time trace event names it ("FunctionCall", "Layout"…).
  const longRows = longTasks.map((t) => {
    const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + t.dur!);
    const names = new Map<string, number>();
    for (const e of inside) names.set(e.name, (names.get(e.name) ?? 0) + e.dur!);
    return { start_ms: ms(t.ts - t0), duration_ms: ms(t.dur!), top: topN(names, 4).map(([n, v]) => `${n} ${ms(v)}`).join(', ') };
  });
  return {
    main_thread: { pid, tid },
    window_ms: ms(t1 - t0),
    busy_ms: ms(tasks.reduce((a, t) => a + t.dur!, 0)),
    long_tasks: longRows,
    events_in_long_tasks: topN(evLong, top).map(([name, v]) => ({ name, self_ms: ms(v) })),
    events_overall: topN(evAll, top).map(([name, v]) => ({ name, self_ms: ms(v) })),
    functions_in_long_tasks: fnRows(fnLong),
    functions_overall: fnRows(fnAll),
    sources_in_long_tasks: topN(srcLong, top).map(([source, v]) => ({ source, self_ms: ms(v) })),
  };
}

/** Prints a summary as short tables. */
export function printTraceSummary(s: TraceSummary, out: (line: string) => void = console.log): void {
  out(`Main thread profile (trace of ${s.window_ms} ms; tasks ${s.busy_ms} ms; ${s.long_tasks.length} tasks over 50 ms)`);
  for (const t of s.long_tasks) out(`  long task at ${t.start_ms} ms: ${t.duration_ms} ms — ${t.top} (ms, inclusive)`);
  out('Self time by trace event, inside long tasks (ms): ' + s.events_in_long_tasks.slice(0, 15).map((e) => `${e.name} ${e.self_ms}`).join(', '));
  out('Self time by trace event, whole window (ms): ' + s.events_overall.slice(0, 15).map((e) => `${e.name} ${e.self_ms}`).join(', '));
  out('Self time by source, inside long tasks (ms): ' + s.sources_in_long_tasks.slice(0, 15).map((e) => `${e.source} ${e.self_ms}`).join(', '));
  out('JS self time inside long tasks (sampled):');
  for (const f of s.functions_in_long_tasks) out(`  ${String(f.self_ms).padStart(7)} ms  ${f.fn}  ${f.where}`);
  out('JS self time, whole window (sampled):');
  for (const f of s.functions_overall.slice(0, 15)) out(`  ${String(f.self_ms).padStart(7)} ms  ${f.fn}  ${f.where}`);
}
