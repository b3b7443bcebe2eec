// Start-up check of DATA_DIR (issue 29.6): a read-only or impossible folder is reported once, naming
// the folder and the cause, instead of an ENOENT stack trace from deep inside PGlite or the store.
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirError extends Error {
  constructor(readonly folder: string, readonly causeCode: string, detail: string) {
    super(`The data folder ${folder} (DATA_DIR) cannot be used: ${causeCode} (${detail}). ` +
      'Make it a writable folder for this user, or set DATA_DIR to one.');
    this.name = 'DataDirError';
  }
}

/** Creates the folder if missing and proves it writable, or throws DataDirError. */
export function assertWritableDataDir(folder: string, pid = process.pid): void {
  const probe = join(folder, `.write-check-${pid}`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why: Record<string, string> = {
      EROFS: 'the file system is read-only', EACCES: 'permission denied', EPERM: 'not permitted',
      ENOTDIR: 'a part of the path is a file, not a folder', ENOSPC: 'the disk is full', ENOENT: 'a part of the path does not exist',
    };
    throw new DataDirError(folder, err.code ?? 'error', why[err.code ?? ''] ?? err.message);
  }
}
