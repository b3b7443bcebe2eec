// Issue 29.1: one process per PGlite folder. While a server holds the folder, the admin CLI and a
// second server are refused with a message naming the holder, and nothing the holder wrote is lost.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../cli/admin.ts';
import { openDatabase } from './client.ts';
import { DataDirLockedError, LOCK_FILE } from './data-dir-lock.ts';
import { createMigratedDataDir } from '../../tests/server-helpers/test-db.ts';

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'epot-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

const count = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
  Number(((await db.db.execute(sql`select count(*)::int as n from probe`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('the PGlite data folder lock', () => {
  // Each PGlite open is a start of the WASM instance: seconds on a loaded machine. The folders start from
  // the migrated copy: an initdb on disk (4 s idle) is not what these tests are about.
  it('refuses the admin CLI and a second server while one runs, and loses nothing', { timeout: 180_000 }, async () => {
    const dir = freshDir();
    const running = await createMigratedDataDir(dir);
    await running.db.execute(sql`create table probe (x int)`);
    await running.db.execute(sql`insert into probe values (1), (2)`);

    const err: string[] = [];
    const code = await runAdmin(['company', 'list'], { NODE_ENV: 'test', DATA_DIR: dir }, () => {}, (l) => err.push(l));
    expect(code).toBe(1);
    expect(err.join('\n')).toContain(`in use by process ${process.pid}`);
    expect(err.join('\n')).toContain(`Stop process ${process.pid} first`);

    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(join(dir, 'pglite'));

    // The holder goes on writing; after it stops, the next opener sees every row.
    await running.db.execute(sql`insert into probe values (3)`);
    expect(await count(running)).toBe(3);
    await running.close();
    const next = await openDatabase({ dataDir: dir });
    expect(await count(next)).toBe(3);
    await next.close();
  });

  it('takes over a stale lock left by a process that is gone', { timeout: 120_000 }, async () => {
    const dir = freshDir();
    const first = await createMigratedDataDir(dir);
    await first.close();
    // A pid that certainly exited: a child that has already ended.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dir, 'pglite', LOCK_FILE), JSON.stringify({ pid: gone, host: '', command: 'crashed', since: '2026-01-01T00:00:00.000Z' }));
    const db = await openDatabase({ dataDir: dir });
    await db.close();
  });
});
