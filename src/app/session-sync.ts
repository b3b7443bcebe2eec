// Wires the session atoms to the API client: the token follows the session atom (also when another
// tab logs in or out), and a 401 on an authenticated call logs out; the guards then show login.
import type { createStore } from 'jotai';
import { onUnauthorized, setAuthToken } from '../lib/api-auth.ts';
import { clearSessionAtom, sessionAtom } from '../lib/session.ts';

export function connectSession(store: ReturnType<typeof createStore>): () => void {
  const sync = () => setAuthToken(store.get(sessionAtom)?.token ?? null);
  sync();
  const unsub = store.sub(sessionAtom, sync);
  const unauth = onUnauthorized(() => store.set(clearSessionAtom));
  return () => { unsub(); unauth(); };
}
