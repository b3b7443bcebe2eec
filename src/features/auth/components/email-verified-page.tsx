import { Link } from 'react-aria-components';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthCard } from './auth-card.tsx';

const t = messages.forgot;

/** Email verified (spec screen 5): a notice with the way to login; the spec sets no redirect. */
export function EmailVerifiedPage() {
  useDocumentTitle(t.verifiedTitle);
  return (
    <AuthCard title={t.verifiedTitle}>
      <p>{t.verifiedBody}</p>
      <p><Link href={paths.login}>{messages.login.title}</Link></p>
    </AuthCard>
  );
}
