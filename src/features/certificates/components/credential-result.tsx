// The verify page's answer for a QR that carries a signed credential (issue 28): the signature is
// checked here, in the browser, against EPOT's published keys; revocation is asked of the server
// when it answers, and said plainly when it does not. `data-signature` / `data-revocation` let
// tests (and support) read the verdict.
import { useEffect, useState } from 'react';
import type { CredentialFacts } from '../../../../contracts/credential.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { getJwks, getStatusList, verifyCertificate } from '../api/certificates-api.ts';
import { checkCredential, type CredentialVerdict } from '../credential-check.ts';
import { CertificateFacts } from './verification-card.tsx';

const t = messages.verify;
const c = t.credential;

function Facts({ facts, trusted }: { facts: CredentialFacts; trusted: boolean }) {
  return (
    <section aria-labelledby="credential-facts" className={trusted ? 'credential-facts' : 'credential-facts credential-untrusted'}>
      <h2 id="credential-facts">{trusted ? c.signedFacts : c.claimedFacts}</h2>
      <CertificateFacts facts={{ ...facts, test_date: formatCalendarDate(facts.test_date), valid_until: formatCalendarDate(facts.valid_until) }} />
    </section>
  );
}

const SIGNATURE_TEXT: Record<Exclude<CredentialVerdict['signature'], 'valid'>, string> = {
  invalid: c.invalid, 'unknown-key': c.unknownKey, compromised: c.compromised, 'keys-unavailable': c.keysUnavailable, malformed: c.malformed,
};

export function CredentialResult({ jws }: { jws: string }) {
  const [verdict, setVerdict] = useState<CredentialVerdict | null>(null);
  useEffect(() => {
    let live = true;
    setVerdict(null);
    void checkCredential(jws, { jwks: getJwks, statusList: getStatusList, record: (n) => verifyCertificate(n, true), now: () => new Date() })
      .then((v) => { if (live) setVerdict(v); });
    return () => { live = false; };
  }, [jws]);

  if (!verdict) return <p role="status" data-signature="checking">{c.checking}</p>;
  const trusted = verdict.signature === 'valid';
  const issuer = `EPOT (${window.location.host})`;
  return (
    <div className="stack" data-signature={verdict.signature} data-revocation={verdict.revocation}>
      {verdict.signature === 'valid'
        ? <Alert tone="success"><span data-testid="signature-status">{c.signatureValid(issuer)}</span> <span className="field-help">{c.keyId}: {verdict.kid}</span></Alert>
        : <Alert tone="error"><span data-testid="signature-status">{SIGNATURE_TEXT[verdict.signature]}</span></Alert>}
      {trusted && (
        <p role="status" data-testid="revocation-status" className={`status-badge status-${verdict.revocation === 'revoked' ? 'revoked' : verdict.revocation === 'valid' ? 'valid' : 'expired'}`}>
          {verdict.revocation === 'revoked' ? c.revoked : verdict.revocation === 'valid' ? c.revocationValid : c.revocationUnknown}
        </p>
      )}
      {trusted && verdict.revocation === 'revoked' && verdict.revokedReason && <p data-testid="revoked-reason">{t.revokedReason(verdict.revokedReason)}</p>}
      {trusted && verdict.expired && <p data-testid="expired">{c.expired}</p>}
      {verdict.facts && <Facts facts={verdict.facts} trusted={trusted} />}
    </div>
  );
}
