import { useState, type FormEvent } from 'react';
import { Form, Link } from 'react-aria-components';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../app/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useDocumentTitle } from '../../../app/use-document-title.ts';

const t = messages.login;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(email: string, password: string) {
  return {
    email: !email ? t.emailRequired : EMAIL_RE.test(email) ? undefined : t.emailInvalid,
    password: !password ? t.passwordRequired : password.length < 8 ? t.passwordMin : undefined,
  };
}

/** Login screen (spec screen 1). The account calls are wired by the accounts feature. */
export function LoginPage({ onSubmit }: { onSubmit?: (email: string, password: string) => Promise<void> }) {
  useDocumentTitle(t.title);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = validateLogin(email, password);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (errors.email || errors.password) {
      setAlert(password && password.length < 8 ? t.alertShort : t.alertEmpty);
      if (!(password && password.length < 8)) { setEmail(''); setPassword(''); }
      return;
    }
    if (!onSubmit) return;
    setBusy(true);
    try {
      await onSubmit(email, password);
    } catch (err) {
      setAlert(err instanceof Error ? err.message : messages.app.genericError);
      setEmail(''); setPassword(''); setTouched(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page-center">
      <section className="card" aria-labelledby="login-title">
        <p className="brand">EPOT</p>
        <h1 id="login-title">{t.title}</h1>
        {alert && <Alert tone="error">{alert}</Alert>}
        <Form onSubmit={submit} validationBehavior="aria">
          <TextField label={t.email} type="email" name="email" autoComplete="username" value={email}
            onChange={setEmail} errorMessage={touched ? errors.email : undefined} isRequired />
          <TextField label={t.password} type="password" name="password" autoComplete="current-password"
            value={password} onChange={setPassword} errorMessage={touched ? errors.password : undefined} isRequired />
          <Button type="submit" block isDisabled={busy}>{t.submit}</Button>
        </Form>
        <p><Link href={paths.passwordSendEmail}>{t.toForgot}</Link></p>
        <p><Link href={paths.registration}>{t.toRegister}</Link></p>
      </section>
    </main>
  );
}
