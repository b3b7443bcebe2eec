// The three violation counters (spec 4.5, 9), kept in local storage (src/lib/session.ts): the
// server's count from its last answer plus the reports acknowledged here that it has not counted yet.
import { RESET } from 'jotai/utils';
import type { CounterKind, Counters } from '../../../../contracts/proctoring.ts';
import { COUNTER_KINDS } from '../../../../contracts/facts/index.ts';
import { faceCountAtom, openTabCountAtom, speechCountAtom } from '../../../lib/session.ts';
import type { Store } from './run-context.ts';

const COUNTER_ATOMS = { open_new_tab: openTabCountAtom, face: faceCountAtom, speech: speechCountAtom } as const;

export function createCounters(store: Store) {
  /** Reports acknowledged in this page and not yet answered, per kind (shown on top of the server's count). */
  const unsent: Record<CounterKind, Set<string>> = { open_new_tab: new Set(), face: new Set(), speech: new Set() };
  let server: Counters | null = null;
  const count = (kind: CounterKind) => store.get(COUNTER_ATOMS[kind]);
  const set = (kind: CounterKind, n: number) => store.set(COUNTER_ATOMS[kind], n);

  function mirror(counters: Counters): void {
    server = counters;
    for (const kind of COUNTER_KINDS) set(kind, counters[kind] + unsent[kind].size);
  }

  return {
    count,
    /** The server's count plus what it has not heard of yet. */
    mirror,
    /** 'Saya mengerti': counted at once, before the server answers. Returns the new count. */
    acknowledged(kind: CounterKind, id: string): number {
      unsent[kind].add(id);
      set(kind, count(kind) + 1);
      return count(kind);
    },
    /** The server answered report `id` (or refused it for good): it is no longer waiting. */
    answered(kind: CounterKind, id: string): void {
      unsent[kind].delete(id);
    },
    /** A refused report does not count (the server did not): its count again, or one less without it. */
    undo(kind: CounterKind): void {
      if (server) mirror(server);
      else set(kind, Math.max(0, count(kind) - 1));
    },
    reset(): void {
      for (const kind of COUNTER_KINDS) store.set(COUNTER_ATOMS[kind], RESET);
    },
  };
}

export type RunCounters = ReturnType<typeof createCounters>;
