import { Link } from 'react-aria-components';
import { messages } from '../i18n/messages.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle(messages.app.notFoundTitle);
  return (
    <main className="page-center">
      <section className="card">
        <h1>{messages.app.notFoundTitle}</h1>
        <p>{messages.app.notFoundBody}</p>
        <Link href="/">{messages.app.backHome}</Link>
      </section>
    </main>
  );
}
