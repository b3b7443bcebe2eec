import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSlowest, readPlaywright, readVitest } from '../test-reports.ts';

const dir = mkdtempSync(join(tmpdir(), 'epot-reports-'));
const write = (name: string, data: unknown) => { const f = join(dir, name); writeFileSync(f, JSON.stringify(data)); return f; };

describe('test reports', () => {
  it('names a failed (or only on retry passed) Playwright test by file, line and title, with its error’s first line', () => {
    const file = write('pw.json', {
      stats: { expected: 2, unexpected: 2, flaky: 1 },
      suites: [{ file: 'exam.spec.ts', specs: [], suites: [{ file: 'exam.spec.ts', specs: [
        { title: 'passes', line: 10, tests: [{ status: 'expected', results: [{}] }] },
        { title: 'wobbles', line: 40, tests: [{ status: 'flaky', results: [{ error: { message: 'Test timeout of 60000ms exceeded.' } }, {}] }] },
        { title: 'breaks', line: 81, tests: [{ status: 'unexpected', results: [{ error: { message: '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: x' } }] }] },
        { title: 'twice', line: 90, tests: [{ status: 'unexpected', results: [
          { error: { message: 'Error: expect(locator).toBeFocused() failed\n\nLocator: getByRole(\'heading\')\nExpected: focused', location: { line: 127 } } },
          { error: { message: 'Error: Kode lisensi sudah digunakan', location: { line: 95 } } },
        ] }] },
      ] }] }],
    });
    expect(readPlaywright(file)).toEqual({
      passed: 3, failed: 2, failures: [
        'exam.spec.ts:81 breaks: Error: expect(locator).toBeVisible() failed (x)',
        "exam.spec.ts:90 twice: try 1: Error: expect(locator).toBeFocused() failed (line 127, getByRole('heading')); try 2: Error: Kode lisensi sudah digunakan (line 95)",
      ],
      flaky: ['exam.spec.ts:40 wobbles: Test timeout of 60000ms exceeded.'],
      slowest: expect.anything(),
    });
  });

  it('names failed vitest tests, and a file that failed outside any test', () => {
    const file = write('vitest.json', {
      numPassedTests: 5, numFailedTests: 1,
      testResults: [
        { name: join(dir, 'a.test.ts'), assertionResults: [{ status: 'passed', fullName: 'ok' }, { status: 'failed', fullName: 'x > y', failureMessages: ['AssertionError: expected 1 to be 2\n at …'] }] },
        { name: join(dir, 'b.test.ts'), message: 'Failed to load url ./gone.ts', assertionResults: [] },
      ],
    });
    expect(readVitest(file, dir)).toEqual({
      passed: 5, failed: 1,
      failures: ['a.test.ts > x > y: AssertionError: expected 1 to be 2', 'b.test.ts: Failed to load url ./gone.ts'],
      slowest: expect.anything(),
    });
  });

  it('finds where the time went: per file and per test, slowest first, a retried test with all its tries', () => {
    const vitest = write('vitest-times.json', {
      numPassedTests: 3, numFailedTests: 0,
      testResults: [
        { name: join(dir, 'fast.test.ts'), startTime: 1_000, endTime: 1_500, assertionResults: [{ status: 'passed', fullName: 'f', duration: 400 }] },
        { name: join(dir, 'slow.test.ts'), startTime: 1_000, endTime: 9_000, assertionResults: [
          { status: 'passed', fullName: 's1', duration: 7_000 }, { status: 'passed', fullName: 's2', duration: null },
        ] },
      ],
    });
    expect(readVitest(vitest, dir).slowest).toEqual({
      files: [{ name: 'slow.test.ts', ms: 8_000 }, { name: 'fast.test.ts', ms: 500 }],
      tests: [{ name: 'slow.test.ts > s1', ms: 7_000 }, { name: 'fast.test.ts > f', ms: 400 }, { name: 'slow.test.ts > s2', ms: 0 }],
    });
    const pw = write('pw-times.json', {
      stats: { expected: 1, unexpected: 0, flaky: 1 },
      suites: [{ file: 'a.spec.ts', specs: [
        { title: 'once', line: 3, tests: [{ status: 'expected', results: [{ duration: 2_000 }] }] },
        { title: 'retried', line: 9, tests: [{ status: 'flaky', results: [{ duration: 5_000, error: { message: 'x' } }, { duration: 4_000 }] }] },
      ] }],
    });
    const { slowest } = readPlaywright(pw);
    expect(slowest).toEqual({ files: [{ name: 'a.spec.ts', ms: 11_000 }], tests: [{ name: 'a.spec.ts:9 retried', ms: 9_000 }, { name: 'a.spec.ts:3 once', ms: 2_000 }] });
    expect(formatSlowest('e2e', slowest!, 1)).toEqual([
      '  e2e: slowest 1 files', '       11.0 s  a.spec.ts',
      '  e2e: slowest 1 tests', '        9.0 s  a.spec.ts:9 retried',
    ]);
  });
});
