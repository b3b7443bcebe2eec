// A second, short-lived production server for specs that need data the shared run must not see
// (company maintenance or announcement) or their own build (the update prompt). It gets its own
// fresh DATA_DIR, prepared with the operator CLI while the server is down (PGlite is one process's).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAdmin } from '../../../server/cli/admin.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo-seed.ts';
import { systemClock } from '../../../server/services/platform/clock.ts';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The demo seed's individual buyer (complete profile). */
export const DEMO_INDIVIDUAL = { email: 'demo@epot.local', password: DEMO_PASSWORD };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export class SideServer {
  private folder: string | null = null;
  private child: ChildProcess | null = null;
  url = '';

  /** `env`: extra server environment (e.g. COURIER_WEBHOOK_SECRET for the certificates spec). */
  constructor(private readonly opts: { staticDir?: string; env?: Record<string, string> } = {}) {}

  /** Made on first use: Playwright also loads spec files just to list their tests. */
  get dataDir(): string {
    return (this.folder ??= mkdtempSync(join(tmpdir(), 'epot-e2e-side-')));
  }

  /** Migrates and seeds the demo accounts (not the exam: these specs do not need it). */
  async seed(): Promise<void> {
    const database = await openDatabase({ dataDir: this.dataDir });
    try {
      await database.migrate();
      await seedDemo(database.db, { clock: systemClock });
    } finally {
      await database.close();
    }
  }

  /** `npm run admin -- …` against this server's folder; only while it is stopped. */
  async admin(args: string[]): Promise<string[]> {
    if (this.child) throw new Error('stop the side server before running the admin CLI');
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(args, { DATA_DIR: this.dataDir, DATABASE_URL: '', NODE_ENV: 'test' }, (l) => out.push(l), (l) => err.push(l));
    if (code !== 0) throw new Error(`admin ${args.join(' ')} failed (${code}): ${err.join('\n')}`);
    return out;
  }

  async start(): Promise<string> {
    const port = await freePort();
    this.child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'server', 'server.ts')], {
      cwd: root,
      env: {
        ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, DATABASE_URL: '', NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn', ACCESS_KEY: 'epot-public-demo-key', GOOGLE_CLIENT_ID: '', SMTP_URL: '',
        ...(this.opts.staticDir ? { STATIC_DIR: this.opts.staticDir } : {}),
        ...this.opts.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 60_000;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`side server exited with ${this.child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return this.url;
      } catch { /* not up yet */ }
      if (Date.now() > until) throw new Error('side server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    const running = () => child !== null && child.exitCode === null && child.signalCode === null;
    if (!running()) return;
    const exited = new Promise((r) => child!.once('exit', r));
    child!.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (running()) child!.kill('SIGKILL');
  }

  async dispose(): Promise<void> {
    await this.stop();
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    this.folder = null;
  }
}
