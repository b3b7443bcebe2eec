// Where `npm test` moves the clock for its time-bomb guard, and over which files: the server tests on
// PGlite run there, every file (tests/run-all.ts, server-pglite-ahead); of the other projects, the
// unit-clock-ahead step repeats the files chosen here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
/**
 * The time-bomb guard's clock: the first Saturday 23:40 WIB (16:40 UTC) at least 400 days from
 * now, as a libfaketime offset. From there the suite crosses a weekend night into Sunday (WIB and
 * UTC dates differ), month and year boundaries lie behind it, and so does any one-year validity
 * that a test fixed in calendar terms. It moves with the real date, so it is always ahead.
 */
export function faketimeOffset(now = new Date()): { offset: string; target: Date } {
  const target = new Date(now.getTime() + 400 * 86_400_000);
  target.setUTCHours(16, 40, 0, 0);
  while (target.getUTCDay() !== 6 || target.getTime() < now.getTime() + 400 * 86_400_000) target.setUTCDate(target.getUTCDate() + 1);
  return { offset: `+${Math.round((target.getTime() - now.getTime()) / 1000)}s`, target };
}

// Which test files the clock-ahead pass runs: those that can read the wall clock (the one libfaketime
// moves). A file is in when it, or any repository module it imports (transitively: static and dynamic
// imports, relative paths), reads the date as source text: Date.now(), a Date made without a value, a
// now() in a module that holds SQL (PostgreSQL's now()), SQL current_date/current_timestamp/localtime and the
// *_timestamp() functions, drizzle's defaultNow(), performance.timeOrigin, Temporal, or a fake clock
// (vitest's fake timers start from the real date). An import that does not resolve to a file counts as
// a clock reader, so a missed edge errs towards running the file.
// Not counted: timers (setTimeout/setInterval/setImmediate, requestAnimationFrame) and
// performance.now(). The pass runs with DONT_FAKE_MONOTONIC=1 (tests/run-all.ts), so it moves only the
// realtime clock, and Node's timers and performance.now() run on the monotonic clock: a module that
// only waits or measures durations sees exactly what it saw in the unit step, and repeating it there
// only repeated the same run (issue 26: the face-detector worker tests, ~70 s, and most SPA files).
// Libraries are not followed: a library clock only matters through repository code that calls it,
// and the module that calls it is in the graph. The rest (pure functions, components that only wait)
// runs in the ordinary unit step and cannot change with the date.
const CLOCK_READ =
  /\bDate\.now\b|\bnew Date\s*\(\s*\)|\bnew Date\b(?!\s*\()|(?<![.\w])Date\(\s*\)|\bcurrent_(?:date|time|timestamp)\b|\blocal(?:time|timestamp)\b|\b(?:clock|statement|transaction)_timestamp\b|\bdefaultNow\b|\btimeOrigin\b|\bTemporal\.Now\b|\buseFakeTimers\b|\bsetSystemTime\b|\btoday\b/i;
// A bare now() elsewhere calls a clock function that was handed in: what it reads is decided where the
// function is made (a Date.now or performance.now there), and that module is in the graph.
const SQL_NOW = /(?<![.\w$])now\s*\(\s*\)/i;
const HOLDS_SQL = /\bsql\b|drizzle-orm|@electric-sql|\.query\s*\(|\.exec\s*\(/i;
// Whole-line comments are left out first: prose ("the rule the server builds today") reads no clock.
const COMMENT_LINE = /^[ \t]*(?:\/\/|\/\*|\*).*$/gm;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Whether a module or anything it imports in the repository reads the clock (memoised in `seen`). */
export function readsClock(file: string, seen = new Map<string, boolean>()): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false); // an import cycle adds nothing new
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    seen.set(file, true);
    return true;
  }
  const code = text.replace(COMMENT_LINE, '');
  let result = CLOCK_READ.test(code) || (SQL_NOW.test(code) && HOLDS_SQL.test(code));
  if (!result) {
    for (const [, spec] of text.matchAll(IMPORT)) {
      if (readsClock(resolveImport(file, spec!), seen)) { result = true; break; }
    }
  }
  seen.set(file, result);
  return result;
}

function resolveImport(from: string, spec: string): string {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [base, ...['.ts', '.tsx', '.js', '/index.ts', '/index.tsx'].map((ext) => base + ext)];
  // Not found: the caller's read fails and the import counts as a clock reader.
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

/** The test files (relative to `root`) that the clock-ahead pass runs, out of `files`. */
export function clockReadingTests(root: string, files: string[]): string[] {
  const seen = new Map<string, boolean>();
  return files.filter((f) => readsClock(resolve(root, f), seen));
}

/**
 * The test files of the projects the unit-clock-ahead step chooses from (contracts, workers, src). The
 * server's are not chosen from: on PGlite every one of them runs with the clock ahead.
 */
export function clockAheadCandidates(root: string): string[] {
  return ['contracts', 'workers', 'src']
    .flatMap((dir) => readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
    .sort();
}

/** The files the unit-clock-ahead step passes to vitest. */
export const clockAheadTestFiles = (root: string): string[] => clockReadingTests(root, clockAheadCandidates(root));
