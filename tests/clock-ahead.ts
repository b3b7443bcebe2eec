// Where `npm test` moves the clock for its time-bomb guard (the unit-clock-ahead step), and over which files.
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

// Which test files the clock-ahead pass runs: those that can read the clock. A file is in when it, or
// any repository module it imports (transitively: static and dynamic imports, relative paths), reads
// the clock as source text: Date.now(), a Date made without a value, performance.now, timers, SQL
// now()/current_date/current_timestamp, drizzle's defaultNow(), or a fake clock. An import that does
// not resolve to a file counts as a clock reader, so a missed edge errs towards running the file.
// Libraries are not followed: a library clock only matters through repository code that calls it,
// and the module that calls it is in the graph. The rest (pure functions, components without timers)
// runs in the ordinary unit step and cannot change with the date.
const CLOCK_READ =
  /\bDate\.now\b|\bnew Date\s*\(\s*\)|\bnew Date\b(?!\s*\()|(?<![.\w])Date\(\s*\)|\bperformance\.now\b|\bset(?:Timeout|Interval|Immediate)\b|\brequestAnimationFrame\b|\bnow\(\)|\bcurrent_(?:date|timestamp)\b|\bdefaultNow\b|\buseFakeTimers\b|\bsetSystemTime\b|\btoday\b/i;
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
  let result = CLOCK_READ.test(text);
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

/** The test files of the projects the clock-ahead pass covers (contracts, workers, src, server). */
export function clockAheadCandidates(root: string): string[] {
  return ['contracts', 'workers', 'src', 'server']
    .flatMap((dir) => readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
    .sort();
}

/** The files the unit-clock-ahead step passes to vitest. */
export const clockAheadTestFiles = (root: string): string[] => clockReadingTests(root, clockAheadCandidates(root));
