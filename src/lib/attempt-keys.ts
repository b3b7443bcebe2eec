// One AES-GCM key per test attempt (order) for what must wait offline in the outboxes: made by
// WebCrypto as non-extractable and kept as a CryptoKey in IndexedDB ('epot-keys'), so scripts and
// another user of the same browser profile can use it only through this origin's code, and nobody
// can read its bytes. Deleting the key makes whatever it sealed unreadable (crypto-shredding); the
// key is deleted at the end of the attempt and on logout (./browser-data.ts).

export interface AttemptKeys {
  /** The attempt's key, made on first use. */
  get(attempt: string): Promise<CryptoKey>;
  /** The attempt's key if it exists (never makes one: reading needs the key that sealed). */
  find(attempt: string): Promise<CryptoKey | undefined>;
  delete(attempt: string): Promise<void>;
  list(): Promise<string[]>;
}

export const ATTEMPT_KEYS_DATABASE = 'epot-keys';
const STORE = 'keys';

const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbAttemptKeys(factory: IDBFactory = indexedDB, name = ATTEMPT_KEYS_DATABASE): AttemptKeys {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => (db ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(name, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      db = null;
      reject(req.error);
    };
  }));
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE);
  // Two tabs may make a key at once: the first one stored wins (add fails for the second).
  const making = new Map<string, Promise<CryptoKey>>();
  const keys: AttemptKeys = {
    find: async (attempt) => request((await store('readonly')).get(attempt) as IDBRequest<CryptoKey | undefined>),
    async get(attempt) {
      const found = await keys.find(attempt);
      if (found) return found;
      let pending = making.get(attempt);
      if (!pending) {
        pending = (async () => {
          const key = await newKey();
          try {
            await request((await store('readwrite')).add(key, attempt));
            return key;
          } catch {
            return (await keys.find(attempt)) ?? key;
          }
        })();
        making.set(attempt, pending);
        pending.finally(() => making.delete(attempt)).catch(() => undefined);
      }
      return pending;
    },
    async delete(attempt) {
      await request((await store('readwrite')).delete(attempt));
    },
    list: async () => (await request((await store('readonly')).getAllKeys())).map(String),
  };
  return keys;
}

/** Keys for this page only (no IndexedDB): still non-extractable, gone with the page. */
export function memoryAttemptKeys(): AttemptKeys {
  const keys = new Map<string, Promise<CryptoKey>>();
  return {
    get: (attempt) => {
      if (!keys.has(attempt)) keys.set(attempt, newKey());
      return keys.get(attempt)!;
    },
    find: async (attempt) => keys.get(attempt),
    delete: async (attempt) => void keys.delete(attempt),
    list: async () => [...keys.keys()],
  };
}

let shared: AttemptKeys | null = null;
/** The page's keys: IndexedDB when the browser has it, else memory. */
export const attemptKeys = (): AttemptKeys =>
  (shared ??= typeof indexedDB === 'undefined' ? memoryAttemptKeys() : indexedDbAttemptKeys());
