// A throwaway PostgreSQL cluster for the chaos drills: initdb in a temp dir on a free port, run as
// the postgres user (the binaries refuse root). The drills stop and start it at will; the machine's
// shared cluster on 5432 is never touched.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../server-helpers/server-process.ts';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** postgres://…/epot on the private cluster. */
  url: string;
  stop(): void;
  start(): void;
  cleanup(): void;
}

function asPostgres(cmd: string, args: string[]): string {
  const run = userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args]] as const : [join(BIN, cmd), args] as const;
  return execFileSync(run[0], [...run[1]], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).toString();
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'epot-chaos-pg-'));
  if (userInfo().uid === 0) {
    const { uid, gid } = JSON.parse(execFileSync('sh', ['-c', 'printf \'{"uid":%s,"gid":%s}\' "$(id -u postgres)" "$(id -g postgres)"']).toString()) as { uid: number; gid: number };
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const ctl = (...args: string[]) => asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', opts, '-w', '-t', '30', ...args]);
  ctl('start');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database epot');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/epot`,
    stop: () => { ctl('stop', '-m', 'fast'); },
    start: () => { ctl('start'); },
    cleanup: () => {
      try { ctl('stop', '-m', 'immediate'); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
