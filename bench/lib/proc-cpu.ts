// CPU time of Chromium's processes, read from /proc (Linux): utime + stime of every descendant of
// this Node process, grouped by Chromium process type. The face-detector worker and the page's
// main thread both live in the renderer process, so its CPU time over a run, minus the same run
// without detection, is what proctoring costs.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

interface Proc {
  pid: number;
  ppid: number;
  cpuSeconds: number;
  type: string;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may contain spaces; fields after the closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    // Chromium rewrites its children's argv as one space-separated string (setproctitle).
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
    return { pid, ppid, cpuSeconds, type };
  } catch {
    return null; // exited meanwhile
  }
}

/** CPU seconds per Chromium process type, for the processes below `root`. */
export function chromiumCpu(root = process.pid): Record<string, number> {
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is Proc => p !== null);
  const children = new Map<number, Proc[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: Record<string, number> = {};
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (child.pid !== root) out[child.type] = (out[child.type] ?? 0) + child.cpuSeconds;
      walk(child.pid);
    }
  };
  walk(root);
  return out;
}

/** Fractions of one core per process type between two `chromiumCpu` samples. */
export function coreShare(before: Record<string, number>, after: Record<string, number>, seconds: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const type of new Set([...Object.keys(before), ...Object.keys(after)])) {
    out[type] = Math.round((((after[type] ?? 0) - (before[type] ?? 0)) / seconds) * 1000) / 1000;
  }
  out.total = Math.round(Object.values(out).reduce((a, b) => a + b, 0) * 1000) / 1000;
  return out;
}
