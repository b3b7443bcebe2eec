import type { PublicCertificate } from '../../../../contracts/certificates.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDate } from '../../../lib/format.ts';

const t = messages.verify;
const sections = messages.exam.sectionName;

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
      <dl className="kv">
        <dt>{t.number}</dt><dd data-testid="certificate-number">{data.number}</dd>
        <dt>{t.name}</dt><dd>{data.name}</dd>
        <dt>{t.testDate}</dt><dd>{formatDate(data.test_date)}</dd>
        <dt>{sections.listening}</dt><dd>{data.scores.listening}</dd>
        <dt>{sections.structure}</dt><dd>{data.scores.structure}</dd>
        <dt>{sections.reading}</dt><dd>{data.scores.reading}</dd>
        <dt>{t.total}</dt><dd data-testid="certificate-total"><strong>{data.total}</strong></dd>
        <dt>{t.level}</dt><dd>{data.level}</dd>
        <dt>{t.cefr}</dt><dd>{data.cefr}</dd>
        <dt>{t.validUntil}</dt><dd>{formatDate(data.valid_until)}</dd>
      </dl>
    </section>
  );
}
