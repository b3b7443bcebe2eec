// Public certificate verification (/verify/:number, no login): what the certificate's QR code
// opens. Unknown numbers get a clear not-found page. Issue 28: a QR whose URL carries the signed
// credential in its fragment is checked in the browser (CredentialResult), offline too.
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { useLocation, useParams } from 'react-router';
import { parseVerifyUrl } from '../../../../contracts/credential.ts';
import type { PublicCertificate } from '../../../../contracts/certificates.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { verifyCertificate } from '../api/certificates-api.ts';
import { CredentialResult } from './credential-result.tsx';
import { QrScan } from './qr-scanner.tsx';
import { VerificationCard } from './verification-card.tsx';
import '../certificates.css';

const t = messages.verify;

type State = { kind: 'loading' } | { kind: 'found'; data: PublicCertificate } | { kind: 'not-found' } | { kind: 'error'; text: string };

export function VerifyPage() {
  const { hash } = useLocation();
  const jws = hash.length > 1 ? parseVerifyUrl(hash.slice(1))?.jws ?? null : null;
  return jws ? <CredentialPage jws={jws} /> : <LookupPage />;
}

/** The QR's own credential: the page needs nothing from the server to say whether it is genuine. */
function CredentialPage({ jws }: { jws: string }) {
  useDocumentTitle(t.title);
  return (
    <main className="page-center">
      <section className="card card-wide stack" aria-labelledby="verify-title">
        <p className="brand">{messages.app.name}</p>
        <h1 id="verify-title">{t.title}</h1>
        <p className="field-help">{t.intro}</p>
        <QrScan />
        <CredentialResult jws={jws} />
        <Link href={paths.login}>{t.home}</Link>
      </section>
    </main>
  );
}

/** By number: the server's record (a QR printed before credentials existed, or a typed number). */
function LookupPage() {
  const { number = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useDocumentTitle(state.kind === 'not-found' ? t.notFoundTitle : t.title);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    verifyCertificate(number).then(
      (data) => { if (live) setState({ kind: 'found', data }); },
      (err: unknown) => {
        if (!live) return;
        setState(err instanceof ApiError && err.status === 404 ? { kind: 'not-found' } : { kind: 'error', text: apiErrorText(err) });
      },
    );
    return () => { live = false; };
  }, [number]);

  return (
    <main className="page-center">
      <section className="card card-wide stack" aria-labelledby="verify-title" aria-busy={state.kind === 'loading'}>
        <p className="brand">{messages.app.name}</p>
        {state.kind === 'not-found' ? (
          <>
            <h1 id="verify-title">{t.notFoundTitle}</h1>
            <p role="alert">{t.notFoundBody(number)}</p>
          </>
        ) : (
          <>
            <h1 id="verify-title">{t.title}</h1>
            <p className="field-help">{t.intro}</p>
            {state.kind === 'loading' && <p>{messages.app.loading}</p>}
            {state.kind === 'error' && <Alert tone="error">{state.text}</Alert>}
            <QrScan />
            {state.kind === 'found' && <VerificationCard data={state.data} />}
          </>
        )}
        <Link href={paths.login}>{t.home}</Link>
      </section>
    </main>
  );
}
