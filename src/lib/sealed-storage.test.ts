// Browser storage at rest (issue 19), on fake-indexeddb: bodies sealed with a per-attempt
// non-extractable AES-GCM key, entries gone on the server's acknowledgement, attempts cleared at
// their end and on logout.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { indexedDbAttemptKeys, memoryAttemptKeys } from './attempt-keys.ts';
import { clearAllAttempts, clearFinishedAttempt } from './browser-data.ts';
import { createOfflineQueue, indexedDbStorage } from './offline-queue.ts';
import type { QueuedRequest } from './offline-queue.ts';
import { isSealed, packBody, sealedStorage, unpackBody } from './sealed-storage.ts';

const SECRET = 'jawaban-rahasia-42';

function setup() {
  const factory = new IDBFactory();
  const keys = indexedDbAttemptKeys(factory);
  const raw = [indexedDbStorage('epot-outbox', factory), indexedDbStorage('epot-proctoring-outbox', factory)];
  const sealed = sealedStorage(raw[0]!, keys);
  return { factory, keys, raw, sealed, data: { keys, outboxes: raw } };
}

const draft = (attempt: string, answer = SECRET): QueuedRequest => ({
  method: 'PUT', path: '/answer/draft', body: { id: attempt, section: 'reading', answer: [answer] }, key: `${attempt}:reading`, kind: 'draft', attempt,
});

describe('sealed outbox storage', () => {
  it('stores no plaintext: the body is AES-GCM ciphertext under a non-extractable CryptoKey kept in IndexedDB', async () => {
    const t = setup();
    await t.sealed.add({ ...draft('order-1'), createdAt: 1 });
    const [stored] = await t.raw[0]!.all();
    expect(isSealed(stored!.body)).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    const bytes = new Uint8Array((stored!.body as { sealed: { data: ArrayBuffer } }).sealed.data);
    expect(new TextDecoder().decode(bytes)).not.toContain(SECRET);
    const key = await t.keys.find('order-1');
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key).toMatchObject({ extractable: false, algorithm: { name: 'AES-GCM', length: 256 } });
    await expect(crypto.subtle.exportKey('raw', key!)).rejects.toThrow();
    expect((await t.sealed.all())[0]!.body).toEqual({ id: 'order-1', section: 'reading', answer: [SECRET] });
  });

  it('uses one key per attempt and a fresh IV per entry', async () => {
    const t = setup();
    await t.sealed.add({ ...draft('a'), createdAt: 1 });
    await t.sealed.add({ ...draft('a'), createdAt: 2 });
    await t.sealed.add({ ...draft('b'), createdAt: 3 });
    expect((await t.keys.list()).sort()).toEqual(['a', 'b']);
    const ivs = (await t.raw[0]!.all()).map((e) => Array.from((e.body as { sealed: { iv: Uint8Array } }).sealed.iv).join());
    expect(new Set(ivs).size).toBe(3);
  });

  it('cannot be read with another profile’s keys: the entry is dropped, never sent', async () => {
    const t = setup();
    await t.sealed.add({ ...draft('order-1'), createdAt: 1 });
    expect(await sealedStorage(t.raw[0]!, memoryAttemptKeys()).all()).toEqual([]);
    expect(await t.raw[0]!.all()).toEqual([]);
  });

  it('supersedes a waiting draft from the routing fields alone: no entry is decrypted (issue 26)', async () => {
    const t = setup();
    let sent = 0;
    const queue = createOfflineQueue({ storage: t.sealed, isRetryable: () => true, send: async () => { sent++; throw new Error('offline'); } });
    await queue.enqueue(draft('order-1', 'first'));
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    try {
      await queue.enqueue(draft('order-1', 'second'));
      expect(decrypt).not.toHaveBeenCalled();
    } finally {
      decrypt.mockRestore();
    }
    expect(sent).toBe(0);
    expect((await t.sealed.all()).map((e) => e.body)).toEqual([{ id: 'order-1', section: 'reading', answer: ['second'] }]);
    expect((await t.sealed.heads()).map((h) => ({ key: h.key, kind: h.kind, body: (h as { body?: unknown }).body }))).toEqual([{ key: 'order-1:reading', kind: 'draft', body: undefined }]);
  });

  it('round-trips photos (Blobs) inside a body', async () => {
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 1, 2, 3])], { type: 'image/jpeg' });
    const body = unpackBody(await packBody({ type: 'photo', photo, nested: [{ again: photo }] })) as { photo: Blob; nested: [{ again: Blob }] };
    expect(body.photo.type).toBe('image/jpeg');
    expect(Array.from(new Uint8Array(await body.photo.arrayBuffer()))).toEqual([0xff, 0xd8, 1, 2, 3]);
    expect(body.nested[0].again.size).toBe(5);
  });
});

describe('clearing', () => {
  it('removes an entry once the server acknowledges it, and keeps a retryable one sealed', async () => {
    const t = setup();
    let online = false;
    const queue = createOfflineQueue({
      storage: t.sealed,
      isRetryable: () => true,
      send: async () => {
        if (!online) throw new Error('offline');
        return { ok: true };
      },
    });
    expect(await queue.send(draft('order-1'))).toMatchObject({ ok: false, kept: true });
    expect(await t.raw[0]!.all()).toHaveLength(1);
    online = true;
    await queue.flush();
    expect(await t.raw[0]!.all()).toEqual([]);
  });

  it('at the end of an attempt deletes its key only when nothing of it waits', async () => {
    const t = setup();
    await t.sealed.add({ ...draft('order-1'), createdAt: 1 });
    expect(await clearFinishedAttempt('order-1', t.data)).toBe(false);
    expect(await t.keys.find('order-1')).toBeDefined();
    const [entry] = await t.raw[0]!.all();
    await t.raw[0]!.delete(entry!.seq); // acknowledged
    expect(await clearFinishedAttempt('order-1', t.data)).toBe(true);
    expect(await t.keys.find('order-1')).toBeUndefined();
  });

  it('on logout removes every entry of both outboxes and every key', async () => {
    const t = setup();
    await t.sealed.add({ ...draft('order-1'), createdAt: 1 });
    await sealedStorage(t.raw[1]!, t.keys).add({ ...draft('order-2'), createdAt: 2 });
    await clearAllAttempts(t.data);
    expect(await t.raw[0]!.all()).toEqual([]);
    expect(await t.raw[1]!.all()).toEqual([]);
    expect(await t.keys.list()).toEqual([]);
  });
});
