import { messages } from '../i18n/messages.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Stand-in for screens of later issues, so links and guards already work. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="card card-wide" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <p>{messages.app.comingSoon}</p>
      <p className="field-help">{messages.app.comingSoonBody}</p>
    </section>
  );
}
