// The real server for the browser benchmarks: a fresh embedded database (PGlite folder) seeded with
// the demo exam, `server/server.ts` started as its own production process on it with STATIC_DIR
// pointing at a build, and the demo candidate's orders prepared through the API (bench/proctoring.ts,
// bench/slow-network.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, fillPath } from '../../contracts/api-paths.ts';
import { BIOMETRIC_CONSENT_VERSION } from '../../contracts/facts/index.ts';
import { RULES_VERSION } from '../../contracts/orders.ts';
import { openDatabase } from '../../server/db/client.ts';
import type { AppDb } from '../../server/db/client.ts';
import { seedDemo, type SeedResult } from '../../server/seed/demo-seed.ts';
import { createDiskStore } from '../../server/services/media/disk-store.ts';
import { systemClock } from '../../server/services/platform/clock.ts';
import { freePort } from '../../tests/server-helpers/server-process.ts';

export const ACCESS_KEY = 'epot-public-demo-key';

/** JSON call against the bench server; throws on a non-2xx answer. */
export async function call<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export interface AppServer {
  base: string;
  seed: SeedResult;
  /**
   * Stops the server, runs `change` on its database (PGlite allows one process at a time), and starts
   * it again on the same port: what an operator's shell command does between two server runs.
   */
  withDatabase(change: (db: AppDb) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Seeds a fresh PGlite folder with the demo data and starts the production server on it, serving `staticDir`. */
export async function startAppServer(root: string, staticDir: string, log: (s: string) => void): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'epot-bench-app-'));
  let server: ChildProcess | null = null;
  const halt = async () => {
    if (!server) return;
    const child = server;
    server = null;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'server', 'server.ts')], {
      cwd: root,
      env: {
        ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`,
        STATIC_DIR: staticDir, ACCESS_KEY, GOOGLE_CLIENT_ID: '', SMTP_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    server = child;
    // A loaded machine (the issue-26 runs saw a 1-min load of 20-30) can take minutes to start it.
    for (let until = Date.now() + 180_000; ;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      if (Date.now() > until) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const onDatabase = async (change: (db: AppDb) => Promise<void>) => {
    const database = await openDatabase({ dataDir });
    try {
      await change(database.db);
    } finally {
      await database.close();
    }
  };
  try {
    log('seeding a fresh database with the demo exam…');
    const database = await openDatabase({ dataDir });
    let seed: SeedResult | null;
    try {
      await database.migrate();
      seed = await seedDemo(database.db, { store: createDiskStore(dataDir), clock: systemClock });
    } finally {
      await database.close();
    }
    if (!seed) throw new Error('the bench database was seeded before');
    await launch();
    const withDatabase = async (change: (db: AppDb) => Promise<void>) => {
      await halt();
      await onDatabase(change);
      await launch();
    };
    return { base, seed, withDatabase, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Section = 'listening' | 'structure' | 'reading';

export interface PreparedOrder { orderId: string; token: string; email: string; password: string }

/** The demo individual redeems `code` and consents, as the test list and preparation pages do; not started. */
export async function prepareOrder(base: string, seed: SeedResult, code: string): Promise<PreparedOrder> {
  const member = seed.logins.find((l) => l.kind === 'individual')!;
  const login = await call<{ data: { token: string } }>(base, 'POST', apiPaths.member.login, undefined,
    { access_key: ACCESS_KEY, provider: 'email', email: member.email, password: member.password });
  const token = login.data.token;
  const order = await call<{ data: { id: string } }>(base, 'POST', apiPaths.order.create, token,
    { license: code, meta: { job: 'Mahasiswa', certificate_for: 'Persyaratan S2' } });
  const orderId = order.data.id;
  await call(base, 'POST', fillPath(apiPaths.order.consent, { id: orderId }), token,
    { rules_version: RULES_VERSION, accepted: true, biometric_version: BIOMETRIC_CONSENT_VERSION });
  return { orderId, token, email: member.email, password: member.password };
}

/** Starts the prepared order's test (the clock of its first section runs from here). */
export async function startTest(base: string, order: PreparedOrder): Promise<void> {
  await call(base, 'PUT', fillPath(apiPaths.order.updateStartTest, { id: order.orderId }), order.token);
}

/** A section's detail, as the section page loads it. */
export async function openSection<T>(base: string, order: PreparedOrder, section: Section): Promise<T> {
  return (await call<{ data: T }>(base, 'GET', fillPath(apiPaths.order.sectionDetail, { id: order.orderId, section }), order.token)).data;
}

/** Hands an opened section in with no answers. */
export async function handInEmpty(base: string, order: PreparedOrder, section: Section): Promise<void> {
  await call(base, 'POST', apiPaths.order.answer, order.token, { id: order.orderId, section, images: [], answer: [], disqualified: false });
}
