import { Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Alert } from '../../../ui/alert.tsx';
import { AuthCard } from './auth-card.tsx';
import { useRedirectAfter } from './use-redirect-after.ts';

const t = messages.forgot;
export const OTP_SENT_REDIRECT_MS = 8_000;

/** OTP sent (spec screen 4): on to the OTP entry after 8 seconds. */
export function OtpSentPage() {
  useDocumentTitle(t.otpSent);
  const code = useSearchParams()[0].get('code');
  const next = code ? paths.passwordReset(code) : null;
  useRedirectAfter(OTP_SENT_REDIRECT_MS, next);
  return (
    <AuthCard title={t.otpSent}>
      <Alert tone="success">{t.otpSent}</Alert>
      {next ? (
        <>
          <p>{t.otpSentBody}</p>
          <p><Link href={next}>{t.continueNow}</Link></p>
        </>
      ) : (
        <p><Link href={paths.passwordSendEmail}>{t.title}</Link></p>
      )}
    </AuthCard>
  );
}
