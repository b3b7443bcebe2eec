// `npm test`: type-check, lint (with the import-boundary rules), unit + server tests on PGlite and
// PostgreSQL (vitest), the same tests again with the system clock moved far ahead (libfaketime), the
// chaos drills, then Playwright e2e in Debian Chromium against the production server.
// Prints one summary line at the end: "tests: N passed, N failed".
//
// After the model check, the steps run in two lanes at once (docs/testing.md, "How the run is laid out"):
//   e2e lane:    prepare (webcam/speech fixtures, SPA build: tests/prepare-run.ts) -> e2e -> (the rest)
//   vitest lane: typecheck -> lint -> (prepare done) -> unit -> (the rest)                  (nice 10 in CI)
// "The rest" (the two clock-ahead steps, chaos) is taken, a step at a time, by whichever lane is free first:
// the vitest lane was the long one by ~10 minutes while the e2e lane ended early (issue 26).
// The e2e lane waits in real time (timers, audio, fake-camera clips) and leaves CPU idle; the
// vitest lane fills it. In CI (CI=true: the machine is the run's alone) the vitest lane runs at a
// lower CPU priority so that the browser and the production server, whose waits are bounded by
// expect() timeouts, are served first; no vitest test asserts a timing, so only the lane's duration
// changes. On a shared machine that priority would hand the lane's CPU to other people's jobs
// instead (seen at load 20: the niced unit step ran at half the pace of a one-worker run and had
// failures), so it is not lowered there, nor when the machine is already busy before the run starts
// (an outside CPU hog: tests/outside-load.ts).
// Each step still passes or fails on its own.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clockAheadTestFiles, faketimeOffset } from './clock-ahead.ts';
import { machineBusyShare } from './outside-load.ts';
import { type Counts, formatSlowest, readPlaywright, readVitest, type Slowest } from './test-reports.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
/** `--serial`: one step at a time, in the order below, as before the lanes (to compare or to debug). */
const serial = process.argv.includes('--serial');
mkdirSync(join(root, 'test-results'), { recursive: true });

type Step = {
  name: string;
  args: string[];
  /** Run through this program instead of node (the args then start with what it runs). */
  via?: string;
  env?: Record<string, string>;
  /** The JSON report this step writes (removed before it runs) and how to count it. */
  report?: string;
  results?: () => Counts;
};

const unitJson = join(root, 'test-results', 'unit-results.json');
const aheadJson = join(root, 'test-results', 'unit-ahead-results.json');
const serverAheadJson = join(root, 'test-results', 'server-ahead-results.json');
const ahead = faketimeOffset();
const chaosJson = join(root, 'test-results', 'chaos-results.json');
const e2eJson = join(root, 'test-results', 'e2e-results.json');
const vitestRun = (json: string, ...more: string[]) =>
  [bin('vitest', 'vitest.mjs'), 'run', ...more, '--reporter=dot', '--reporter=json', `--outputFile=${json}`];

/** The projects the unit step runs: all but the server tests on PGlite, which run with the clock ahead. */
const UNIT_PROJECTS = ['contracts', 'tooling', 'workers', 'src', 'server-postgres', 'server-postgres-isolated'];
const PGLITE_PROJECTS = ['server-pglite', 'server-pglite-isolated'];
const projectArgs = (projects: string[]) => projects.flatMap((p) => ['--project', p]);

/** A pass over `projects` with the clock moved ahead: only `files`, or every file of the projects. */
function clockAheadStep(name: string, projects: string[], files: string[] | 'every file', json: string): Step {
  return {
    name,
    via: 'faketime',
    args: ['-f', ahead.offset, process.execPath, ...vitestRun(json, ...projectArgs(projects), ...(files === 'every file' ? [] : files))],
    env: { DONT_FAKE_MONOTONIC: '1' },
    report: json,
    results: () => readVitest(json, root),
  };
}

const step: Record<string, Step> = {
  models: { name: 'models', args: [bin('tsx', 'dist/cli.mjs'), 'server/cli/models.ts', '--if-missing'] },
  // Fixtures and the SPA build, made once before the lanes (tests/prepare-run.ts).
  prepare: { name: 'prepare', args: [bin('tsx', 'dist/cli.mjs'), 'tests/prepare-run.ts'] },
  typecheck: { name: 'typecheck', args: [bin('typescript', 'bin/tsc'), '-b'] },
  lint: { name: 'lint', args: [bin('eslint', 'bin/eslint.js'), '--max-warnings=0', '.'] },
  unit: { name: 'unit', args: vitestRun(unitJson, ...projectArgs(UNIT_PROJECTS)), report: unitJson, results: () => readVitest(unitJson, root) },
  // The time-bomb guard (tests/clock-ahead.ts): every process's clock moved far ahead, so that a test or
  // a service that depends on the day it runs fails now, not on some future day.
  // The server tests on PGlite run only here, every file, with the clock ahead: PostgreSQL runs the same
  // files at today's date in the unit step, and PGlite lives in the test process, so its now() moves
  // with the clock (libfaketime cannot move a PostgreSQL server's clock: that would test a skewed pair,
  // not a date). Run a third time as before (PGlite today, PostgreSQL today, PGlite ahead) the server
  // files were the run's largest repetition: 441 s of CPU on a 2-core machine (issue 26).
  'server-pglite-ahead': clockAheadStep('server-pglite-ahead', PGLITE_PROJECTS, 'every file', serverAheadJson),
  // The other projects' files that can read the wall clock, again with the clock ahead (they ran today
  // in the unit step; tooling is left out).
  'unit-clock-ahead': clockAheadStep('unit-clock-ahead', ['contracts', 'workers', 'src'], clockAheadTestFiles(root), aheadJson),
  // Fault drills against real server processes (kill -9 during submits, a PostgreSQL restart).
  chaos: {
    name: 'chaos',
    args: vitestRun(chaosJson, '-c', 'tests/chaos/vitest.config.ts'),
    report: chaosJson,
    results: () => readVitest(chaosJson, root),
  },
  e2e: { name: 'e2e', args: [bin('tsx', 'dist/cli.mjs'), 'tests/e2e/run-e2e.ts'], report: e2eJson, results: () => readPlaywright(e2eJson) },
};

const report = new Map<string, string>();
const slowest = new Map<string, Slowest>();
let passed = 0;
let failed = 0;
let flaky = 0;
const selected = (name: string) => !only || only.includes(name) ||
  name === 'models' || (name === 'prepare' && ['unit', 'unit-clock-ahead', 'server-pglite-ahead', 'e2e'].some((n) => only.includes(n)));

/** Streams a child's output line by line, each line prefixed with the step's name when lanes run. */
function pipeLines(stream: NodeJS.ReadableStream, out: NodeJS.WritableStream, prefix: string): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) out.write(`${prefix}${l}\n`);
  });
  stream.on('end', () => { if (rest) out.write(`${prefix}${rest}\n`); });
}

async function run(s: Step, opts: { nice?: boolean } = {}): Promise<void> {
  if (!selected(s.name)) {
    console.log(`[test] skipping ${s.name}: not selected by --only=${only!.join(',')}`);
    report.set(s.name, `${s.name}: skipped (--only)`);
    return;
  }
  if (s.report && existsSync(s.report)) rmSync(s.report);
  console.log(`[test] ${s.name} started`);
  if (s.via === 'faketime') console.log(`[test] clock moved to ${ahead.target.toISOString()} (Saturday 23.40 WIB)`);
  const started = Date.now();
  let cmd = s.via ?? process.execPath;
  let args = s.args;
  if (opts.nice && lowerVitestLane) [cmd, args] = ['nice', ['-n', '10', cmd, ...args]];
  // The step's CPU time (all its processes, browsers and servers included), from bash's `times`:
  // with both cores busy, the run's length follows the CPU its steps use, not their wall time.
  const cpuFile = join(root, 'test-results', `cpu-${s.name}.txt`);
  [cmd, args] = ['bash', ['-c', '"$@"; rc=$?; times > "$EPOT_CPU_FILE"; exit $rc', 'step', cmd, ...args]];
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: serial ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...s.env, EPOT_CPU_FILE: cpuFile } });
    if (!serial) {
      pipeLines(child.stdout!, process.stdout, `[${s.name}] `);
      pipeLines(child.stderr!, process.stderr, `[${s.name}] `);
    }
    child.on('error', (err) => {
      console.error(`[test] ${s.name}: cannot run ${cmd}: ${err.message}` + (s.via === 'faketime' ? ' (Debian: apt-get install faketime)' : ''));
      resolve(null);
    });
    child.on('close', (code) => {
      // Run through bash, a missing program is its exit 127 rather than a spawn error.
      if (code === 127 && s.via === 'faketime') console.error(`[test] ${s.name}: cannot run faketime (Debian: apt-get install faketime)`);
      resolve(code);
    });
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  let counts: Counts = { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
  if (s.results) {
    try {
      counts = s.results();
      if (status !== 0 && counts.failed === 0) counts.failed = 1; // crashed outside a test
    } catch {
      counts = { passed: 0, failed: 1 };
    }
  }
  passed += counts.passed;
  failed += counts.failed;
  flaky += counts.flaky?.length ?? 0;
  if (counts.slowest) slowest.set(s.name, counts.slowest);
  const cpu = cpuSeconds(cpuFile);
  const line = `${s.name}: ${status === 0 ? 'ok' : 'FAILED'} (${counts.passed} passed, ${counts.failed} failed, ${secs} s${cpu === null ? '' : `, cpu ${cpu.toFixed(0)} s`})`;
  console.log(`[test] ${line}`);
  report.set(s.name, [line, ...(counts.failures ?? []).map((f) => `    ✘ ${f}`), ...(counts.flaky ?? []).map((f) => `    flaky (passed on retry) ${f}`)].join('\n'));
}

/** User + system seconds of a step's waited-for processes: the second line of bash's `times` ("0m1.5s 0m0.2s"). */
function cpuSeconds(file: string): number | null {
  try {
    const line = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    return parts.length === 2 ? parts[0]! + parts[1]! : null;
  } catch {
    return null;
  }
}

const started = Date.now();
// Decided once, before any step of ours loads the machine: a quarter of all cores or more busy over
// 3 s (half a core on 2) counts as outside load.
let lowerVitestLane = false;
if (!serial && process.env.CI === 'true') {
  const busy = await machineBusyShare();
  lowerVitestLane = busy !== null && busy < 0.25;
  const figure = busy === null ? 'unknown' : `${Math.round(busy * 100)} % busy`;
  console.log(`[test] machine before the run: ${figure}; the vitest lane runs at ${lowerVitestLane ? 'nice 10 beside e2e' : 'normal priority (outside load)'}`);
}
await run(step.models!);
if (serial) {
  for (const name of ['typecheck', 'lint', 'prepare', 'unit', 'server-pglite-ahead', 'unit-clock-ahead', 'chaos', 'e2e']) await run(step[name]!);
} else {
  const prepared = run(step.prepare!);
  // The longest first, so that the last one to start is short.
  const rest = ['server-pglite-ahead', 'unit-clock-ahead', 'chaos'];
  const takeRest = async () => { for (let name = rest.shift(); name; name = rest.shift()) await run(step[name]!, { nice: true }); };
  const e2eLane = (async () => {
    await prepared;
    await run(step.e2e!);
    await takeRest();
  })();
  const vitestLane = (async () => {
    await run(step.typecheck!, { nice: true });
    await run(step.lint!, { nice: true });
    await prepared;
    await run(step.unit!, { nice: true });
    await takeRest();
  })();
  await Promise.all([e2eLane, vitestLane]);
}

const order = ['models', 'prepare', 'typecheck', 'lint', 'unit', 'server-pglite-ahead', 'unit-clock-ahead', 'chaos', 'e2e'];
// Where the time went (issue 26), before the summary so that the summary stays the run's last lines.
console.log('\n[test] slowest files and tests per lane');
for (const name of order) if (slowest.has(name)) console.log(formatSlowest(name, slowest.get(name)!).join('\n'));
console.log(`\n[test] summary (${((Date.now() - started) / 1000).toFixed(0)} s in all${serial ? ', --serial' : ''})`);
for (const name of order) if (report.has(name)) console.log(`  ${report.get(name)}`);
console.log(`tests: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky (passed only on retry: see above)` : ''}`);
process.exit(failed === 0 ? 0 : 1);
