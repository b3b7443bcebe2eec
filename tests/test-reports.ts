// Reads the JSON reports of vitest and Playwright for tests/run-all.ts: counts, and the failed
// tests' names with the first line of their error (for Playwright also the line that failed and
// the locator, for each try: a test with several waits is otherwise ambiguous).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** `failures`: the failed tests' names and the start of their error, printed again in the summary
 * (CI shows only the end of the output, where the lanes' lines are long gone). */
export type Counts = { passed: number; failed: number; failures?: string[]; flaky?: string[]; slowest?: Slowest };

/** Where a lane's time went: its slowest files and tests, each with its time in ms, slowest first. */
export interface Slowest { files: Timed[]; tests: Timed[] }
export interface Timed { name: string; ms: number }

/** The `n` slowest, slowest first. */
export const topSlowest = (all: Timed[], n = 20): Timed[] => [...all].sort((a, b) => b.ms - a.ms).slice(0, n);

/** Lines for the run's end: per lane, the slowest files and tests (`12.3 s  name`). */
export function formatSlowest(lane: string, s: Slowest, n = 20): string[] {
  const row = (t: Timed) => `    ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`;
  return [
    `  ${lane}: slowest ${Math.min(n, s.files.length)} files`, ...topSlowest(s.files, n).map(row),
    `  ${lane}: slowest ${Math.min(n, s.tests.length)} tests`, ...topSlowest(s.tests, n).map(row),
  ];
}

// Terminal colours (ESC [ … m) are stripped: the summary is read as plain text.
const ESC = String.fromCharCode(27);
const plain = (text: string | undefined) => (text ?? '').split(ESC).map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, ''))).join('');
const firstLine = (text: string | undefined) => plain(text).split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';

export function readVitest(file: string, root: string): Counts {
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number; numFailedTests: number;
    testResults?: {
      name: string; message?: string; startTime?: number; endTime?: number;
      assertionResults?: { status: string; fullName: string; failureMessages?: string[]; duration?: number | null }[];
    }[];
  };
  const failures = (r.testResults ?? []).flatMap((f) => {
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed')
      .map((a) => `${relative(root, f.name)} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    return failed.length === 0 && f.message ? [`${relative(root, f.name)}: ${firstLine(f.message)}`] : failed;
  });
  const files = (r.testResults ?? []).map((f) => ({ name: relative(root, f.name), ms: Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)) }));
  const tests = (r.testResults ?? []).flatMap((f) => (f.assertionResults ?? [])
    .map((a) => ({ name: `${relative(root, f.name)} > ${a.fullName}`, ms: a.duration ?? 0 })));
  return { passed: r.numPassedTests, failed: r.numFailedTests, failures, slowest: { files: topSlowest(files, 50), tests: topSlowest(tests, 50) } };
}

interface PwSuite {
  file?: string; suites?: PwSuite[];
  specs?: { title: string; line: number; tests: { status: string; results: PwResult[] }[] }[];
}
interface PwResult { duration?: number; error?: { message?: string; location?: { line?: number } } }

/** 'Error: … (line 127, getByRole(…))' for one failed try. */
function describeTry(error: NonNullable<PwResult['error']>): string {
  const locator = plain(error.message).split('\n').find((l) => l.startsWith('Locator: '))?.slice('Locator: '.length).trim().slice(0, 200);
  const where = [error.location?.line !== undefined ? `line ${error.location.line}` : '', locator ?? ''].filter(Boolean).join(', ');
  return where ? `${firstLine(error.message)} (${where})` : firstLine(error.message);
}

export function readPlaywright(file: string): Counts {
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number }; suites?: PwSuite[] };
  const failures: string[] = [];
  const flaky: string[] = [];
  const fileMs = new Map<string, number>();
  const tests: Timed[] = [];
  const walk = (suite: PwSuite, path: string) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        // Every try counts: a retried test costs the run both.
        const ms = t.results.reduce((sum, res) => sum + (res.duration ?? 0), 0);
        tests.push({ name: `${path}:${spec.line} ${spec.title}`, ms });
        fileMs.set(path, (fileMs.get(path) ?? 0) + ms);
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const tries = t.results.flatMap((res) => (res.error ? [describeTry(res.error)] : []));
        const said = tries.length > 1 && new Set(tries).size > 1 ? tries.map((e, i) => `try ${i + 1}: ${e}`).join('; ') : (tries[0] ?? '');
        (t.status === 'flaky' ? flaky : failures).push(`${path}:${spec.line} ${spec.title}: ${said}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? path);
  };
  for (const s of r.suites ?? []) walk(s, s.file ?? '');
  const files = [...fileMs].map(([name, ms]) => ({ name, ms }));
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, failures, flaky, slowest: { files: topSlowest(files, 50), tests: topSlowest(tests, 50) } };
}
