import type { PublicCertificate } from '../../../../contracts/certificates.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDate } from '../../../lib/format.ts';

const t = messages.verify;
const sections = messages.exam.sectionName;

/** The facts a certificate states, its dates already formatted: the record's and the QR credential's alike. */
export function CertificateFacts({ facts }: { facts: Pick<PublicCertificate, 'number' | 'name' | 'test_date' | 'scores' | 'total' | 'level' | 'cefr' | 'valid_until'> }) {
  return (
    <dl className="kv">
      <dt>{t.number}</dt><dd data-testid="certificate-number">{facts.number}</dd>
      <dt>{t.name}</dt><dd>{facts.name}</dd>
      <dt>{t.testDate}</dt><dd>{facts.test_date}</dd>
      <dt>{sections.listening}</dt><dd>{facts.scores.listening}</dd>
      <dt>{sections.structure}</dt><dd>{facts.scores.structure}</dd>
      <dt>{sections.reading}</dt><dd>{facts.scores.reading}</dd>
      <dt>{t.total}</dt><dd data-testid="certificate-total"><strong>{facts.total}</strong></dd>
      <dt>{t.level}</dt><dd>{facts.level}</dd>
      <dt>{t.cefr}</dt><dd>{facts.cefr}</dd>
      <dt>{t.validUntil}</dt><dd>{facts.valid_until}</dd>
    </dl>
  );
}

/** What the public verification page shows for a certificate (also the viewer's sample). */
export function VerificationCard({ data, headingLevel = 2 }: { data: PublicCertificate; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const;
  return (
    <section className={`verification verification-${data.status}`} aria-labelledby="verification-status">
      <H id="verification-status" className="verification-status">
        <span className={`status-badge status-${data.status}`} data-testid="certificate-status">{messages.certificates.status[data.status]}</span>
        {' '}{t.statusText[data.status]}
      </H>
      {data.status === 'revoked' && data.revoked_reason && <p data-testid="revoked-reason">{t.revokedReason(data.revoked_reason)}</p>}
      <CertificateFacts facts={{ ...data, test_date: formatDate(data.test_date), valid_until: formatDate(data.valid_until) }} />
    </section>
  );
}
