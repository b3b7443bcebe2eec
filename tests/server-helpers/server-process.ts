// The production server in a child process (server/server.ts), for the load benchmark and
// the chaos drills: they need a process they can load, kill -9 and restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  port: number;
  /** Everything the process wrote to stderr (a crash shows here). */
  stderr(): string;
  /** Its log lines on stdout, when started with `captureStdout`. */
  stdout(): string;
}

/**
 * Starts the server with NODE_ENV=production on 127.0.0.1 (`env` adds DATA_DIR, DATABASE_URL, …)
 * and resolves once /api/health answers. `port` reuses a port (a restart keeps the URL); `nodeArgs`
 * go to node itself (e.g. `--cpu-prof`, which NODE_OPTIONS does not allow).
 */
export async function startServerProcess(env: Record<string, string>, opts: { port?: number; timeoutMs?: number; captureStdout?: boolean; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const port = opts.port ?? await freePort();
  // `node --import tsx`, not the tsx CLI: one process, so a kill -9 reaches the server itself.
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', join(root, 'server', 'server.ts')], {
    cwd: root, stdio: ['ignore', opts.captureStdout ? 'pipe' : 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', STATIC_DIR: join(root, 'dist'), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
  });
  let err = '';
  let out = '';
  proc.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
  proc.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
  const url = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + (opts.timeoutMs ?? 60_000); Date.now() < until;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { proc, url, port, stderr: () => err, stdout: () => out };
    } catch { /* not up yet */ }
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${err.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not answer /api/health in time: ${err.slice(-2000)}`);
}

/** SIGTERM (a clean close), SIGKILL after 5 s. */
export async function stopServerProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
}

/** kill -9: no shutdown hook runs, nothing is flushed. */
export async function killServerProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}
