// Chromium's memory per process, from /proc (Linux): PSS (proportional set size: private pages plus
// a share of the pages shared with other processes, so the processes' figures add up) from
// /proc/<pid>/smaps_rollup, for the browser process Playwright started and every process below it,
// each labelled by its `--type=` argument.
import { readdirSync, readFileSync } from 'node:fs';

/** The kB fields of /proc/<pid>/smaps_rollup ("Pss:  1234 kB"), by name. */
export function parseSmapsRollup(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^(\w+):\s+(\d+) kB$/.exec(line.trim());
    if (m) out[m[1]!] = Number(m[2]);
  }
  return out;
}

/**
 * A Chromium process's kind from its command line (NUL- or space-separated: Chromium rewrites its
 * children's argv as one string): renderer, gpu-process, zygote, utility with its sub-type
 * (`utility:network`, `utility:audio`, …), or browser when it has no `--type`.
 */
export function chromiumProcessType(cmdline: string): string {
  const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
  if (!type) return 'browser';
  if (type !== 'utility') return type;
  // --utility-sub-type=network.mojom.NetworkService -> network
  const sub = /--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1];
  return sub ? `utility:${sub.split('.')[0]}` : 'utility';
}

/** Least-squares slope of y over x (y per unit of x); NaN below two distinct x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  if (sxx === 0) return NaN;
  return points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / sxx;
}

export interface ProcMemory { pid: number; type: string; pssMb: number; rssMb: number }

interface ProcEntry { pid: number; ppid: number; cmdline: string }

function processes(): ProcEntry[] {
  const out: ProcEntry[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push({ pid: Number(d), ppid, cmdline: readFileSync(`/proc/${d}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** A Chromium binary's argv[0] (Debian's /usr/bin/chromium is a script that execs /usr/lib/chromium/chromium). */
const CHROMIUM_BINARY = /(^|\/)(chromium|chrome|headless_shell)$/;

/**
 * The browser processes below `ancestor` (this Node process by default): a Chromium binary without
 * `--type`. The benchmark's own server is a sibling and is not one.
 */
export function chromiumBrowserPids(ancestor = process.pid): number[] {
  const procs = processes();
  const children = new Map<number, ProcEntry[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (CHROMIUM_BINARY.test(c.cmdline.split(' ')[0]!) && !c.cmdline.includes('--type=')) found.push(c.pid);
      else walk(c.pid);
    }
  };
  walk(ancestor);
  return found;
}

/** PSS and RSS of the browser process `browserPid` and of every process below it. */
export function chromiumMemory(browserPid: number): ProcMemory[] {
  const procs = processes();
  const children = new Map<number, ProcEntry[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: ProcMemory[] = [];
  const visit = (p: ProcEntry) => {
    try {
      const r = parseSmapsRollup(readFileSync(`/proc/${p.pid}/smaps_rollup`, 'utf8'));
      out.push({ pid: p.pid, type: chromiumProcessType(p.cmdline), pssMb: round1((r.Pss ?? 0) / 1024), rssMb: round1((r.Rss ?? 0) / 1024) });
    } catch {
      // exited, or not readable
    }
    for (const c of children.get(p.pid) ?? []) visit(c);
  };
  const self = procs.find((p) => p.pid === browserPid);
  if (self) visit(self);
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A process's PSS by mapping kind, from /proc/<pid>/smaps (not the rollup): anonymous memory by
 * size class (a big anonymous region is a WASM memory, a V8 cage or a media/GPU buffer; the many
 * small ones are allocator arenas), [heap], shared memory (/dev/shm, memfd: the camera's frames and
 * GPU transfer buffers come this way), and file mappings (code, fonts, ICU data). MB, biggest first.
 */
export function smapsGroups(pid: number): Record<string, number> {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return {};
  }
  const kb: Record<string, number> = {};
  let group = '';
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const sizeMb = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1048576;
      const name = head[3]!.trim();
      if (!name) group = sizeMb >= 64 ? 'anon >= 64 MB regions' : sizeMb >= 4 ? 'anon 4-64 MB regions' : 'anon < 4 MB regions';
      else if (name.startsWith('/dev/shm') || name.startsWith('/memfd:')) group = `shared ${name.replace(/\/dev\/shm\/\.?(\w+?)[.\d\w-]*$/, '/dev/shm/$1').replace(/^\/memfd:([^ (]+).*$/, 'memfd:$1')}`;
      else if (name.startsWith('/')) group = `file ${name.split('/').pop()}`;
      else group = name;
      continue;
    }
    const pss = /^Pss:\s+(\d+) kB/.exec(line);
    if (pss) kb[group] = (kb[group] ?? 0) + Number(pss[1]);
  }
  return Object.fromEntries(Object.entries(kb).filter(([, v]) => v >= 512).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v / 102.4) / 10]));
}
