// Outbox entries at rest are sealed: the request's body (answers, photos as Blobs, reports) is
// packed and encrypted with AES-GCM under its attempt's key (./attempt-keys.ts), a fresh 96-bit IV
// per entry. Only the routing fields stay readable (method, path, key, kind, attempt, times), so
// entries can be ordered, superseded and cleared without the key. An entry whose key is gone
// (the attempt ended, or logout) cannot be opened and is dropped when read.
import type { AttemptKeys } from './attempt-keys.ts';
import type { QueueEntry, QueueStorage } from './offline-queue.ts';

export interface SealedBody {
  sealed: { iv: Uint8Array; data: ArrayBuffer };
}

export const isSealed = (body: unknown): body is SealedBody =>
  typeof body === 'object' && body !== null && 'sealed' in body;

/** The attempt an entry belongs to; entries made without one share a key. */
export const attemptOf = (entry: Pick<QueueEntry, 'attempt'>) => entry.attempt ?? 'shared';

const BLOB = '$epotBlob';

/** JSON with every Blob replaced by a reference; the blobs' bytes follow it. */
export async function packBody(body: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const blobs: Blob[] = [];
  const json = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof Blob) {
      blobs.push(value);
      return { [BLOB]: blobs.length - 1, type: value.type, size: value.size };
    }
    return value;
  });
  const head = new TextEncoder().encode(json ?? 'null');
  const parts = [new Uint8Array(new Uint32Array([head.length]).buffer), head, ...(await Promise.all(blobs.map(async (b) => new Uint8Array(await b.arrayBuffer()))))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function unpackBody(bytes: Uint8Array): unknown {
  const length = new Uint32Array(bytes.slice(0, 4).buffer)[0]!;
  const json = new TextDecoder().decode(bytes.subarray(4, 4 + length));
  const refs: { index: number; type: string; size: number }[] = [];
  JSON.parse(json, (_key, value: unknown) => {
    if (value && typeof value === 'object' && BLOB in value) {
      const ref = value as { [BLOB]: number; type: string; size: number };
      refs[ref[BLOB]] = { index: ref[BLOB], type: ref.type, size: ref.size };
      return ref;
    }
    return value;
  });
  const offsets: number[] = [];
  let at = 4 + length;
  for (const ref of refs) {
    offsets[ref.index] = at;
    at += ref.size;
  }
  return JSON.parse(json, (_key, value: unknown) => {
    if (value && typeof value === 'object' && BLOB in value) {
      const ref = value as { [BLOB]: number; type: string; size: number };
      const start = offsets[ref[BLOB]]!;
      return new Blob([bytes.slice(start, start + ref.size)], { type: ref.type });
    }
    return value;
  });
}

/** `inner` holds sealed entries; this storage seals on add and opens on read. */
export function sealedStorage(inner: QueueStorage, keys: AttemptKeys): QueueStorage {
  return {
    async add(entry) {
      const key = await keys.get(attemptOf(entry));
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, await packBody(entry.body));
      const body: SealedBody = { sealed: { iv, data } };
      return inner.add({ ...entry, body });
    },
    async all() {
      const opened: QueueEntry[] = [];
      for (const entry of await inner.all()) {
        if (!isSealed(entry.body)) {
          opened.push(entry); // written before sealing existed: sent (and so deleted) as it is
          continue;
        }
        const key = await keys.find(attemptOf(entry));
        try {
          if (!key) throw new Error('key gone');
          const { iv, data } = entry.body.sealed;
          const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv as Uint8Array<ArrayBuffer> }, key, data);
          opened.push({ ...entry, body: unpackBody(new Uint8Array(plain)) });
        } catch {
          await inner.delete(entry.seq); // shredded or tampered: nobody can ever send it
        }
      }
      return opened;
    },
    // Routing fields are stored in the clear: no key, no decryption.
    heads: () => inner.heads(),
    delete: (seq) => inner.delete(seq),
  };
}
