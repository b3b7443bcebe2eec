// Test day at scale (issue 30): N members in sessions (20 sessions by default) send their monitoring
// heartbeats every 15 s to two production server processes on one PostgreSQL database while one live
// view per session is open (half on each process). Each beat is announced with NOTIFY and pushed to
// the view of its session by whichever process holds that view, so the push delay is measured end to
// end: the view's arrival time minus the server's event time (one machine: one clock).
//
//   npm run bench:test-day                                  2,000 members, 20 views, 60 s per phase
//   npm run bench:test-day -- --members 1000 --seconds 30
//
// Two phases on the same processes: `baseline` (the same beats, no session: nothing announced, no
// view) and `live` (sessions and views). The server CPU per 1,000 members of each, and the
// difference (what the live view adds), the database backends' CPU, notifications per second and
// the push delay p50/p95/p99 are printed as a markdown table with the machine's load, and written
// to bench/results/test-day.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createParser } from 'eventsource-parser';
import { inArray } from 'drizzle-orm';
import { apiPaths, fillPath } from '../contracts/api-paths.ts';
import { HEARTBEAT_INTERVAL_MS, type LiveEvent } from '../contracts/facts/index.ts';
import { openDatabase } from '../server/db/client.ts';
import { institutions, testSessionMembers, testSessions, users } from '../server/db/schema/index.ts';
import { DEMO_PASSWORD } from '../server/seed/demo-seed.ts';
import { prepareBulkCandidates, type BulkCandidate } from '../tests/server-helpers/bulk-candidates.ts';
import { createScratchPostgres, TEST_DATABASE_URL } from '../tests/server-helpers/test-db.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/server-helpers/server-process.ts';
import { round, send } from './lib/load-gen.ts';
import { samplePgWaits } from './lib/pg-waits.ts';
import { summariseProfiles } from './lib/cpu-profile.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: argv } = parseArgs({ options: {
  members: { type: 'string', default: '2000' },
  views: { type: 'string', default: '20' },
  seconds: { type: 'string', default: '60' },
  // V8 CPU profiles of both server processes (bench/results/profiles-test-day/), summarised at the end.
  profile: { type: 'boolean', default: false },
  // The server processes reach PostgreSQL over its Unix socket in this folder instead of loopback TCP
  // (on loopback the sender's writes also pay the receiver's TCP work: bench/README.md, Test day).
  socket: { type: 'string' },
} });
const PROFILE_DIR = join(root, 'bench', 'results', 'profiles-test-day');
const MEMBERS = Number(argv.members);
const VIEWS = Number(argv.views);
const SECONDS = Number(argv.seconds);
const ADMIN_URL = TEST_DATABASE_URL;

const procCpu = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(x[11]) + Number(x[12])) / 100;
};
const pct = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

interface View { received: number[]; beats: number; close(): void }

async function openView(base: string, sessionId: string, token: string): Promise<View> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api${fillPath(apiPaths.admin.sessionLive, { id: sessionId })}`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`live view ${res.status}`);
  const view: View = { received: [], beats: 0, close: () => abort.abort() };
  let ready!: () => void;
  const snapshot = new Promise<void>((r) => { ready = r; });
  const parser = createParser({
    onEvent(m) {
      if (m.event === 'snapshot') ready();
      if (m.event !== 'live') return;
      const e = JSON.parse(m.data) as LiveEvent;
      if (e.kind !== 'beat') return;
      view.beats++;
      view.received.push(Date.now() - Date.parse(e.at));
    },
  });
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    try { for (;;) { const { done, value } = await reader.read(); if (done) break; parser.feed(value); } } catch { /* closed */ }
  })();
  await snapshot;
  return view;
}

/** Every member beats once per interval, spread evenly, alternating processes; returns the answers' statuses. */
async function beatFor(urls: string[], members: BulkCandidate[], seconds: number): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  const runs = new Map(members.map((m) => [m.orderId, { run: randomUUID(), seq: 0 }]));
  const total = Math.floor((seconds * 1000) / HEARTBEAT_INTERVAL_MS) * members.length;
  const gap = HEARTBEAT_INTERVAL_MS / members.length;
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = i * gap;
    const wait = due - (performance.now() - t0);
    if (wait > 2) await new Promise((r) => setTimeout(r, wait));
    const m = members[i % members.length]!;
    const r = runs.get(m.orderId)!;
    r.seq++;
    const beat = { section: 'listening', run_id: r.run, seq: r.seq, elapsed_ms: r.seq * HEARTBEAT_INTERVAL_MS, camera_live: true, detector_running: true, detector_fps: 4,
      face_counts: { ok: 60, no_face: 0, multi_face: 0, still: 0 }, tab_hidden_ms: 0, tab_leaves: 0, speech_monitoring: true };
    pending.push(send(urls[i % urls.length]!, {
      method: 'POST', path: `/api${fillPath(apiPaths.order.proctoringHeartbeat, { id: m.orderId })}`,
      headers: { authorization: m.authorization, 'content-type': 'application/json' }, body: JSON.stringify({ beats: [beat] }),
    }).then((res) => { statuses[res.status] = (statuses[res.status] ?? 0) + 1; }));
  }
  await Promise.all(pending);
  return statuses;
}

async function main() {
  const scratchDb = await createScratchPostgres('epot_bench_td');
  const { name, url: databaseUrl } = scratchDb;
  const scratch = mkdtempSync(join(tmpdir(), 'epot-bench-td-'));
  const servers: ServerProcess[] = [];
  const views: View[] = [];
  try {
    console.log(`[test-day] preparing ${MEMBERS} members with a listening section open…`);
    const world = await prepareBulkCandidates({ dataDir: scratch, databaseUrl, count: MEMBERS });
    if (argv.profile) { rmSync(PROFILE_DIR, { recursive: true, force: true }); mkdirSync(PROFILE_DIR, { recursive: true }); }
    const nodeArgs = argv.profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    for (let i = 0; i < 2; i++) {
      const serverDbUrl = argv.socket ? `postgres://postgres@/${name}?host=${encodeURIComponent(argv.socket)}` : databaseUrl;
      servers.push(await startServerProcess({ DATABASE_URL: serverDbUrl, DATA_DIR: mkdtempSync(join(tmpdir(), `epot-bench-td-node${i}-`)), SWEEP_INTERVAL_MS: '0' }, { timeoutMs: 120_000, nodeArgs }));
    }
    const urls = servers.map((s) => s.url);
    const sample = async (label: string, withViews: boolean) => {
      const load0 = loadavg()[0]!;
      const cpu0 = servers.map((s) => procCpu(s.proc.pid!));
      const t0 = performance.now();
      const { result: statuses, waits } = await samplePgWaits(ADMIN_URL, name, () => beatFor(urls, world.candidates, SECONDS));
      const elapsed = (performance.now() - t0) / 1000;
      const cores = servers.reduce((sum, s, i) => sum + (procCpu(s.proc.pid!) - cpu0[i]!), 0) / elapsed;
      const delays = withViews ? views.flatMap((v) => v.received).sort((a, b) => a - b) : [];
      const pushed = withViews ? views.reduce((n, v) => n + v.beats, 0) : 0;
      return {
        phase: label, members: MEMBERS, views: withViews ? views.length : 0, seconds: round(elapsed), load_1m_before: round(load0), load_1m_after: round(loadavg()[0]!),
        beats: Object.values(statuses).reduce((a, b) => a + b, 0), statuses,
        server_cpu_cores: Math.round(cores * 1000) / 1000, server_cpu_per_1000_members_pct: round((cores / (MEMBERS / 1000)) * 100),
        pg_backend_cpu_cores: waits.backend_cpu_cores,
        notifications_per_s: withViews ? round(pushed / elapsed) : 0,
        push_delay_ms: withViews ? { p50: round(pct(delays, 50)), p95: round(pct(delays, 95)), p99: round(pct(delays, 99)), max: round(delays.at(-1) ?? 0), samples: delays.length } : null,
      };
    };

    console.log('[test-day] baseline: heartbeats, no session');
    const baseline = await sample('baseline', false);

    // Sessions of MEMBERS / VIEWS members each, open now, and one live view per session.
    const database = await openDatabase({ databaseUrl });
    const sessionIds: string[] = [];
    try {
      const db = database.db;
      const [inst] = await db.select({ id: institutions.id }).from(institutions).limit(1);
      const ids = world.candidates.map((c) => c.userId);
      for (let i = 0; i < ids.length; i += 1000) await db.update(users).set({ is_b2b: true, institution_id: inst!.id }).where(inArray(users.id, ids.slice(i, i + 1000)));
      const now = Date.now();
      const per = Math.ceil(MEMBERS / VIEWS);
      for (let v = 0; v < VIEWS; v++) {
        const [s] = await db.insert(testSessions).values({ institution_id: inst!.id, name: `Bench ${v + 1}`, opens_at: new Date(now - 600_000), last_start_at: new Date(now + 3_600_000), closes_at: new Date(now + 3 * 3_600_000) }).returning();
        const slice = ids.slice(v * per, (v + 1) * per);
        if (slice.length > 0) await db.insert(testSessionMembers).values(slice.map((user_id) => ({ session_id: s!.id, user_id })));
        sessionIds.push(s!.id);
      }
    } finally {
      await database.close();
    }
    const login = await send(urls[0]!, { method: 'POST', path: `/api${apiPaths.admin.login}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin.lembaga@epot.local', password: DEMO_PASSWORD }) });
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
    for (const [i, id] of sessionIds.entries()) views.push(await openView(urls[i % urls.length]!, id, token));

    console.log(`[test-day] live: the same heartbeats, ${views.length} views on ${servers.length} processes`);
    const live = await sample('live', true);
    const added = round(live.server_cpu_per_1000_members_pct - baseline.server_cpu_per_1000_members_pct);
    const result = { machine: { cores: cpus().length, model: cpus()[0]?.model }, baseline, live, live_view_added_cpu_per_1000_members_pct: added, at: new Date().toISOString() };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'test-day.json'), JSON.stringify(result, null, 2));
    console.log('\n| phase | members | views | beats | load 1m | server CPU (cores) | per 1,000 members | PG backends (cores) | notifications/s | push p50 / p95 / p99 / max |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of [baseline, live]) {
      const d = r.push_delay_ms;
      console.log(`| ${r.phase} | ${r.members} | ${r.views} | ${r.beats} | ${r.load_1m_before} → ${r.load_1m_after} | ${r.server_cpu_cores} | ${r.server_cpu_per_1000_members_pct} % | ${r.pg_backend_cpu_cores} | ${r.notifications_per_s} | ${d ? `${d.p50} / ${d.p95} / ${d.p99} / ${d.max} ms (${d.samples})` : '–'} |`);
    }
    console.log(`\nThe live view adds ${added} % of one core per 1,000 members (server processes).`);
  } finally {
    for (const v of views) v.close();
    await Promise.all(servers.map((s) => stopServerProcess(s.proc)));
    if (argv.profile) {
      const summary = summariseProfiles(PROFILE_DIR, 30, SECONDS * 2 + 10);
      console.log(`\nserver CPU profile (both processes, the last ${SECONDS * 2 + 10} s): ${summary.total_ms} ms sampled`);
      for (const g of summary.groups.slice(0, 12)) console.log(`  ${g.self_pct} %  ${g.group}`);
      for (const f of summary.functions.slice(0, 25)) console.log(`  ${f.self_pct} %  ${f.fn}  ${f.where}`);
    }
    await scratchDb.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
