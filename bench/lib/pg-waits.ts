// What PostgreSQL's backends for one database are doing during a run: pg_stat_activity sampled every
// 100 ms (pg_stat_statements needs shared_preload_libraries, which the shared cluster here does not
// load), plus the CPU those backends used, read from /proc. 'CPU' means active with no wait event.
import { readFileSync } from 'node:fs';
import pg from 'pg';

export interface PgWaits {
  samples: number;
  /** Mean number of backends active (running a statement) at a sample. */
  active_mean: number;
  /** Mean number idle in a transaction (a client holding one open between statements). */
  idle_in_tx_mean: number;
  /** Share of active backend samples per wait (e.g. "IO:WALSync", "Lock:tuple", "CPU"), largest first. */
  waits: Record<string, number>;
  /** CPU of this database's backends over the run, in cores. */
  backend_cpu_cores: number;
}

const cpuOf = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(x[11]) + Number(x[12])) / 100;
  } catch { return 0; }
};

export async function samplePgWaits<T>(adminUrl: string, database: string, work: () => Promise<T>): Promise<{ result: T; waits: PgWaits }> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let active = 0;
  let idleTx = 0;
  const cpu0 = new Map<number, number>();
  const cpu1 = new Map<number, number>();
  let stop = false;
  const t0 = performance.now();
  const loop = (async () => {
    while (!stop) {
      const { rows } = await client.query<{ pid: number; state: string | null; wait_event_type: string | null; wait_event: string | null }>(
        'select pid, state, wait_event_type, wait_event from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      samples++;
      for (const r of rows) {
        if (!cpu0.has(r.pid)) cpu0.set(r.pid, cpuOf(r.pid));
        cpu1.set(r.pid, cpuOf(r.pid));
        if (r.state === 'idle in transaction') idleTx++;
        if (r.state !== 'active') continue;
        active++;
        const key = r.wait_event_type ? `${r.wait_event_type}:${r.wait_event}` : 'CPU';
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((res) => setTimeout(res, 100));
    }
  })();
  try {
    const result = await work();
    return { result, waits: summary() };
  } finally {
    stop = true;
    await loop.catch(() => {});
    await client.end();
  }
  function summary(): PgWaits {
    const total = [...counts.values()].reduce((a, b) => a + b, 0) || 1;
    const waits = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, n]) => [k, Math.round((n / total) * 100) / 100]));
    const cpu = [...cpu1].reduce((sum, [pid, c]) => sum + (c - (cpu0.get(pid) ?? c)), 0);
    return {
      samples, active_mean: Math.round((active / Math.max(1, samples)) * 10) / 10, idle_in_tx_mean: Math.round((idleTx / Math.max(1, samples)) * 10) / 10,
      waits, backend_cpu_cores: Math.round((cpu / ((performance.now() - t0) / 1000)) * 100) / 100,
    };
  }
}
