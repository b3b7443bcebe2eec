import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    write('timer.test.ts', 'setTimeout(() => {}, 1);\n');
    const all = ['deep.test.ts', 'pure.test.ts', 'dynamic.test.ts', 'fresh.test.ts', 'missing.test.ts', 'timer.test.ts'];
    // An import that cannot be followed counts as a clock reader: a missed edge errs towards running.
    expect(clockReadingTests(dir, all)).toEqual(all.filter((f) => f !== 'pure.test.ts'));
  });

  it('covers every test file of the four projects except ones proven not to read a clock', () => {
    const candidates = clockAheadCandidates(root);
    const selected = clockAheadTestFiles(root);
    expect(candidates.length).toBeGreaterThan(100);
    expect(selected).toContain('server/routes/auth/session.test.ts');
    expect(candidates).toContain('contracts/facts/sections.test.ts');
    expect(selected).not.toContain('contracts/facts/sections.test.ts');
    // Every server test builds an app or a database, and both read the clock (defaultNow, now()).
    expect(selected.filter((f) => f.startsWith('server/')).length).toBeGreaterThan(0.9 * candidates.filter((f) => f.startsWith('server/')).length);
  });
});
