// The staff screens' one way to run an action and say how it went: a notice with the server's
// message or the error's text, and, for row actions, which row is busy meanwhile.
import { useCallback, useState } from 'react';
import { errorText } from './api/error-text.ts';

export type Notice = { tone: 'error' | 'success'; text: string } | null;

/** Runs an action, reporting its message (or error) as a notice; true when it succeeded. */
export async function withNotice(setNotice: (n: Notice) => void, run: () => Promise<string>): Promise<boolean> {
  try {
    setNotice({ tone: 'success', text: await run() });
    return true;
  } catch (err) {
    setNotice({ tone: 'error', text: errorText(err) });
    return false;
  }
}

/**
 * A table's row actions: `run(id, action)` marks the row busy, reports the action's message as the
 * notice and, when it succeeded, calls `onDone` (typically the list's reload).
 */
export function useRowAction(setNotice: (n: Notice) => void, onDone?: () => void) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const run = useCallback(async (id: string, action: () => Promise<string>) => {
    setBusyId(id);
    try {
      if (await withNotice(setNotice, action)) onDone?.();
    } finally {
      setBusyId(null);
    }
  }, [setNotice, onDone]);
  return { busyId, run };
}
