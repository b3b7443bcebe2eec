// Reads the JSON reports of vitest and Playwright for tests/run-all.ts: counts, and the failed
// tests' names with the first line of their error (for Playwright also the line that failed and
// the locator, for each try: a test with several waits is otherwise ambiguous).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** `failures`: the failed tests' names and the start of their error, printed again in the summary
 * (CI shows only the end of the output, where the lanes' lines are long gone). */
export type Counts = { passed: number; failed: number; failures?: string[]; flaky?: string[] };

// Terminal colours (ESC [ … m) are stripped: the summary is read as plain text.
const ESC = String.fromCharCode(27);
const plain = (text: string | undefined) => (text ?? '').split(ESC).map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, ''))).join('');
const firstLine = (text: string | undefined) => plain(text).split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';

export function readVitest(file: string, root: string): Counts {
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number; numFailedTests: number;
    testResults?: { name: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
  };
  const failures = (r.testResults ?? []).flatMap((f) => {
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed')
      .map((a) => `${relative(root, f.name)} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    return failed.length === 0 && f.message ? [`${relative(root, f.name)}: ${firstLine(f.message)}`] : failed;
  });
  return { passed: r.numPassedTests, failed: r.numFailedTests, failures };
}

interface PwSuite {
  file?: string; suites?: PwSuite[];
  specs?: { title: string; line: number; tests: { status: string; results: PwResult[] }[] }[];
}
interface PwResult { error?: { message?: string; location?: { line?: number } } }

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
  const walk = (suite: PwSuite, path: string) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const tries = t.results.flatMap((res) => (res.error ? [describeTry(res.error)] : []));
        const said = tries.length > 1 && new Set(tries).size > 1 ? tries.map((e, i) => `try ${i + 1}: ${e}`).join('; ') : (tries[0] ?? '');
        (t.status === 'flaky' ? flaky : failures).push(`${path}:${spec.line} ${spec.title}: ${said}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? path);
  };
  for (const s of r.suites ?? []) walk(s, s.file ?? '');
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, failures, flaky };
}
