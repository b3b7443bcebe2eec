// A candidate's laptop is never idle (issue 26): `--busy=N` starts N busy processes beside the
// browser, each a Node process spinning in `for(;;){}` (one core's worth of runnable work each), and
// the bench stops them when it ends. A sampler records the 1-minute load average every few seconds,
// so the figures can be read against the load they were taken under.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';

export interface BusyLoad {
  /** The busy processes' ids (the report names them, so a stray one can be found). */
  pids: number[];
  stop(): void;
}

export function startBusy(count: number): BusyLoad {
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    children.push(child);
  }
  const stop = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  // Never leave them spinning: the bench's process ending for any reason kills them.
  process.once('exit', stop);
  return { pids: children.flatMap((c) => (c.pid ? [c.pid] : [])), stop };
}

export interface LoadSampler {
  /** 1-minute load averages sampled so far, with seconds since the sampler started. */
  samples(): { s: number; load1: number }[];
  stop(): void;
}

export function sampleLoad(everyMs = 5_000): LoadSampler {
  const t0 = Date.now();
  const out: { s: number; load1: number }[] = [];
  const take = () => out.push({ s: Math.round((Date.now() - t0) / 1000), load1: Math.round(loadavg()[0]! * 100) / 100 });
  take();
  const timer = setInterval(take, everyMs);
  timer.unref();
  return { samples: () => [...out], stop: () => clearInterval(timer) };
}

/** Min / mean / max of the sampled 1-minute load. */
export function loadRange(samples: { load1: number }[]): { min: number; mean: number; max: number } {
  if (!samples.length) return { min: NaN, mean: NaN, max: NaN };
  const xs = samples.map((x) => x.load1);
  const r = (n: number) => Math.round(n * 10) / 10;
  return { min: r(Math.min(...xs)), mean: r(xs.reduce((a, b) => a + b, 0) / xs.length), max: r(Math.max(...xs)) };
}
