import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { clockAheadCandidates, clockAheadTestFiles, clockReadingTests } from '../clock-ahead.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('which files the clock-ahead pass runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'epot-clock-sel-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  };

  it('takes a test whose imports read the clock at any depth, and leaves out one that cannot', () => {
    write('lib/clock.ts', 'export const stamp = () => Date.now();\n');
    write('lib/middle.ts', "import { stamp } from './clock.ts';\nexport const f = () => stamp();\n");
    write('lib/pure.ts', "import { g } from './cycle.ts';\nexport const add = (a: number, b: number) => a + b + g();\n");
    write('lib/cycle.ts', "import { add } from './pure.ts';\nexport const g = () => 0 * add.length;\n");
    write('lib/sql.ts', "export const q = sql`select now()`;\n");
    write('lib/fresh-date.ts', 'export const d = () => new Date();\n');
    write('lib/dated.ts', "export const d = new Date('2026-01-01T00:00:00Z');\n");
    write('deep.test.ts', "import { f } from './lib/middle.ts';\n");
    write('pure.test.ts', "import { add } from './lib/pure.ts';\nimport { d } from './lib/dated.ts';\n");
    write('dynamic.test.ts', "const m = await import('./lib/sql.ts');\n");
    write('fresh.test.ts', "import { d } from './lib/fresh-date';\n");
    write('missing.test.ts', "import { x } from './lib/not-there.ts';\n");
    write('lib/sql-multiline.ts', "import { sql } from 'drizzle-orm';\nexport const q = sql`\n  select\n    now()`;\n");
    write('lib/injected.ts', 'export const stamp = (now: () => number) => now();\nexport const fromDeps = (d: { now(): number }) => d.now();\n');
    write('lib/prose.ts', '// The rule as it stands today: no new Date() here.\n/**\n * Date.now() is read by the caller.\n */\nexport const p = 1;\n');
    write('prose.test.ts', "import { p } from './lib/prose.ts';\n");
    write('lib/fake-timers.ts', 'export const install = () => vi.useFakeTimers();\n');
    write('multiline.test.ts', "import { q } from './lib/sql-multiline.ts';\n");
    write('wall-injected.test.ts', "import { stamp } from './lib/injected.ts';\nstamp(() => Date.now());\n");
    write('fake-timers.test.ts', "import { install } from './lib/fake-timers.ts';\n");
    // Only the monotonic clock: timers, performance.now(), a clock function handed in from there.
    write('timer.test.ts', 'setTimeout(() => {}, 1);\nsetInterval(() => {}, 1);\nrequestAnimationFrame(() => {});\n');
    write('monotonic.test.ts', "import { stamp, fromDeps } from './lib/injected.ts';\nstamp(() => performance.now());\nfromDeps({ now: () => 0 });\n");
    const readers = ['deep.test.ts', 'dynamic.test.ts', 'fresh.test.ts', 'missing.test.ts', 'multiline.test.ts', 'wall-injected.test.ts', 'fake-timers.test.ts'];
    const all = [...readers, 'pure.test.ts', 'timer.test.ts', 'monotonic.test.ts', 'prose.test.ts'];
    // An import that cannot be followed counts as a clock reader: a missed edge errs towards running.
    expect(clockReadingTests(dir, all)).toEqual(readers);
  });

  it('leaves out monotonic-only files only because the pass keeps the monotonic clock real', () => {
    // libfaketime moves CLOCK_MONOTONIC too unless told not to; timers and performance.now() would then
    // see the jump, and the files that only use them would have to run in the pass again.
    const runAll = readFileSync(join(root, 'tests', 'run-all.ts'), 'utf8');
    expect(runAll).toMatch(/function clockAheadStep\([\s\S]*?via: 'faketime',[\s\S]*?env: \{[^}]*DONT_FAKE_MONOTONIC: '1'/);
    // Both clock-ahead steps are made by it.
    expect(runAll.match(/'(?:unit-clock|server-pglite)-ahead': clockAheadStep\(/g)).toHaveLength(2);
  });

  it('runs every server file on PGlite with the clock ahead and on PostgreSQL today, each once', () => {
    const runAll = readFileSync(join(root, 'tests', 'run-all.ts'), 'utf8');
    const list = (name: string) => JSON.parse(runAll.match(new RegExp(`const ${name} = (\\[[^\\]]*\\]);`))![1]!.replace(/'/g, '"')) as string[];
    const config = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
    const projects = ['contracts', 'tooling', 'workers', 'src', 'server-pglite', 'server-pglite-isolated', 'server-postgres', 'server-postgres-isolated'];
    for (const p of ['contracts', 'tooling', 'workers', 'src']) expect(config).toContain(`name: '${p}'`);
    // Every project runs in exactly one of the two steps.
    expect([...list('UNIT_PROJECTS'), ...list('PGLITE_PROJECTS')].sort()).toEqual(projects.sort());
    expect(list('PGLITE_PROJECTS').every((p) => p.startsWith('server-pglite'))).toBe(true);
    expect(runAll).toContain("'server-pglite-ahead': clockAheadStep('server-pglite-ahead', PGLITE_PROJECTS, 'every file',");
  });

  it('chooses from the contract, worker and SPA files, leaving out ones proven not to read a clock', () => {
    const candidates = clockAheadCandidates(root);
    const selected = clockAheadTestFiles(root);
    expect(candidates.length).toBeGreaterThan(80);
    expect(candidates.filter((f) => !/^(?:contracts|workers|src)\//.test(f))).toEqual([]);
    expect(candidates).toContain('contracts/facts/sections.test.ts');
    expect(selected).not.toContain('contracts/facts/sections.test.ts');
    // The face-detector worker reads time only through an injected now (performance.now by default).
    expect(selected).not.toContain('workers/face-detector/face-detector.test.ts');
    expect(selected).toContain('workers/exam-clock/exam-clock.test.ts');
  });
});
