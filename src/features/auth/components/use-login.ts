import { useStore } from 'jotai';
import { useCallback } from 'react';
import { loginWithGoogle, type LoginData } from '../../../lib/session-api.ts';
import { completeLogin, reloadTo } from '../../../lib/session-flow.ts';

/** Finishes any login of the guest screens: store the session, then a full load of the target (spec 4). */
export function useFinishLogin() {
  const store = useStore();
  const finish = useCallback(async (login: Promise<LoginData>) => {
    reloadTo(await completeLogin(store, await login));
  }, [store]);
  const google = useCallback((idToken: string) => finish(loginWithGoogle(idToken)), [finish]);
  return { finish, google };
}
