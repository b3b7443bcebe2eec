import { useState, type FormEvent } from 'react';
import { Form, Link } from 'react-aria-components';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { apiErrorText, loginWithEmail } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { register } from '../api/guest-api.ts';
import { hasErrors, validateRegistration } from '../validation.ts';
import { AuthCard } from './auth-card.tsx';
import { GoogleSignIn } from './google-sign-in.tsx';
import { useFinishLogin } from './use-login.ts';

const t = messages.registration;

/** Registration (spec screen 2): a 200 answer logs the new member in straight away (spec 4). */
export function RegistrationPage() {
  useDocumentTitle(t.title);
  const { finish, google } = useFinishLogin();
  const [form, setForm] = useState({ email: '', password: '', confirm: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = validateRegistration(form);
  const shown = (k: keyof typeof form) => (touched[k] ? errors[k] : undefined);
  const field = (k: keyof typeof form) => ({
    value: form[k],
    onChange: (v: string) => setForm((f) => ({ ...f, [k]: v })),
    onBlur: () => setTouched((s) => ({ ...s, [k]: true })),
    errorMessage: shown(k),
  });

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setAlert(null);
    try {
      await action();
    } catch (err) {
      setAlert(apiErrorText(err));
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ email: true, password: true, confirm: true });
    if (hasErrors(errors)) return;
    const email = form.email.trim();
    void run(async () => {
      await register(email, form.password, form.confirm);
      await finish(loginWithEmail(email, form.password));
    });
  }

  return (
    <AuthCard title={t.title}>
      {alert && <Alert tone="error">{alert}</Alert>}
      <Form onSubmit={submit} validationBehavior="aria">
        <TextField label={t.email} type="email" name="email" autoComplete="email" isRequired {...field('email')} />
        <TextField label={t.password} type="password" name="new-password" autoComplete="new-password"
          description={t.passwordHint} isRequired {...field('password')} />
        <TextField label={t.confirm} type="password" name="confirm-password" autoComplete="new-password"
          isRequired {...field('confirm')} />
        <Button type="submit" block isDisabled={busy}>{t.submit}</Button>
      </Form>
      <GoogleSignIn mode="signup" onCredential={(token) => void run(() => google(token))} />
      <p><Link href={paths.login}>{t.toLogin}</Link></p>
    </AuthCard>
  );
}
