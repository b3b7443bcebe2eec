import { useState, type FormEvent } from 'react';
import { Form, Link } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { requestPasswordReset } from '../api/guest-api.ts';
import { validateForgot } from '../validation.ts';
import { AuthCard } from './auth-card.tsx';

const t = messages.forgot;

/** Forgot password (spec screen 3): mails an OTP, then the OTP-sent page. */
export function ForgotPasswordPage() {
  useDocumentTitle(t.title);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = validateForgot({ email }).email;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    setBusy(true);
    setAlert(null);
    try {
      const code = await requestPasswordReset(email.trim());
      void navigate(`${paths.successSendEmail}?code=${encodeURIComponent(code)}`);
    } catch (err) {
      // Spec 8: a 400 means the address is unknown.
      setAlert(err instanceof ApiError && err.status === 400 ? t.notRegistered : apiErrorText(err));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t.title}>
      <p>{t.intro}</p>
      {alert && <Alert tone="error">{alert}</Alert>}
      <Form onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <TextField label={t.email} type="email" name="email" autoComplete="email" value={email} onChange={setEmail}
          onBlur={() => setTouched(true)} errorMessage={touched ? error : undefined} isRequired />
        <Button type="submit" block isDisabled={busy}>{t.submit}</Button>
      </Form>
      <p><Link href={paths.login}>{t.toLogin}</Link></p>
    </AuthCard>
  );
}
