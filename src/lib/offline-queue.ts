// A persistent outbox for calls that must not be lost (exam drafts and submissions). Each call is
// written to IndexedDB before it is sent and deleted only once the server has answered it, so a
// dropped network, a reload or a crash keeps it; `flush` replays the outbox strictly in order.
// Plain IndexedDB: the few operations needed do not justify a dependency. At rest every body is
// sealed with its attempt's non-extractable AES-GCM key (./sealed-storage.ts); an entry is deleted
// as soon as the server acknowledges it, and ./browser-data.ts clears attempts at their end and on logout.
import { attemptKeys } from './attempt-keys.ts';
import { sealedStorage } from './sealed-storage.ts';

export interface QueuedRequest {
  method: 'PUT' | 'POST';
  /** API path relative to the API base. */
  path: string;
  body: unknown;
  /**
   * Requests with the same key supersede each other while waiting: a newer draft of a section
   * replaces the older one (it holds every answer), and a submission (a resend) replaces
   * everything waiting for its section.
   */
  key: string;
  kind: 'draft' | 'submit';
  /** The test attempt (order id) it belongs to: its key seals it (./sealed-storage.ts), its end clears it. */
  attempt?: string;
}

export interface QueueEntry extends QueuedRequest {
  seq: number;
  createdAt: number;
}

export type SendOutcome = { ok: true; data: unknown } | { ok: false; error: unknown; kept: boolean };

/** The sender answers the data or throws; `isRetryable` decides whether a failure keeps the entry. */
export interface OfflineQueueOptions {
  /** Gets the stored entry (with `createdAt`: how long it waited). */
  send: (request: QueueEntry) => Promise<unknown>;
  /** Network failures and server errors are retried later; a refusal (4xx) never will succeed. */
  isRetryable: (error: unknown) => boolean;
  storage?: QueueStorage;
}

/** Where entries live; IndexedDB in the browser, memory when IndexedDB is unavailable. */
export interface QueueStorage {
  add(entry: Omit<QueueEntry, 'seq'>): Promise<number>;
  all(): Promise<QueueEntry[]>;
  /**
   * The entries' routing fields only, in order: what superseding needs. Sealed storage answers them
   * without opening a body (issue 26: each answer's draft no longer decrypts and parses the outbox
   * on the main thread just to find the draft it replaces).
   */
  heads(): Promise<QueueHead[]>;
  delete(seq: number): Promise<void>;
}

export type QueueHead = Omit<QueueEntry, 'body'>;

const headOf = ({ body: _body, ...head }: QueueEntry): QueueHead => head;

export function createOfflineQueue({ send, isRetryable, storage = defaultStorage() }: OfflineQueueOptions) {
  const listeners = new Set<(entry: QueueEntry, outcome: SendOutcome) => void>();
  // One flush at a time, so entries go out in order and none is sent twice.
  let running: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const next = running.then(job, job);
    running = next.catch(() => undefined);
    return next;
  };

  async function store(request: QueuedRequest): Promise<number> {
    for (const e of await storage.heads()) {
      if (e.key === request.key && (e.kind === 'draft' || request.kind === 'submit')) await storage.delete(e.seq);
    }
    return storage.add({ ...request, createdAt: Date.now() });
  }

  /** Sends waiting entries in order; stops at the first one that must be retried later. */
  async function flushNow(): Promise<Map<number, SendOutcome>> {
    const outcomes = new Map<number, SendOutcome>();
    for (const entry of await storage.all()) {
      let outcome: SendOutcome;
      try {
        outcome = { ok: true, data: await send(entry) };
        await storage.delete(entry.seq);
      } catch (error) {
        const kept = isRetryable(error);
        if (!kept) await storage.delete(entry.seq);
        outcome = { ok: false, error, kept };
      }
      outcomes.set(entry.seq, outcome);
      listeners.forEach((l) => l(entry, outcome));
      if (!outcome.ok && outcome.kept) break;
    }
    return outcomes;
  }

  return {
    enqueue: (request: QueuedRequest) => serial(() => store(request)),
    flush: () => serial(flushNow),
    /**
     * Stores `request`, then sends everything waiting up to and including it. The outcome says
     * whether it was sent, refused, or kept for a later replay.
     */
    send(request: QueuedRequest): Promise<SendOutcome> {
      return serial(async () => {
        const seq = await store(request);
        const outcomes = await flushNow();
        // Not tried: an earlier entry is waiting for the network; its failure is this one's too.
        const blocker = [...outcomes.values()].at(-1);
        return outcomes.get(seq) ?? { ok: false, error: blocker && !blocker.ok ? blocker.error : new Error('waiting'), kept: true };
      });
    },
    pending: () => serial(() => storage.all()),
    /** Every processed entry, also from replays that nobody awaited (e.g. after `online`). */
    subscribe(listener: (entry: QueueEntry, outcome: SendOutcome) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;

// ---- storage ----------------------------------------------------------------------------------

const STORE = 'requests';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbStorage(name = 'epot-outbox', factory: IDBFactory = indexedDB): QueueStorage {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => (db ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(name, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      db = null;
      reject(req.error);
    };
  }));
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    async add(entry) {
      return Number(await request((await store('readwrite')).add(entry)));
    },
    // Keys are ascending sequence numbers, so getAll() is already in send order.
    async all() {
      return request((await store('readonly')).getAll() as IDBRequest<QueueEntry[]>);
    },
    async heads() {
      return (await this.all()).map(headOf);
    },
    async delete(seq) {
      await request((await store('readwrite')).delete(seq));
    },
  };
}

export function memoryStorage(): QueueStorage {
  const entries: QueueEntry[] = [];
  let seq = 0;
  return {
    async add(entry) {
      entries.push({ ...structuredClone(entry), seq: ++seq });
      return seq;
    },
    async all() {
      return entries.map((e) => structuredClone(e));
    },
    async heads() {
      return entries.map(headOf);
    },
    async delete(s) {
      const i = entries.findIndex((e) => e.seq === s);
      if (i >= 0) entries.splice(i, 1);
    },
  };
}

/** The outboxes' IndexedDB databases (./browser-data.ts clears them). */
export const OUTBOX_DATABASES = ['epot-outbox', 'epot-proctoring-outbox'] as const;

/**
 * IndexedDB when the browser has it (private modes may not), sealed; otherwise memory for this page.
 */
export function defaultStorage(name: (typeof OUTBOX_DATABASES)[number] = 'epot-outbox'): QueueStorage {
  if (typeof indexedDB === 'undefined') return memoryStorage();
  const idb = sealedStorage(indexedDbStorage(name), attemptKeys());
  const fallback = memoryStorage();
  let broken = false;
  const pick = async <T>(op: (s: QueueStorage) => Promise<T>): Promise<T> => {
    if (!broken) {
      try {
        return await op(idb);
      } catch {
        broken = true;
      }
    }
    return op(fallback);
  };
  return { add: (e) => pick((s) => s.add(e)), all: () => pick((s) => s.all()), heads: () => pick((s) => s.heads()), delete: (n) => pick((s) => s.delete(n)) };
}
