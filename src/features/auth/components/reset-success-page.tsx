import { Link } from 'react-aria-components';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Alert } from '../../../ui/alert.tsx';
import { AuthCard } from './auth-card.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

const t = messages.reset;
export const RESET_SUCCESS_REDIRECT_MS = 5_000;

/** Reset success (spec screen 7): back to login after 5 seconds. */
export function ResetSuccessPage() {
  useDocumentTitle(t.successTitle);
  useRedirectAfter(RESET_SUCCESS_REDIRECT_MS, paths.login);
  return (
    <AuthCard title={t.successTitle}>
      <Alert tone="success">{messages.passwordChange.success}</Alert>
      <p>{t.successBody}</p>
      <p><Link href={paths.login}>{t.toLogin}</Link></p>
    </AuthCard>
  );
}
