// The blob store on a local disk: DATA_DIR/media, outside the web root (the embedded default). A key
// is checked before it becomes a path. Writes go to a temporary name first and are renamed into
// place, so a reader never sees half a file.
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, checkedKey, newStorageKey, type BlobStore } from './blob-store.ts';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function createDiskStore(dataDir: string): BlobStore {
  const dir = join(dataDir, 'media');
  const path = (key: string) => join(dir, checkedKey(key));
  const writeAt = async (key: string, write: (tmp: string) => Promise<void>) => {
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.${key}.tmp`);
    try {
      await write(tmp);
      await rename(tmp, path(key));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  };
  const store = async (ext: string, write: (tmp: string) => Promise<void>) => {
    const key = newStorageKey(ext);
    await writeAt(key, write);
    return key;
  };
  return {
    location: dir,
    put: (data, ext) => store(ext, (tmp) => writeFile(tmp, data)),
    putFile: (sourcePath, ext) => store(ext, (tmp) => copyFile(sourcePath, tmp)),
    putAt: (key, body, size) => writeAt(checkedKey(key), async (tmp) => {
      await pipeline(body, createWriteStream(tmp));
      const written = (await stat(tmp)).size;
      if (written !== size) throw new Error(`${key}: wrote ${written} bytes, expected ${size}`);
    }),
    get: async (key) => readFile(path(key)).catch((err: unknown) => { throw isMissing(err) ? new BlobNotFoundError(key) : err; }),
    size: async (key) => {
      const st = await stat(path(key)).catch((err: unknown) => { if (isMissing(err)) return null; throw err; });
      return st?.isFile() ? st.size : null;
    },
    read: async (key, range) => {
      const p = path(key);
      // Opened here, so a missing file fails this call rather than the response stream.
      const st = await stat(p).catch((err: unknown) => { throw isMissing(err) ? new BlobNotFoundError(key) : err; });
      if (!st.isFile()) throw new BlobNotFoundError(key);
      return createReadStream(p, range ? { start: range.start, end: range.end } : {});
    },
    delete: async (key) => rm(path(key), { force: true }),
  };
}
