// The one login sequence (spec section 4) shared by login, Google, registration, SSO and the
// password change: take the token, fetch the member detail, store the session, pick the target.
import type { createStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { setAuthToken } from './api-auth.ts';
import { getMemberDetail, type LoginData } from './session-api.ts';
import { loadAppPage } from './use-route-focus.ts';
import { mergeDetail, postLoginTarget, redirectPathAtom, sessionAtom } from './session.ts';

type Store = ReturnType<typeof createStore>;

/** Stores the session from a login answer and returns where to go next. */
export async function completeLogin(store: Store, data: LoginData, { followRedirect = true } = {}): Promise<string> {
  // The detail call needs the token before the session exists: storing the session first would let
  // the guest guards navigate away mid-login.
  setAuthToken(data.token);
  try {
    const user = mergeDetail(data.user, await getMemberDetail());
    const { target, clearRedirect } = postLoginTarget(user, followRedirect ? store.get(redirectPathAtom) : null);
    if (clearRedirect) store.set(redirectPathAtom, RESET);
    store.set(sessionAtom, { token: data.token, user });
    return target;
  } catch (err) {
    setAuthToken(store.get(sessionAtom)?.token ?? null);
    throw err;
  }
}

/** Spec 4: every login ends with a full page load of the target (fresh state, fresh guards). */
export function reloadTo(path: string): void {
  loadAppPage(path);
}
