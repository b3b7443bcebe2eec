import { useEffect, useState } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getPublicConfig } from '../../../lib/session-api.ts';

const t = messages.guide;

function List({ items, ordered = false }: { items: readonly string[]; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul';
  return <Tag>{items.map((i) => <li key={i}>{i}</li>)}</Tag>;
}

/** Panduan (/guide): how the test runs, what it needs, how proctoring works and where photos go. */
export function GuidePage() {
  useDocumentTitle(t.title);
  const [supportEmail, setSupportEmail] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getPublicConfig().then((c) => { if (live) setSupportEmail(c.support_email); }, () => undefined);
    return () => { live = false; };
  }, []);

  return (
    <article className="card card-wide guide stack" aria-labelledby="guide-title">
      <h1 id="guide-title">{t.heading}</h1>
      <p>{t.intro}</p>

      <h2>{t.flowTitle}</h2>
      <List items={t.flow} ordered />

      <h2>{t.sectionsTitle}</h2>
      <table>
        <caption>{t.sectionsCaption}</caption>
        <thead>
          <tr><th scope="col">{t.colSection}</th><th scope="col">{t.colDuration}</th><th scope="col">{t.colQuestions}</th></tr>
        </thead>
        <tbody>
          {t.sections.map((s) => (
            <tr key={s.name}><th scope="row">{s.name}</th><td>{s.duration}</td><td>{s.questions}</td></tr>
          ))}
        </tbody>
      </table>
      <p>{t.total}</p>

      <h2>{t.deviceTitle}</h2>
      <List items={t.device} />

      <h2>{t.proctoringTitle}</h2>
      <p>{t.proctoringIntro}</p>
      <List items={t.proctoring} />
      <h3>{t.violationsTitle}</h3>
      <List items={t.violations} />
      <List items={t.consequences} />

      <h2>{t.privacyTitle}</h2>
      <List items={t.privacy} />

      <h2>{t.supportTitle}</h2>
      <p>
        {t.support}{' '}
        {supportEmail ? <a href={`mailto:${supportEmail}`} data-testid="support-email">{supportEmail}</a> : messages.app.loading}
      </p>
    </article>
  );
}
