// Clearing what a test attempt left in the browser (OWASP ASVS 5.0 14.3.1/14.3.3): outbox entries
// go as soon as the server acknowledges them (./offline-queue.ts); at the end of an attempt its key
// goes once nothing of it waits any more, and on logout every entry and every key goes, together
// with the attempt's local-storage keys (the session atoms' reset). Without its key an entry can
// never be read again, even from a copy of the profile.
import { attemptKeys } from './attempt-keys.ts';
import type { AttemptKeys } from './attempt-keys.ts';
import { indexedDbStorage, OUTBOX_DATABASES } from './offline-queue.ts';
import type { QueueStorage } from './offline-queue.ts';
import { attemptOf } from './sealed-storage.ts';

export interface BrowserData {
  keys: AttemptKeys;
  /** The outboxes' raw (sealed) storages. */
  outboxes: QueueStorage[];
}

function browserData(): BrowserData | null {
  if (typeof indexedDB === 'undefined') return null;
  return { keys: attemptKeys(), outboxes: OUTBOX_DATABASES.map((name) => indexedDbStorage(name)) };
}

/**
 * The end of an attempt: its key is deleted when no entry of it waits (an entry still waiting for
 * the network keeps the key until it is sent; the next call, or logout, clears it). Returns whether
 * it was cleared.
 */
export async function clearFinishedAttempt(attempt: string, data = browserData()): Promise<boolean> {
  if (!data) return true;
  for (const outbox of data.outboxes) {
    if ((await outbox.all()).some((e) => attemptOf(e) === attempt)) return false;
  }
  await data.keys.delete(attempt);
  return true;
}

/** Logout: every outbox entry and every attempt key. */
export async function clearAllAttempts(data = browserData()): Promise<void> {
  if (!data) return;
  for (const outbox of data.outboxes) {
    for (const entry of await outbox.all()) await outbox.delete(entry.seq);
  }
  for (const attempt of await data.keys.list()) await data.keys.delete(attempt);
}
