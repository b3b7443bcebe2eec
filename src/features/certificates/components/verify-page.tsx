// Public certificate verification (/verify/:number, no login): what the certificate's QR code
// opens. Unknown numbers get a clear not-found page.
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { useParams } from 'react-router';
import type { PublicCertificate } from '../../../../contracts/certificates.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { verifyCertificate } from '../api/certificates-api.ts';
import { VerificationCard } from './verification-card.tsx';
import '../certificates.css';

const t = messages.verify;

type State = { kind: 'loading' } | { kind: 'found'; data: PublicCertificate } | { kind: 'not-found' } | { kind: 'error'; text: string };

export function VerifyPage() {
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
            {state.kind === 'found' && <VerificationCard data={state.data} />}
          </>
        )}
        <Link href={paths.login}>{t.home}</Link>
      </section>
    </main>
  );
}
