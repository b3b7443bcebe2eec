import { useState, type FormEvent } from 'react';
import { Form, Link } from 'react-aria-components';
import { useLocation } from 'react-router';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { apiErrorText, loginWithEmail } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { hasErrors, loginFormAlert, validateLogin } from '../validation.ts';
import { AuthCard } from './auth-card.tsx';
import { GoogleSignIn } from './google-sign-in.tsx';
import { useFinishLogin } from './use-login.ts';

const t = messages.login;

/** Login (spec screen 1). Other screens may pass a success text in the navigation state. */
export function LoginPage() {
  useDocumentTitle(t.title);
  const success = (useLocation().state as { success?: string } | null)?.success;
  const { finish, google } = useFinishLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = validateLogin({ email, password });

  function reset() {
    setEmail(''); setPassword(''); setTouched(false);
  }

  async function run(login: () => Promise<void>) {
    setBusy(true);
    setAlert(null);
    try {
      await login();
    } catch (err) {
      setAlert(apiErrorText(err));
      reset(); // spec 5: a failed login resets the form
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (hasErrors(errors)) {
      const a = loginFormAlert({ password });
      setAlert(a.text);
      if (a.reset) reset(); else setTouched(true);
      return;
    }
    void run(() => finish(loginWithEmail(email.trim(), password)));
  }

  return (
    <AuthCard title={t.title}>
      {alert && <Alert tone="error">{alert}</Alert>}
      {success && !alert && <Alert tone="success">{success}</Alert>}
      <Form onSubmit={submit} validationBehavior="aria">
        <TextField label={t.email} type="email" name="email" autoComplete="username" value={email}
          onChange={setEmail} errorMessage={touched ? errors.email : undefined} isRequired />
        <TextField label={t.password} type="password" name="password" autoComplete="current-password"
          value={password} onChange={setPassword} errorMessage={touched ? errors.password : undefined} isRequired />
        <Button type="submit" block isDisabled={busy}>{t.submit}</Button>
      </Form>
      <GoogleSignIn mode="signin" onCredential={(token) => void run(() => google(token))} />
      <p><Link href={paths.passwordSendEmail}>{t.toForgot}</Link></p>
      <p><Link href={paths.registration}>{t.toRegister}</Link></p>
    </AuthCard>
  );
}
