// An exclusive lock on a PGlite data folder (issue 29.1). PGlite has no lock of its own: two
// processes on one folder both accept writes and one side's committed rows vanish. The lock file
// holds the holder's pid; a lock whose process is gone (a crash, a kill -9) is stale and taken over.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'epot.lock';

interface LockHolder { pid: number; host: string; command: string; since: string }

/** Thrown when another live process holds the folder; the message says who and what to do. */
export class DataDirLockedError extends Error {
  constructor(readonly folder: string, readonly holder: LockHolder) {
    super(`The data folder ${folder} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). ` +
      'Two processes on one PGlite folder lose each other\'s writes, so this one does not open it. ' +
      `Stop process ${holder.pid} first (then run this again), or point DATABASE_URL at PostgreSQL to share one database.`);
    this.name = 'DataDirLockedError';
  }
}

// Locks this process holds: the same pid in a lock file it does not hold is a reused pid (stale).
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof h.pid === 'number' ? { pid: h.pid, host: String(h.host ?? ''), command: String(h.command ?? '?'), since: String(h.since ?? '?') } : null;
  } catch {
    return null; // Unreadable or half-written by a crashed process: stale.
  }
}

function isLive(holder: LockHolder | null, file: string): holder is LockHolder {
  if (!holder) return false;
  if (holder.host && holder.host !== hostname()) return true; // Another machine on a shared disk: cannot check, so respect it.
  if (holder.pid === process.pid) return held.has(file);
  return alive(holder.pid);
}

/** Takes the folder's lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(folder: string, now: Date = new Date()): () => void {
  const file = join(folder, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), command: process.argv.slice(1, 4).join(' ') || 'node', since: now.toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      held.add(file);
      return () => {
        if (!held.delete(file)) return;
        if (readHolder(file)?.pid === process.pid) unlinkSync(file);
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = readHolder(file);
    if (isLive(holder, file)) throw new DataDirLockedError(folder, holder);
    try { unlinkSync(file); } catch { /* another opener removed it first: try again */ }
  }
  const holder = readHolder(file);
  throw new DataDirLockedError(folder, holder ?? { pid: -1, host: '', command: 'unknown', since: '?' });
}
