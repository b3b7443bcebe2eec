// Several production server processes as one system, for the scale-out spec: a fresh PostgreSQL
// database, one S3-protocol bucket (s3rver), N server processes (server/server.ts, each with its own
// empty DATA_DIR: nothing is shared on a disk) and a round-robin proxy in front of them. Prepared
// while the servers are down: migrate, the demo accounts, the small fixture exam (its media into the
// bucket) and `overdue` extra candidates with a listening section started, for the sweepers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../../server/config.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { appMeta } from '../../../server/db/schema/index.ts';
import { DEMO_EXAM_SEED_KEY, seedDemo, type SeedResult } from '../../../server/seed/demo-seed.ts';
import { importExam } from '../../../server/services/exam/exam-import.ts';
import { createBlobStore } from '../../../server/services/media/blob-store.ts';
import { systemClock } from '../../../server/services/platform/clock.ts';
import { insertCandidates, type BulkCandidate } from '../../server-helpers/bulk-candidates.ts';
import { writeExamFixture } from '../../server-helpers/exam-fixture.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../server-helpers/round-robin-proxy.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../server-helpers/server-process.ts';
import { startTestS3, type TestS3 } from '../../server-helpers/s3-server.ts';
import { createScratchPostgres } from '../../server-helpers/test-db.ts';

export const BUCKET_PREFIX = 'cluster/';

export interface Cluster {
  /** The proxy: what the browser talks to. */
  url: string;
  databaseUrl: string;
  seed: SeedResult;
  /** The extra candidates (listening started, deadline 3 h on until a test moves it). */
  overdue: BulkCandidate[];
  proxy: RoundRobinProxy;
  servers: ServerProcess[];
  /** Each server's own DATA_DIR. */
  dataDirs: string[];
  s3: TestS3;
  /** A query on the cluster's database. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
}

export async function startCluster(opts: { processes: number; overdue: number; env?: Record<string, string> }): Promise<Cluster> {
  const scratchDb = await createScratchPostgres('epot_e2e');
  const databaseUrl = scratchDb.url;
  const scratch = mkdtempSync(join(tmpdir(), 'epot-e2e-cluster-'));
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let s3: TestS3 | undefined;
  let proxy: RoundRobinProxy | undefined;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle connection ended by the database's drop at dispose must not fail the last test (it did:
  // 'terminating connection due to administrator command', after every assertion had passed).
  pool.on('error', () => {});
  const dispose = async () => {
    await Promise.all(servers.map((s) => stopServerProcess(s.proc)));
    await proxy?.close();
    await s3?.close();
    await pool.end().catch(() => {});
    await scratchDb.drop();
    for (const d of [scratch, ...dataDirs]) rmSync(d, { recursive: true, force: true });
  };
  try {
    s3 = await startTestS3();
    const env = { DATABASE_URL: databaseUrl, ...s3.env(BUCKET_PREFIX) };
    const database = await openDatabase({ databaseUrl });
    let seed: SeedResult | null;
    let overdue: BulkCandidate[];
    try {
      await database.migrate();
      seed = await seedDemo(database.db, { clock: systemClock });
      // The fixture exam instead of the demo exam: its marker set, the servers do not import the demo's.
      await database.db.insert(appMeta).values({ key: DEMO_EXAM_SEED_KEY, value: { skipped_by: 'e2e cluster' } });
      const exam = await importExam(database.db, createBlobStore(loadConfig(env)), { file: writeExamFixture(scratch), companyId: seed!.companyId });
      overdue = await insertCandidates(database.db, { count: opts.overdue, companyId: seed!.companyId, productId: seed!.productId, examId: exam.examId });
    } finally {
      await database.close();
    }
    const upstreams: string[] = [];
    proxy = await startRoundRobinProxy(upstreams);
    for (let i = 0; i < opts.processes; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), `epot-e2e-node${i + 1}-`));
      dataDirs.push(dataDir);
      servers.push(await startServerProcess({
        ...env, DATA_DIR: dataDir, PUBLIC_URL: proxy.url, LOG_LEVEL: 'info', SMTP_URL: '', GOOGLE_CLIENT_ID: '', ...opts.env,
      }, { captureStdout: true, timeoutMs: 120_000 }));
      upstreams.push(servers[i]!.url);
    }
    return {
      url: proxy.url, databaseUrl, seed: seed!, overdue, proxy, servers, dataDirs, s3,
      sql: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** The JSON log lines a server process wrote with this message. */
export function logLines(server: ServerProcess, msg: string): Record<string, unknown>[] {
  return server.stdout().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === msg);
}
