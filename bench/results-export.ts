// Results export memory: a production server process (server/server.ts) on a fresh PGlite folder
// and/or a fresh PostgreSQL database with 10,000 result rows of the demo institution, asked for
// GET /api/admin/v1/results.csv and …/results.xlsx by the demo institution admin. The response is
// read and thrown away here; the server's peak RSS during each export comes from /proc/<pid>/status
// (VmHWM, reset through /proc/<pid>/clear_refs before each export) and a 10 ms VmRSS sampler.
//
//   npm run bench:results-export                      both databases (about 2 minutes)
//   npm run bench:results-export -- --db postgres --rows 20000
//
// Writes bench/results/results-export.json and prints a markdown table with the load average.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo-seed.ts';
import { systemClock } from '../server/services/platform/clock.ts';
import { seedResultRows } from '../tests/server-helpers/result-rows.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../tests/server-helpers/server-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: argv } = parseArgs({ options: { db: { type: 'string', default: 'pglite,postgres' }, rows: { type: 'string', default: '10000' } } });
const DBS = argv.db.split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
const ROWS = Number(argv.rows);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MB = 1024 * 1024;

interface Figure { db: string; format: string; rows: number; bytes: number; ms: number; rss_before_mb: number; peak_rss_mb: number; peak_sampled_mb: number; load1_before: number; load1_after: number }

const status = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

async function exportOnce(server: ServerProcess, token: string, db: string, format: 'csv' | 'xlsx'): Promise<Figure> {
  const pid = server.proc.pid!;
  const before = kb(status(pid), 'VmRSS');
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  let sampled = before;
  const sampler = setInterval(() => { sampled = Math.max(sampled, kb(status(pid), 'VmRSS')); }, 10);
  const load1Before = loadavg()[0]!;
  const started = performance.now();
  const res = await fetch(`${server.url}/api/admin/v1/results.${format}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`results.${format}: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const ms = performance.now() - started;
  clearInterval(sampler);
  const peak = kb(status(pid), 'VmHWM');
  return {
    db, format, rows: ROWS, bytes, ms: Math.round(ms), rss_before_mb: round(before / MB), peak_rss_mb: round(peak / MB),
    peak_sampled_mb: round(sampled / MB), load1_before: round(load1Before, 2), load1_after: round(loadavg()[0]!, 2),
  };
}

async function prepare(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await database.migrate();
    const seed = await seedDemo(database.db, { clock: systemClock });
    if (!seed) throw new Error('expected a fresh database');
    await seedResultRows(database.db, { institutionId: seed.institutionId, companyId: seed.companyId, productId: seed.productId, count: ROWS, now: new Date() });
  } finally {
    await database.close();
  }
}

async function runOn(db: 'pglite' | 'postgres'): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'epot-bench-export-'));
  const name = `epot_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  let databaseUrl: string | undefined;
  if (db === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(ADMIN_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  let server: ServerProcess | undefined;
  try {
    await prepare(dataDir, databaseUrl);
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });
    const login = await fetch(`${server.url}/api/admin/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin.lembaga@epot.local', password: DEMO_PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await exportOnce(server, token, db, 'csv'); // warm-up: JIT, the pool, the query plan
    const figures = [await exportOnce(server, token, db, 'csv'), await exportOnce(server, token, db, 'xlsx')];
    return figures;
  } finally {
    if (server) await stopServerProcess(server.proc);
    if (db === 'postgres') {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures: Figure[] = [];
for (const db of DBS) figures.push(...await runOn(db));
const machine = { cores: cpus().length, cpu: cpus()[0]?.model ?? '', at: new Date().toISOString() };
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'results-export.json'), JSON.stringify({ machine, figures }, null, 2));
console.log(`${machine.at}, ${machine.cores} cores (${machine.cpu}), ${ROWS} rows\n`);
console.log('| db | format | bytes | time (ms) | RSS before (MB) | peak RSS (MB, VmHWM) | peak RSS sampled (MB) | load 1-min before / after |');
console.log('|---|---|---|---|---|---|---|---|');
for (const f of figures) console.log(`| ${f.db} | ${f.format} | ${f.bytes} | ${f.ms} | ${f.rss_before_mb} | ${f.peak_rss_mb} | ${f.peak_sampled_mb} | ${f.load1_before} / ${f.load1_after} |`);
