import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, isStorageKey, type BlobStore } from './blob-store.ts';
import { createDiskStore } from './disk-store.ts';

let dir: string;
let store: BlobStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'epot-media-'));
  store = createDiskStore(dir);
});
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('disk store', () => {
  it('stores bytes under a server-chosen key and reads them back', async () => {
    const key = await store.put(new TextEncoder().encode('hello'), '.WEBM');
    expect(isStorageKey(key)).toBe(true);
    expect(key).toMatch(/\.webm$/);
    expect((await store.get(key)).toString()).toBe('hello');
    expect(await readdir(join(dir, 'media'))).toEqual([key]); // no temporary file left behind
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.size(key)).toBeNull();
    await store.delete(key); // already gone: fine
  });

  it('copies a file', async () => {
    const src = join(dir, 'source.png');
    await writeFile(src, Buffer.from([1, 2, 3]));
    const key = await store.putFile(src, 'png');
    expect([...await store.get(key)]).toEqual([1, 2, 3]);
    await store.delete(key);
  });

  it('writes at a given key (moving stores); a short body leaves nothing behind', async () => {
    const key = await store.put(Buffer.from('old'), 'pdf');
    await store.putAt(key, Readable.from([Buffer.from('new bytes')]), 9);
    expect((await store.get(key)).toString()).toBe('new bytes');
    expect(await text(await store.read(key, { start: 4, end: 8 }))).toBe('bytes');
    await expect(store.putAt(key, Readable.from([Buffer.from('short')]), 9)).rejects.toThrow(/wrote 5 bytes, expected 9/);
    expect((await store.get(key)).toString()).toBe('new bytes');
    expect((await readdir(join(dir, 'media'))).filter((f) => f.startsWith('.'))).toEqual([]);
    await store.delete(key);
  });

  it('refuses keys and extensions that could leave the folder', async () => {
    for (const key of ['../secret.txt', 'a/b.webm', '', '00000000-0000-0000-0000-000000000000.webm/../x']) {
      await expect(store.size(key), key).rejects.toThrow(/invalid storage key/);
      await expect(store.get(key)).rejects.toThrow(/invalid storage key/);
    }
    await expect(store.put(new Uint8Array(1), '../x')).rejects.toThrow(/invalid file extension/);
    await expect(store.putFile(join(dir, 'missing'), 'png')).rejects.toThrow();
    expect((await readdir(join(dir, 'media'))).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});
