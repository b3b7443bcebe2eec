// Drill: kill -9 the production server while candidates submit a section, restart it on the same
// data (PGlite folder, or PostgreSQL), retry every submit. Each section must hold exactly one
// result, the one submitted; drafts acknowledged before the kill must still be there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contracts/api-paths.ts';
import { openDatabase } from '../../server/db/client.ts';
import { orderSections } from '../../server/db/schema/index.ts';
import { listeningAnswers, prepareBulkCandidates, type BulkWorld } from '../server-helpers/bulk-candidates.ts';
import { killServerProcess, startServerProcess, stopServerProcess, type ServerProcess } from '../server-helpers/server-process.ts';
import { TEST_DATABASE_URL } from '../server-helpers/test-db.ts';

const CANDIDATES = 40;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

async function put(url: string, auth: string, path: string, body: unknown, method = 'PUT') {
  try {
    const res = await fetch(`${url}/api${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    return { status: res.status, body: await res.json() as { status: number; message: string; data: { submitted_at?: string; status?: string } } };
  } catch (err) {
    return { status: 0, body: { status: 0, message: String(err), data: {} } };
  }
}

type Db = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; dataDir: string; url: string };

async function freshDatabase(kind: Db['kind']): Promise<Db> {
  const dataDir = mkdtempSync(join(tmpdir(), `epot-chaos-kill-${kind}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (kind === 'pglite') return { kind, dataDir };
  const name = `epot_chaos_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { kind, dataDir, url: url.toString() };
}

const envOf = (db: Db) => ({ DATA_DIR: db.dataDir, DATABASE_URL: db.kind === 'postgres' ? db.url : '' });

describe.each(['pglite', 'postgres'] as const)('kill -9 during section submits (%s)', (kind) => {
  it('keeps every acknowledged draft and stores exactly one result per section after the retry', async () => {
    const db = await freshDatabase(kind);
    const world: BulkWorld = await prepareBulkCandidates({ dataDir: db.dataDir, databaseUrl: db.kind === 'postgres' ? db.url : undefined, count: CANDIDATES });
    const { candidates, questions } = world;
    // Different answers per candidate, so a lost or swapped answer shows.
    const drafts = candidates.map((_, i) => listeningAnswers(questions, 10, (n) => i + n));
    const submits = candidates.map((_, i) => listeningAnswers(questions, 1000, (n) => i * 7 + n));
    const submitBody = (i: number) => ({ id: candidates[i]!.orderId, section: 'listening', images: [], answer: submits[i], disqualified: false });

    let server: ServerProcess = await startServerProcess(envOf(db));
    cleanups.push(() => stopServerProcess(server.proc));
    for (const [i, c] of candidates.entries()) {
      const r = await put(server.url, c.authorization, apiPaths.order.answerDraft, { id: c.orderId, section: 'listening', answer: drafts[i], position: 10 });
      expect(r.status, r.body.message).toBe(200);
    }

    // All submits at once; the server dies as soon as a few are answered.
    let answeredCount = 0;
    let fewAnswered!: () => void;
    const answered = new Promise<void>((r) => { fewAnswered = r; });
    const inFlight = candidates.map((c, i) => put(server.url, c.authorization, apiPaths.order.answer, submitBody(i), 'POST')
      .then((r) => { if (r.status === 200 && ++answeredCount === 5) fewAnswered(); return r; }));
    await Promise.race([answered, new Promise((r) => setTimeout(r, 15_000))]);
    await killServerProcess(server.proc);
    const before = await Promise.all(inFlight);
    const acknowledged = before.filter((r) => r.status === 200).length;
    const cut = before.filter((r) => r.status === 0).length;
    console.log(`chaos(${kind}): killed with ${acknowledged} submits answered and ${cut} cut off`);
    expect(acknowledged).toBeGreaterThan(0);
    expect(cut).toBeGreaterThan(0);

    // Same data, same port: the restart must work (PGlite must reopen its folder after a kill -9).
    server = await startServerProcess(envOf(db), { port: server.port });
    const retried = await Promise.all(candidates.map((c, i) => put(server.url, c.authorization, apiPaths.order.answer, submitBody(i), 'POST')));
    expect(retried.map((r) => r.status)).toEqual(candidates.map(() => 200));
    // An answered submit keeps its first result: the retry gets the stored one back.
    for (const [i, r] of before.entries()) {
      if (r.status === 200) expect(retried[i]!.body.data.submitted_at).toBe(r.body.data.submitted_at);
    }
    await stopServerProcess(server.proc);

    // One row per section, closed by the submit, holding exactly the submitted answers.
    const database = await openDatabase({ dataDir: db.dataDir, databaseUrl: db.kind === 'postgres' ? db.url : undefined });
    try {
      const rows = await database.db.select().from(orderSections)
        .where(and(inArray(orderSections.order_id, candidates.map((c) => c.orderId)), eq(orderSections.section, 'listening')));
      expect(rows).toHaveLength(CANDIDATES);
      for (const [i, c] of candidates.entries()) {
        const row = rows.find((r) => r.order_id === c.orderId)!;
        expect(row.closed_by).toBe('submitted');
        expect(row.answer).toEqual(submits[i]);
        expect(row.draft).toEqual(drafts[i]);
        expect(row.raw_correct).not.toBeNull();
      }
    } finally {
      await database.close();
    }
  });
});
