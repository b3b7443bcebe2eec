// `npm test`: type-check, lint (with the import-boundary rules), unit + server tests on PGlite and
// PostgreSQL (vitest), the same tests again with the system clock moved far ahead (libfaketime), the
// chaos drills, then Playwright e2e in Debian Chromium against the production server.
// Prints one summary line at the end: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { faketimeOffset } from './clock-ahead.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
mkdirSync(join(root, 'test-results'), { recursive: true });

type Step = {
  name: string;
  args: string[];
  /** Run through this program instead of node (the args then start with what it runs). */
  via?: string;
  env?: Record<string, string>;
  results?: () => { passed: number; failed: number };
};


function readVitest(file: string) {
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests };
}

function readPlaywright(file: string) {
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
}

const unitJson = join(root, 'test-results', 'unit-results.json');
const aheadJson = join(root, 'test-results', 'unit-ahead-results.json');
const ahead = faketimeOffset();
const chaosJson = join(root, 'test-results', 'chaos-results.json');
const e2eJson = join(root, 'test-results', 'e2e-results.json');
const steps: Step[] = [
  { name: 'models', args: [bin('tsx', 'dist/cli.mjs'), 'server/cli/models.ts', '--if-missing'] },
  { name: 'typecheck', args: [bin('typescript', 'bin/tsc'), '-b'] },
  { name: 'lint', args: [bin('eslint', 'bin/eslint.js'), '--max-warnings=0', '.'] },
  {
    name: 'unit',
    args: [bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${unitJson}`],
    results: () => readVitest(unitJson),
  },
  {
    // The unit and server projects again, with every process's clock moved far ahead: a test or a
    // service that depends on the day it runs fails now, not on some future day. The server tests run
    // here on PGlite only: it lives in the test process, so its now() moves with the clock, while
    // libfaketime cannot move a PostgreSQL server's clock (that run would test a skewed pair, not a date).
    name: 'unit-clock-ahead',
    via: 'faketime',
    args: ['-f', ahead.offset, process.execPath, bin('vitest', 'vitest.mjs'), 'run',
      ...['contracts', 'workers', 'src', 'server-pglite'].flatMap((p) => ['--project', p]),
      '--reporter=dot', '--reporter=json', `--outputFile=${aheadJson}`],
    env: { DONT_FAKE_MONOTONIC: '1' },
    results: () => readVitest(aheadJson),
  },
  {
    // Fault drills against real server processes (kill -9 during submits, a PostgreSQL restart).
    name: 'chaos',
    args: [bin('vitest', 'vitest.mjs'), 'run', '-c', 'tests/chaos/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${chaosJson}`],
    results: () => readVitest(chaosJson),
  },
  { name: 'e2e', args: [bin('tsx', 'dist/cli.mjs'), 'tests/e2e/run-e2e.ts'], results: () => readPlaywright(e2eJson) },
];

let passed = 0;
let failed = 0;
const report: string[] = [];
for (const step of steps) {
  if (only && !only.includes(step.name) && step.name !== 'models') {
    console.log(`\n[test] skipping ${step.name}: not selected by --only=${only.join(',')}`);
    report.push(`${step.name}: skipped (--only)`);
    continue;
  }
  for (const f of [unitJson, aheadJson, chaosJson, e2eJson]) if (step.results && existsSync(f)) rmSync(f);
  console.log(`\n[test] ${step.name}`);
  if (step.via === 'faketime') console.log(`[test] clock moved to ${ahead.target.toISOString()} (Saturday 23.40 WIB)`);
  const started = Date.now();
  const res = spawnSync(step.via ?? process.execPath, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (res.error) console.error(`[test] ${step.name}: cannot run ${step.via ?? 'node'}: ${res.error.message}` +
    (step.via === 'faketime' ? ' (Debian: apt-get install faketime)' : ''));
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  let counts = { passed: res.status === 0 ? 1 : 0, failed: res.status === 0 ? 0 : 1 };
  if (step.results) {
    try {
      counts = step.results();
      if (res.status !== 0 && counts.failed === 0) counts.failed = 1; // crashed outside a test
    } catch {
      counts = { passed: 0, failed: 1 };
    }
  }
  passed += counts.passed;
  failed += counts.failed;
  report.push(`${step.name}: ${res.status === 0 ? 'ok' : 'FAILED'} (${counts.passed} passed, ${counts.failed} failed, ${secs} s)`);
}
console.log(`\n[test] summary\n${report.map((l) => `  ${l}`).join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
