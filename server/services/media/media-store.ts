// Stored files (exam audio and images, later uploads) under DATA_DIR/media, outside the web root.
// Names are server-chosen `<uuid>.<ext>` storage keys: a key is checked before it becomes a path,
// so no caller-supplied string can reach outside the folder. Writes go to a temporary name first
// and are renamed into place, so a reader never sees half a file.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;
const EXT = /^[a-z0-9]{1,8}$/;

/**
 * What serving and deleting stored files needs: implemented by the disk store below and by the
 * S3-compatible store (services/media/s3-store.ts) that holds proctoring photos when S3_BUCKET is set.
 */
export interface BlobStore {
  /** Where the files are, for logs: a folder or s3://bucket/prefix. */
  readonly location: string;
  /** Stores bytes; returns the new storage key. */
  put(data: Uint8Array, ext: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** The size in bytes; null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The bytes from start to end inclusive (the whole file without a range). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export interface MediaStore extends BlobStore {
  /** The folder holding the files. */
  readonly dir: string;
  /** Stores a copy of a file; returns the new storage key. */
  putFile(sourcePath: string, ext: string): Promise<string>;
  /** The file's path, for streaming it. */
  path(key: string): string;
}

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function createMediaStore(dataDir: string): MediaStore {
  const dir = join(dataDir, 'media');
  const path = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return join(dir, key);
  };
  const store = async (ext: string, write: (tmp: string) => Promise<void>) => {
    const clean = ext.replace(/^\./, '').toLowerCase();
    if (!EXT.test(clean)) throw new Error(`invalid file extension: ${JSON.stringify(ext)}`);
    await mkdir(dir, { recursive: true });
    const key = `${randomUUID()}.${clean}`;
    const tmp = join(dir, `.${key}.tmp`);
    try {
      await write(tmp);
      await rename(tmp, join(dir, key));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return key;
  };
  return {
    dir,
    location: dir,
    put: (data, ext) => store(ext, (tmp) => writeFile(tmp, data)),
    putFile: (sourcePath, ext) => store(ext, (tmp) => copyFile(sourcePath, tmp)),
    get: async (key) => readFile(path(key)),
    size: async (key) => {
      const st = await stat(path(key)).catch((err: NodeJS.ErrnoException) => { if (err.code === 'ENOENT') return null; throw err; });
      return st?.isFile() ? st.size : null;
    },
    read: async (key, range) => createReadStream(path(key), range ? { start: range.start, end: range.end } : {}),
    path,
    delete: async (key) => rm(path(key), { force: true }),
  };
}
