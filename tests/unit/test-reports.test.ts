import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlaywright, readVitest } from '../test-reports.ts';

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
    });
  });
});
