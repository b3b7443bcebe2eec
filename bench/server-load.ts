// Server load: production server processes (server/server.ts) on a fresh PGlite folder and/or a fresh
// PostgreSQL database, driven from this process (bench/lib/load-gen.ts) as candidates in a section.
//
//   npm run bench:server-load                                   everything below (about 15 minutes)
//   npm run bench:server-load -- --db postgres --shape poisson --scenario capacity
//   npm run bench:server-load -- --db postgres --processes 2 --scenario capacity
//   npm run bench:server-load -- --db postgres --scenario spike --shape poisson
//
// Scenarios: `capacity` (autosave every 5 s, N rising while p99 < 100 ms and no errors; a step over
// the target runs once more and the better run counts), `mixed` (autosave, violations, proctoring
// heartbeats and 8 KB photo uploads together), `submit` (SUBMIT_N candidates each submit the whole listening section once,
// SUBMIT_CONNECTIONS at a time), `spike` (SPIKE_N candidates open their listening section within the
// same 60 s: login, order list, detail-full, section start with the exam content).
// Shapes: `burst` (autocannon's per-second bursts, as the earlier figures) and `poisson` (arrivals
// spread over each second). Every step records the server processes' CPU, this process's own CPU
// (the load generator shares the 2 cores), the 1-minute load average before and after, and on
// PostgreSQL what its backends waited on (bench/lib/pg-waits.ts).
// Writes bench/results/server-load.json and prints a markdown table.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiPaths, fillPath } from '../contracts/api-paths.ts';
import { HEARTBEAT_INTERVAL_MS } from '../contracts/facts/index.ts';
import { FRESH_PASSWORD, listeningAnswers, prepareBulkCandidates, type BulkCandidate } from '../tests/server-helpers/bulk-candidates.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/server-helpers/server-process.ts';
import { arrivals, drive, round, schedule, send, withOwnCpu, type Load, type Req, type Shape, type Stats } from './lib/load-gen.ts';
import { samplePgWaits, type PgWaits } from './lib/pg-waits.ts';
import { summariseProfiles, type ProfileSummary } from './lib/cpu-profile.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: argv } = parseArgs({ options: {
  db: { type: 'string', default: 'pglite,postgres' },
  shape: { type: 'string', default: 'burst,poisson' },
  scenario: { type: 'string', default: 'capacity,mixed,submit,spike' },
  processes: { type: 'string', default: '1,2' },
  steps: { type: 'string' },
  // Writes V8 CPU profiles of the server processes to bench/results/profiles/ and prints where the
  // server's CPU went (self time per package and function) after each database's runs.
  profile: { type: 'boolean', default: false },
  // With --profile: count only each server's last N seconds (the load, without the start-up).
  'profile-last': { type: 'string' },
} });
const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);
const DBS = list(argv.db) as ('pglite' | 'postgres')[];
const SHAPES = list(argv.shape) as Shape[];
const SCENARIOS = new Set(list(argv.scenario));
const PROCESSES = list(argv.processes).map(Number);
const STEPS = { pglite: [250, 500, 1000, 1500, 2000], postgres: [500, 1000, 2000, 2500, 3000, 4000, 5000] };
if (argv.steps) STEPS.pglite = STEPS.postgres = list(argv.steps).map(Number);
const N_MAX = Math.max(...STEPS.postgres, ...STEPS.pglite);
const STEP_SECONDS = 10;
const MIN_SAMPLES = 250;
const AUTOSAVE_EVERY_S = 5;
const P99_TARGET_MS = 100;
const MIXED_N = 400;
const MIXED_SECONDS = 10;
const SUBMIT_N = 1000;
const SUBMIT_CONNECTIONS = 50;
const SPIKE_N = 2000;
const SPIKE_SECONDS = 60;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API = '/api';
const ACCESS_KEY = 'epot-public-demo-key';

type Db = 'pglite' | 'postgres';
interface Candidate extends BulkCandidate { draft: string; submit: string }
interface Row extends Stats {
  db: Db; processes: number; shape: Shape | 'closed'; scenario: string; candidates: number;
  server_cpu_cores: number; generator_cpu_cores: number; load_1m: { before: number; after: number }; pg?: PgWaits; ok?: boolean;
}

const log = (s: string) => console.log(`[server-load] ${s}`);
const rows: Row[] = [];

/** CPU seconds of a process and its descendants. */
function treeCpuSeconds(rootPid: number): number {
  const stats = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => {
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      return { pid: Number(d), ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / 100 };
    } catch { return null; }
  }).filter((x): x is { pid: number; ppid: number; cpu: number } => x !== null);
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of stats) if (!inTree.has(p.pid) && inTree.has(p.ppid)) { inTree.add(p.pid); grew = true; }
  }
  return stats.filter((p) => inTree.has(p.pid)).reduce((n, p) => n + p.cpu, 0);
}

interface World { db: Db; dbName?: string; candidates: Candidate[]; fresh: BulkCandidate[]; servers: ServerProcess[] }
const urls = (w: World) => w.servers.map((s) => s.url);

/** Runs `work` measuring the servers' CPU, this process's CPU, the load average and (PostgreSQL) backend waits. */
async function measured(w: World, meta: Omit<Row, keyof Stats | 'server_cpu_cores' | 'generator_cpu_cores' | 'load_1m' | 'pg' | 'db' | 'processes'>, work: () => Promise<Stats[]>): Promise<Row[]> {
  const before = round(loadavg()[0]!);
  const cpu0 = w.servers.map((s) => treeCpuSeconds(s.proc.pid!));
  const t0 = performance.now();
  const run = () => withOwnCpu(work);
  const { result: { result: stats, cores }, waits } = w.dbName
    ? await samplePgWaits(ADMIN_URL, w.dbName, run)
    : { result: await run(), waits: undefined };
  const server = w.servers.reduce((sum, s, i) => sum + treeCpuSeconds(s.proc.pid!) - cpu0[i]!, 0) / ((performance.now() - t0) / 1000);
  return stats.map((s) => ({
    ...s, ...meta, db: w.db, processes: w.servers.length, server_cpu_cores: Math.round(server * 100) / 100, generator_cpu_cores: cores,
    load_1m: { before, after: round(loadavg()[0]!) }, ...(waits ? { pg: waits } : {}),
  }));
}

const roundRobin = <T>(items: T[]) => { let i = 0; return () => items[i++ % items.length]!; };
const json = (auth: string) => ({ authorization: auth, 'content-type': 'application/json' });

const autosave = (cs: Candidate[], rate: number): Load => {
  const next = roundRobin(cs);
  return { endpoint: 'PUT answer/draft (autosave)', rate, next: () => { const c = next(); return { method: 'PUT', path: `${API}${apiPaths.order.answerDraft}`, headers: json(c.authorization), body: c.draft }; } };
};

async function capacity(w: World, shape: Shape): Promise<void> {
  const target = `${w.db}, ${w.servers.length} process(es), ${shape}`;
  for (const n of STEPS[w.db]) {
    const rate = n / AUTOSAVE_EVERY_S;
    const seconds = Math.min(25, Math.max(STEP_SECONDS, Math.ceil(MIN_SAMPLES / rate)));
    const once = async () => (await measured(w, { scenario: 'autosave every 5 s', shape, candidates: n },
      () => drive(urls(w), [autosave(w.candidates.slice(0, n), rate)], seconds, shape)))[0]!;
    let step = once_ok(await once());
    if (!step.ok) { const again = once_ok(await once()); if (again.p99_ms < step.p99_ms) step = again; }
    rows.push(step);
    log(`${target}: N=${n} offered ${step.offered_rps}/s got ${step.rps}/s p50 ${step.p50_ms} p99 ${step.p99_ms} ms errors ${step.errors}; CPU server ${step.server_cpu_cores}, generator ${step.generator_cpu_cores}${step.pg ? `, pg backends ${step.pg.backend_cpu_cores}; waits ${JSON.stringify(step.pg.waits)}` : ''}; load ${step.load_1m.before} → ${step.load_1m.after} ${step.ok ? 'ok' : 'OVER'}`);
    if (!step.ok) break;
  }
}
const once_ok = (r: Row): Row => ({ ...r, ok: r.p99_ms < P99_TARGET_MS && r.errors === 0 });

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(8 * 1024), Buffer.from([0xff, 0xd9])]);
const BOUNDARY = 'epotBenchBoundary';
const UPLOAD_BODY = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nfoto\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="source"\r\n\r\nupload\r\n`),
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), JPEG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

// Issue 27: the proctoring run's heartbeat, one beat per request (the outbox batches only after an outage).
const HEARTBEAT_BEAT = {
  section: 'listening', elapsed_ms: 15_000, camera_live: true, detector_running: true, detector_fps: 4,
  face_counts: { ok: 60, no_face: 0, multi_face: 0, still: 0 }, tab_hidden_ms: 0, tab_leaves: 0, speech_monitoring: true,
};
let heartbeatSeq = 0;
const runs = new Map<string, string>();
const runOf = (orderId: string) => { let r = runs.get(orderId); if (!r) runs.set(orderId, r = randomUUID()); return r; };

async function mixed(w: World, shape: Shape): Promise<void> {
  const set = w.candidates.slice(N_MAX - MIXED_N);
  const nextV = roundRobin(set);
  const nextU = roundRobin(set);
  const nextH = roundRobin(set);
  const loads: Load[] = [
    autosave(set, MIXED_N / AUTOSAVE_EVERY_S),
    { endpoint: 'PUT update/violation (one a minute each)', rate: MIXED_N / 60, next: () => { const c = nextV(); return { method: 'PUT', path: `${API}${fillPath(apiPaths.order.updateViolation, { license: c.orderId })}`, headers: json(c.authorization), body: '{"counter_type":"open_new_tab","section":"listening"}' }; } },
    { endpoint: 'POST proctoring heartbeat (one each 15 s)', rate: MIXED_N / (HEARTBEAT_INTERVAL_MS / 1000), next: () => {
      const c = nextH();
      const beat = { ...HEARTBEAT_BEAT, run_id: runOf(c.orderId), seq: ++heartbeatSeq };
      return { method: 'POST', path: `${API}${fillPath(apiPaths.order.proctoringHeartbeat, { id: c.orderId })}`, headers: json(c.authorization), body: JSON.stringify({ beats: [beat] }) };
    } },
    { endpoint: 'POST media upload, 8 KB JPEG (one a minute each)', rate: MIXED_N / 60, next: () => ({ method: 'POST', path: `${API}${apiPaths.media.upload}`, headers: { authorization: nextU().authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: UPLOAD_BODY }) },
  ];
  const out = await measured(w, { scenario: 'mixed', shape, candidates: MIXED_N }, () => drive(urls(w), loads, MIXED_SECONDS, shape));
  for (const r of out) log(`${w.db} mixed ${shape}: ${r.endpoint}: ${r.rps}/s p99 ${r.p99_ms} ms errors ${r.errors}`);
  rows.push(...out);
}

/** `round`: the k-th submit run of this database takes the k-th block of SUBMIT_N candidates from the end (each submits once). */
async function submit(w: World, round: number): Promise<void> {
  const end = N_MAX - round * SUBMIT_N;
  if (end < SUBMIT_N) throw new Error(`submit run ${round + 1} needs ${SUBMIT_N * (round + 1)} prepared candidates: raise --steps`);
  const set = w.candidates.slice(end - SUBMIT_N, end);
  const next = roundRobin(set);
  const [r] = await measured(w, { scenario: `section submit (${SUBMIT_N} candidates once, ${SUBMIT_CONNECTIONS} at a time)`, shape: 'closed', candidates: SUBMIT_N },
    () => drive(urls(w), [{ endpoint: 'POST answer (section submit)', rate: null, amount: SUBMIT_N, connections: SUBMIT_CONNECTIONS,
      next: () => { const c = next(); return { method: 'POST', path: `${API}${apiPaths.order.answer}`, headers: json(c.authorization), body: c.submit }; } }], 120, 'burst'));
  log(`${w.db} submit, ${w.servers.length} process(es): ${r!.rps}/s p99 ${r!.p99_ms} ms errors ${r!.errors}; CPU server ${r!.server_cpu_cores}, generator ${r!.generator_cpu_cores}${r!.pg ? `; waits ${JSON.stringify(r!.pg.waits)}` : ''}`);
  rows.push(r!);
}

/** SPIKE_N fresh candidates arrive over SPIKE_SECONDS; each logs in and opens listening (4 requests in turn). */
async function spike(w: World, shape: Shape, set: BulkCandidate[]): Promise<void> {
  const per = new Map<string, { lat: number[]; errors: number }>();
  const note = (name: string, status: number | 'network', ms: number) => {
    const e = per.get(name) ?? { lat: [], errors: 0 };
    per.set(name, e);
    if (status === 'network' || status >= 400) e.errors++; else e.lat.push(ms);
  };
  const times = shape === 'poisson'
    ? Array.from({ length: set.length }, () => Math.random() * SPIKE_SECONDS * 1000).sort((a, b) => a - b)
    : arrivals('burst', set.length / SPIKE_SECONDS, SPIKE_SECONDS);
  let n = 0;
  const journey = async (i: number) => {
    const c = set[i]!;
    const base = urls(w)[n++ % w.servers.length]!;
    // A distinct client address each, as candidates at home (login limits count per e-mail and address).
    const ip = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
    const step = async (name: string, r: Req) => { const res = await send(base, { ...r, headers: { ...r.headers, ...ip } }); note(name, res.status, res.ms); return res; };
    const login = await step('POST login', { method: 'POST', path: `${API}${apiPaths.member.login}`, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_key: ACCESS_KEY, provider: 'email', email: c.email, password: FRESH_PASSWORD }) });
    if (login.status !== 200) return;
    const auth = { authorization: `Bearer ${(JSON.parse(login.body) as { data: { token: string } }).data.token}` };
    await step('GET order list', { method: 'GET', path: `${API}${apiPaths.order.list}?limit=10&page=1`, headers: auth });
    await step('GET detail-full', { method: 'GET', path: `${API}${fillPath(apiPaths.order.detailFull, { id: c.orderId })}`, headers: auth });
    await step('GET section start (listening, with content)', { method: 'GET', path: `${API}${fillPath(apiPaths.order.sectionDetail, { id: c.orderId, section: 'listening' })}`, headers: auth });
  };
  const started = performance.now();
  const out = await measured(w, { scenario: `spike: ${set.length} candidates open listening within ${SPIKE_SECONDS} s`, shape, candidates: set.length }, async () => {
    await schedule(times, journey);
    const elapsed = (performance.now() - started) / 1000;
    const all = [...per.values()].flatMap((e) => e.lat);
    const stat = (endpoint: string, lat: number[], errors: number): Stats => {
      const s = [...lat].sort((a, b) => a - b);
      const pct = (p: number) => round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0);
      return { endpoint, offered_rps: null, requests: s.length, rps: round(s.length / elapsed), p50_ms: pct(50), p97_5_ms: pct(97.5), p99_ms: pct(99), max_ms: round(s.at(-1) ?? 0), errors, statuses: {} };
    };
    return [stat('all four requests', all, [...per.values()].reduce((a, e) => a + e.errors, 0)), ...[...per].map(([k, e]) => stat(k, e.lat, e.errors))];
  });
  for (const r of out) log(`${w.db} spike ${shape}: ${r.endpoint}: ${r.requests} p50 ${r.p50_ms} p99 ${r.p99_ms} max ${r.max_ms} ms errors ${r.errors}; CPU server ${r.server_cpu_cores}, generator ${r.generator_cpu_cores}`);
  rows.push(...out);
}

const PROFILE_DIR = join(root, 'bench', 'results', 'profiles');
const profiles: (ProfileSummary & { db: Db })[] = [];

async function start(w: World, n: number, env: Record<string, string>): Promise<void> {
  const nodeArgs = argv.profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  for (let i = 0; i < n; i++) w.servers.push(await startServerProcess({ ...env, DATA_DIR: env.DATA_DIR!, ...(i > 0 ? { SWEEP_INTERVAL_MS: '30000' } : {}) }, { nodeArgs }));
  // Warm-up: JIT, the content cache, the connection pools.
  await drive(urls(w), [autosave(w.candidates.slice(0, 500), 100)], 4, 'poisson');
}
async function stop(w: World): Promise<void> {
  await Promise.all(w.servers.map((s) => stopServerProcess(s.proc)));
  w.servers = [];
}

async function runDatabase(db: Db): Promise<void> {
  if (argv.profile) { rmSync(PROFILE_DIR, { recursive: true, force: true }); mkdirSync(PROFILE_DIR, { recursive: true }); }
  const dataDir = mkdtempSync(join(tmpdir(), `epot-bench-${db}-`));
  let dbName: string | undefined;
  let admin: pg.Client | undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    if (db === 'postgres') {
      dbName = `epot_bench_${randomBytes(4).toString('hex')}`;
      admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      const u = new URL(ADMIN_URL);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    }
    log(`${db}: preparing ${N_MAX} candidates in a section${SCENARIOS.has('spike') ? ` and ${SPIKE_N * SHAPES.length} for the spike` : ''}`);
    const world = await prepareBulkCandidates({ dataDir, databaseUrl: env.DATABASE_URL || undefined, count: N_MAX, fresh: SCENARIOS.has('spike') ? SPIKE_N * SHAPES.length : 0 });
    const draft = listeningAnswers(world.questions, 20);
    const all = listeningAnswers(world.questions, 1000);
    const w: World = {
      db, dbName, servers: [], fresh: world.fresh,
      candidates: world.candidates.map((c) => ({
        ...c, draft: JSON.stringify({ id: c.orderId, section: 'listening', answer: draft, position: 20 }),
        submit: JSON.stringify({ id: c.orderId, section: 'listening', images: [], answer: all, disqualified: false }),
      })),
    };
    // PGlite is one process's folder: more processes only on PostgreSQL.
    for (const n of db === 'pglite' ? [1] : PROCESSES) {
      if (!SCENARIOS.has('capacity') && !(n === 1 && SCENARIOS.has('mixed'))) continue;
      await start(w, n, env);
      try {
        if (SCENARIOS.has('capacity')) for (const shape of SHAPES) await capacity(w, shape);
        if (n === 1 && SCENARIOS.has('mixed')) for (const shape of SHAPES) await mixed(w, shape);
      } finally { await stop(w); }
    }
    // Submits with one process and, on PostgreSQL, with two (one process's event loop is the limit there).
    if (SCENARIOS.has('submit')) {
      for (const [round, n] of (db === 'pglite' ? [1] : PROCESSES).entries()) {
        await start(w, n, env);
        try { await submit(w, round); } finally { await stop(w); }
      }
    }
    if (SCENARIOS.has('spike')) {
      await start(w, 1, env);
      try {
        if (SCENARIOS.has('spike')) for (const [i, shape] of SHAPES.entries()) await spike(w, shape, w.fresh.slice(i * SPIKE_N, (i + 1) * SPIKE_N));
      } finally { await stop(w); }
    }
  } finally {
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (argv.profile) {
    const summary = summariseProfiles(PROFILE_DIR, 25, argv['profile-last'] ? Number(argv['profile-last']) : Infinity);
    profiles.push({ db, ...summary });
    log(`${db}: server CPU profile, ${summary.total_ms} ms sampled (self time, idle excluded)`);
    for (const g of summary.groups.slice(0, 12)) log(`  ${String(g.self_pct).padStart(5)} %  ${g.group}`);
    for (const f of summary.functions.slice(0, 20)) log(`  ${String(f.self_pct).padStart(5)} %  ${f.fn}  ${f.where}`);
  }
}

const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? '?', memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version, kernel: release() };
const load0 = round(loadavg()[0]!);
const began = Date.now();
for (const db of DBS) await runDatabase(db);

const report = {
  date: new Date().toISOString().slice(0, 10), machine, args: argv, load_average_1m: { before: load0, after: round(loadavg()[0]!) },
  seconds: Math.round((Date.now() - began) / 1000), p99_target_ms: P99_TARGET_MS, rows, ...(profiles.length ? { profiles } : {}),
};
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'server-load.json'), `${JSON.stringify(report, null, 2)}\n`);

const waitsText = (p?: PgWaits) => (p ? Object.entries(p.waits).slice(0, 3).map(([k, v]) => `${k} ${Math.round(v * 100)}%`).join(', ') + ` (${p.active_mean} active)` : '');
console.log([
  `Server load, ${report.date}; ${machine.cpus} × ${machine.model}, ${machine.memory_gb} GB, Node ${machine.node}; 1-min load ${load0} → ${report.load_average_1m.after}; ${report.seconds} s`,
  '',
  '| database | processes | scenario | shape | candidates | offered req/s | req/s | p50 ms | p99 ms | max ms | errors | CPU server / generator / PG | PG waits | load 1-min |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.db} | ${r.processes} | ${r.scenario}: ${r.endpoint} | ${r.shape} | ${r.candidates} | ${r.offered_rps ?? '–'} | ${r.rps} | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${r.errors} | ${r.server_cpu_cores} / ${r.generator_cpu_cores} / ${r.pg?.backend_cpu_cores ?? '–'} | ${waitsText(r.pg)} | ${r.load_1m.before} → ${r.load_1m.after} |`),
].join('\n'));
