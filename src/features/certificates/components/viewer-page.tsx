// Certificate viewer (/viewer, spec screen 19): the certificate's layout with sample data (the
// real one is the server's PDF), the level table and what the public verification page shows.
import { PROFICIENCY_LEVELS, type PublicCertificate } from '../../../../contracts/certificates.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatDate } from '../../../lib/format.ts';
import { LevelTable } from './level-table.tsx';
import { VerificationCard } from './verification-card.tsx';
import '../certificates.css';

const t = messages.viewer;
const sections = messages.exam.sectionName;

/** Sample data only: 30/28/43 correct answers score 51/52/58 -> 537 (reference chart). */
const SAMPLE = {
  number: 'EPOT-ABCD2345WXYZ',
  name: 'Nama Peserta Contoh',
  dateOfBirth: '1998-05-17',
  testDate: '2026-11-21T03:00:00Z',
  validUntil: '2027-11-21T03:00:00Z',
  raw: { listening: 30, structure: 28, reading: 43 },
  scores: { listening: 51, structure: 52, reading: 58 },
  total: 537,
  level: 'Advanced',
  cefr: 'B1',
};

const sampleVerification: PublicCertificate = {
  number: SAMPLE.number, name: SAMPLE.name, test_date: SAMPLE.testDate, scores: SAMPLE.scores, total: SAMPLE.total,
  level: SAMPLE.level, cefr: SAMPLE.cefr, valid_until: SAMPLE.validUntil, status: 'valid',
};

function CertificateSample() {
  const correct = SAMPLE.raw.listening + SAMPLE.raw.structure + SAMPLE.raw.reading;
  const rows: [string, string][] = [
    [sections.listening, `${SAMPLE.raw.listening} / ${SAMPLE.scores.listening}`],
    [sections.structure, `${SAMPLE.raw.structure} / ${SAMPLE.scores.structure}`],
    [sections.reading, `${SAMPLE.raw.reading} / ${SAMPLE.scores.reading}`],
    ['Total correct answers', `${correct} of 140`],
  ];
  return (
    <figure className="certificate-sample" aria-label={t.sampleLabel}>
      <span className="certificate-badge" aria-hidden="true">{t.sampleBadge}</span>
      <p className="certificate-brand">EPOT</p>
      <p className="certificate-sub">English Proficiency Online Test</p>
      <p className="certificate-title">CERTIFICATE OF ENGLISH PROFICIENCY</p>
      <p className="certificate-sub"><em>This is to certify that</em></p>
      <p className="certificate-name">{SAMPLE.name}</p>
      <p>Date of birth: {formatDate(`${SAMPLE.dateOfBirth}T12:00:00`)}</p>
      <p>took the English Proficiency Online Test on {formatDate(SAMPLE.testDate)} with the following results:</p>
      <div className="certificate-body">
        <table className="certificate-scores">
          <thead><tr><th scope="col">Section</th><th scope="col">Correct / Score</th></tr></thead>
          <tbody>
            {rows.map(([label, value]) => <tr key={label}><th scope="row">{label}</th><td>{value}</td></tr>)}
            <tr className="certificate-total"><th scope="row">Predicted TOEFL score</th><td>{SAMPLE.total}</td></tr>
            <tr><th scope="row">Proficiency level</th><td><strong>{SAMPLE.level}</strong></td></tr>
            <tr><th scope="row">CEFR level</th><td>{SAMPLE.cefr}</td></tr>
          </tbody>
        </table>
        <div className="certificate-qr">
          <div className="certificate-qr-box" aria-hidden="true">QR</div>
          <p>Scan to verify</p>
        </div>
      </div>
      <p className="certificate-levels">
        Proficiency levels: {PROFICIENCY_LEVELS.map((l) => `${l.from}-${l.to} ${l.level}`).join(' | ')}
      </p>
      <p className="certificate-footer">
        <span>Certificate number: {SAMPLE.number}</span>
        <span>Valid until: {formatDate(SAMPLE.validUntil)}</span>
      </p>
    </figure>
  );
}

export function ViewerPage() {
  useDocumentTitle(t.title);
  const verifyFormat = `${window.location.origin}${paths.verify('')}<nomor sertifikat>`;
  return (
    <article className="card card-wide stack" aria-labelledby="viewer-title">
      <h1 id="viewer-title">{t.title}</h1>
      <p>{t.intro}</p>
      <CertificateSample />
      <p>{t.validity}</p>
      <h2>{t.levelsTitle}</h2>
      <LevelTable />
      <h2>{t.verifyTitle}</h2>
      <p>{t.verifyIntro}</p>
      <p><code data-testid="verify-format">{verifyFormat}</code></p>
      <p>{t.verifyNote}</p>
      <h3>{t.verifySample}</h3>
      <div className="verification-sample">
        <VerificationCard data={sampleVerification} headingLevel={3} />
      </div>
    </article>
  );
}
