// "Sign in with Google" (Google Identity Services). The script loads only when the server has a
// client id, so installs without Google send nothing to Google.
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { getPublicConfig } from '../../../lib/session-api.ts';

interface GoogleIdApi {
  initialize(o: { client_id: string; callback: (r: { credential?: string }) => void; ux_mode?: 'popup' }): void;
  renderButton(el: HTMLElement, o: Record<string, string | number>): void;
}
declare global {
  interface Window { google?: { accounts: { id: GoogleIdApi } } }
}

const GSI_SRC = 'https://accounts.google.com/gsi/client';
let gsiScript: Promise<void> | null = null;

function loadGsi(): Promise<void> {
  gsiScript ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = GSI_SRC;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => { gsiScript = null; reject(new Error('gsi')); };
    document.head.append(s);
  });
  return gsiScript;
}

/** Renders Google's own button; `onCredential` receives the ID token. Nothing when Google is off. */
export function GoogleSignIn({ mode, onCredential }: { mode: 'signin' | 'signup'; onCredential: (idToken: string) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const [clientId, setClientId] = useState<string | null>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    let live = true;
    getPublicConfig().then((c) => { if (live) setClientId(c.google_client_id); }, () => undefined);
    return () => { live = false; };
  }, []);

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGsi().then(() => {
      const id = window.google?.accounts.id;
      if (!live || !id || !el.current) return;
      id.initialize({ client_id: clientId, ux_mode: 'popup', callback: (r) => { if (r.credential) callback.current(r.credential); } });
      id.renderButton(el.current, {
        type: 'standard', theme: 'outline', size: 'large', locale: 'id',
        text: mode === 'signup' ? 'signup_with' : 'signin_with', width: 320,
      });
    }, () => undefined);
    return () => { live = false; };
  }, [clientId, mode]);

  if (!clientId) return null;
  return (
    <>
      <p className="divider">{messages.login.or}</p>
      <div ref={el} className="google-button" data-testid="google-button" />
    </>
  );
}
