import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-auth.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { autoLoginRegister, logout } from '../../../lib/session-api.ts';
import { completeLogin, reloadTo } from '../../../lib/session-flow.ts';
import { clearSessionAtom, sessionAtom } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { parseSsoQuery } from '../validation.ts';
import { AuthCard } from './auth-card.tsx';

const t = messages.sso;
export const SSO_DELAY_MS = 1_000;
/** Must match the server's SSO_PREFIX. */
export const ssoPrefix: string = import.meta.env.VITE_SSO_PREFIX ?? 'epot-sso-';

/** Single sign-on by query (spec screen 8 and section 4). */
export function SsoPage() {
  useDocumentTitle(t.redirecting);
  const store = useStore();
  const { search } = useLocation();
  // true: the generic failure; a string: the server's own reason (a password account, issue 29 item 11).
  const [failed, setFailed] = useState<boolean | string>(false);

  useEffect(() => {
    // Someone else's session must not survive an SSO link: log out, then load the link afresh.
    if (store.get(sessionAtom)) {
      void logout().catch(() => undefined).finally(() => {
        store.set(clearSessionAtom);
        window.location.reload();
      });
      return;
    }
    const query = parseSsoQuery(search, ssoPrefix);
    if (!query) {
      setFailed(true);
      return;
    }
    const timer = setTimeout(() => {
      autoLoginRegister(query)
        // Spec 4: SSO goes to /epot or /account only (no remembered path).
        .then((data) => completeLogin(store, data, { followRedirect: false }))
        .then(reloadTo, (err: unknown) => setFailed(err instanceof ApiError && err.status === 403 ? err.message : true));
    }, SSO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, store]);

  return (
    <AuthCard title={messages.login.title}>
      {failed ? <Alert tone="error">{typeof failed === 'string' ? failed : t.failed}</Alert> : <p role="status">{t.redirecting}</p>}
    </AuthCard>
  );
}

