// Insights at scale (issue 31): a production server process (server/server.ts) on a fresh
// PostgreSQL database with the demo exam and N simulated completed attempts (default 100,000;
// tests/server-helpers/insights-simulation.ts, stored through the normal tables), asked by the
// operator for GET /api/admin/v1/exams/:id/item-analysis and by the demo institution admin for
// GET /api/admin/v1/insights. Time to compute (the whole request) and the server's RSS added
// (VmHWM reset through /proc/<pid>/clear_refs before each request, minus the RSS before).
// Target: <= 5 s and <= 100 MB added for 100,000 attempts.
// The item analysis is kept incrementally (server/services/insights/item-counts.ts): the simulated
// attempts are folded into the counts while the data is prepared (timed apart, as "fold"), as the
// server does when an analysis is read after a bulk import; then the requests are timed on the kept
// counts, and once more after FRESH attempts were queued (orders taken out of and back into
// 'completed', as a test day's completions), which that request folds first.
//
//   npm run bench:insights
//   npm run bench:insights -- --attempts 20000
//
// Writes bench/results/insights.json and prints a markdown table with the machine's load.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo-seed.ts';
import { createDiskStore } from '../server/services/media/disk-store.ts';
import { systemClock } from '../server/services/platform/clock.ts';
import { foldInsightCounts } from '../server/services/insights/item-counts.ts';
import { activeExamId, insertSimulatedAttempts, planItems } from '../tests/server-helpers/insights-simulation.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/server-helpers/server-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: argv } = parseArgs({ options: { attempts: { type: 'string', default: '100000' }, fresh: { type: 'string', default: '1000' } } });
const ATTEMPTS = Number(argv.attempts);
const FRESH = Number(argv.fresh);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MB = 1024 * 1024;

interface Figure { what: string; attempts: number; ms: number; rss_before_mb: number; peak_rss_mb: number; added_mb: number; load1_before: number; load1_after: number }

const status = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

async function login(server: ServerProcess, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function measure(server: ServerProcess, what: string, path: string, token: string): Promise<Figure> {
  const pid = server.proc.pid!;
  const before = kb(status(pid), 'VmRSS');
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const load1Before = loadavg()[0]!;
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  const peak = kb(status(pid), 'VmHWM');
  return {
    what, attempts: ATTEMPTS, ms: Math.round(ms), rss_before_mb: round(before / MB), peak_rss_mb: round(peak / MB),
    added_mb: round((peak - before) / MB), load1_before: round(load1Before, 2), load1_after: round(loadavg()[0]!, 2),
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'epot-bench-insights-'));
const name = `epot_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(ADMIN_URL);
u.pathname = `/${name}`;
const databaseUrl = u.toString();
let server: ServerProcess | undefined;
const figures: Figure[] = [];
let examId = '';
let prepareMs = 0;
let foldMs = 0;
try {
  const t0 = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await database.migrate();
    const seed = await seedDemo(database.db, { clock: systemClock, store: createDiskStore(dataDir) });
    if (!seed) throw new Error('expected a fresh database');
    examId = await activeExamId(database.db);
    const items = await planItems(database.db, examId, 31);
    await insertSimulatedAttempts(database.db, {
      companyId: seed.companyId, productId: seed.productId, examId, institutionId: seed.institutionId, items, count: ATTEMPTS, seed: 1, batch: 1000,
      completedAt: (i) => new Date(Date.UTC(2026, i % 12, 1 + (i % 28), 3)),
    });
    const f0 = performance.now();
    await foldInsightCounts(database.db);
    foldMs = performance.now() - f0;
  } finally {
    await database.close();
  }
  const benchDb = new pg.Client({ connectionString: databaseUrl });
  await benchDb.connect();
  await benchDb.query('analyze');
  await benchDb.end();
  prepareMs = performance.now() - t0;
  console.log(`prepared ${ATTEMPTS} attempts in ${Math.round(prepareMs / 1000)} s (folded into the counts in ${Math.round(foldMs / 1000)} s)`);

  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const operator = await login(server, 'operator@epot.local');
  const institution = await login(server, 'admin.lembaga@epot.local');
  figures.push(await measure(server, 'item analysis (JSON)', `/api/admin/v1/exams/${examId}/item-analysis`, operator));
  figures.push(await measure(server, 'dashboard', '/api/admin/v1/insights', institution));
  // FRESH completions since the last read: queued by the triggers, folded by the next request.
  const fresh = new pg.Client({ connectionString: databaseUrl });
  await fresh.connect();
  await fresh.query(`update orders set status = 'in_progress' where id in (select id from orders where status = 'completed' order by id limit ${FRESH})`);
  await fresh.query(`update orders set status = 'completed' where status = 'in_progress'`);
  await fresh.end();
  figures.push(await measure(server, `item analysis, ${FRESH} fresh attempts to fold`, `/api/admin/v1/exams/${examId}/item-analysis`, operator));
} finally {
  if (server) await stopServerProcess(server.proc);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

const machine = { cores: cpus().length, cpu: cpus()[0]?.model ?? '', at: new Date().toISOString(), load: loadavg().map((x) => round(x, 2)) };
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'insights.json'), JSON.stringify({ machine, prepare_ms: Math.round(prepareMs), fold_ms: Math.round(foldMs), figures }, null, 2));
console.log(`${machine.at}, ${machine.cores} cores (${machine.cpu}), load ${machine.load.join(' / ')}, ${ATTEMPTS} attempts on PostgreSQL\n`);
console.log('| request | time (ms) | RSS before (MB) | peak RSS (MB) | added (MB) | load 1-min before / after |');
console.log('|---|---|---|---|---|---|');
for (const f of figures) console.log(`| ${f.what} | ${f.ms} | ${f.rss_before_mb} | ${f.peak_rss_mb} | ${f.added_mb} | ${f.load1_before} / ${f.load1_after} |`);
