// Drill: restart PostgreSQL (a private cluster) while candidates autosave. The server must survive
// (no crash on the pool's errors), answer during the outage quickly with a 503 in the error shape (no hang),
// and save drafts again once PostgreSQL is back; the last acknowledged draft is what is stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contracts/api-paths.ts';
import { openDatabase } from '../../server/db/client.ts';
import { orderSections } from '../../server/db/schema/index.ts';
import { listeningAnswers, prepareBulkCandidates, type BulkWorld } from '../server-helpers/bulk-candidates.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../server-helpers/server-process.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';

const CANDIDATES = 20;
const EVERY_MS = 250;
const HANG_MS = 8_000;

let pgc: PrivatePostgres;
let dataDir: string;
let world: BulkWorld;
let server: ServerProcess;

beforeAll(async () => {
  pgc = await startPrivatePostgres();
  dataDir = mkdtempSync(join(tmpdir(), 'epot-chaos-pgrestart-'));
  world = await prepareBulkCandidates({ dataDir, databaseUrl: pgc.url, count: CANDIDATES });
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: pgc.url });
});
afterAll(async () => {
  if (server) await stopServerProcess(server.proc);
  pgc?.cleanup();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Sent { candidate: number; position: number; at: number; ms: number; status: number; body: unknown }

describe('PostgreSQL restart during autosave', () => {
  it('the server survives, fails fast with the error shape during the outage, and drafts resume', async () => {
    const sent: Sent[] = [];
    let running = true;
    const t0 = Date.now();
    const candidateLoop = async (i: number) => {
      const c = world.candidates[i]!;
      for (let position = 0; running; position++) {
        const started = Date.now();
        let status = 0;
        let body: unknown = null;
        try {
          const res = await fetch(`${server.url}/api${apiPaths.order.answerDraft}`, {
            method: 'PUT', headers: { authorization: c.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ id: c.orderId, section: 'listening', answer: listeningAnswers(world.questions, 5, (n) => n + position), position }),
            signal: AbortSignal.timeout(HANG_MS),
          });
          status = res.status;
          body = await res.json();
        } catch (err) {
          body = String(err); // a timeout (a hang) or a refused connection (the server died)
        }
        sent.push({ candidate: i, position, at: started - t0, ms: Date.now() - started, status, body });
        await new Promise((r) => setTimeout(r, EVERY_MS));
      }
    };
    const loops = world.candidates.map((_, i) => candidateLoop(i));

    await new Promise((r) => setTimeout(r, 2_000));
    const down = Date.now() - t0;
    pgc.stop();
    await new Promise((r) => setTimeout(r, 3_000));
    pgc.start();
    const up = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 4_000));
    running = false;
    await Promise.all(loops);

    // The process is alive and healthy.
    expect(server.proc.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.stderr()).not.toMatch(/uncaught|unhandled/i);

    // Nothing hung, no answer lacked the error shape.
    expect(sent.filter((s) => s.status === 0)).toEqual([]);
    const failed = sent.filter((s) => s.status !== 200);
    console.log(`chaos(pg restart): ${sent.length} autosaves, ${failed.length} failed during the outage (${down}-${up} ms), statuses ${[...new Set(failed.map((f) => f.status))].join(', ')}, slowest ${Math.max(...sent.map((s) => s.ms))} ms`);
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) {
      // The database is down: 503 (retry later), not a generic 500.
      expect(f.status).toBe(503);
      expect(f.body).toEqual({ status: f.status, message: expect.stringMatching(/\S/) });
      // In flight when the database went down (a request started before the outage may still be
      // waiting then on a busy machine: a CPU-hog run saw one start at 73 ms, 1 s before the stop).
      expect(f.at + f.ms).toBeGreaterThanOrEqual(down - 1_000);
    }
    expect(Math.max(...sent.map((s) => s.ms))).toBeLessThan(HANG_MS);

    // Every candidate saved again after the restart; the stored draft is the last one acknowledged.
    const database = await openDatabase({ databaseUrl: pgc.url });
    try {
      const rows = await database.db.select().from(orderSections).where(inArray(orderSections.order_id, world.candidates.map((c) => c.orderId)));
      for (const [i, c] of world.candidates.entries()) {
        const mine = sent.filter((s) => s.candidate === i && s.status === 200);
        const last = mine.at(-1)!;
        expect(last.at, `candidate ${i} saved after the restart`).toBeGreaterThan(up);
        const row = rows.find((r) => r.order_id === c.orderId)!;
        expect(row.draft_position).toBe(last.position);
        expect(row.draft).toEqual(listeningAnswers(world.questions, 5, (n) => n + last.position));
      }
    } finally {
      await database.close();
    }
  });
});
