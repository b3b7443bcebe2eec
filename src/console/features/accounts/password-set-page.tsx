// /admin/password-set/:code: a new staff member (or one given a new link) sets the password. No
// session: the one-time code in the link is the key; the server says whose account it is, or that
// the link is unknown, used or expired. Afterwards: the staff login.
import { useEffect, useState, type FormEvent } from 'react';
import { Form, Link } from 'react-aria-components';
import { useParams } from 'react-router';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../../contracts/facts/index.ts';
import { staffAccountMessages } from '../../../i18n/staff-account-messages.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { passwordSetInfo, setStaffPassword, type PasswordSetInfo } from '../../lib/api/staff-accounts-api.ts';
import { staffPaths } from '../../lib/staff-paths.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';

const t = staffAccountMessages.passwordSet;

export function PasswordSetPage() {
  useStaffTitle(t.title);
  const { code = '' } = useParams();
  const [info, setInfo] = useState<PasswordSetInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    passwordSetInfo(code).then((i) => { if (live) setInfo(i); }).catch((err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, [code]);

  const errors = {
    password: !password ? t.passwordRequired : password.length < STAFF_PASSWORD_MIN_LENGTH ? t.passwordTooShort : undefined,
    confirm: confirm === password ? undefined : t.mismatch,
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (errors.password || errors.confirm) return;
    setBusy(true);
    setError(null);
    try {
      setDone(await setStaffPassword(code, password));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page-center staff">
      <section className="card stack" aria-labelledby="password-set-title">
        <p className="brand">{staffMessages.app.name}</p>
        <h1 id="password-set-title">{t.title}</h1>
        {error && <Alert tone="error">{error}</Alert>}
        {!info && !error && <p role="status">{t.loading}</p>}
        {done ? (
          <>
            <Alert tone="success">{done}</Alert>
            <Link className="btn btn-block" href={staffPaths.login}>{t.toLogin}</Link>
          </>
        ) : info && (
          <Form onSubmit={(e) => void submit(e)} validationBehavior="aria">
            <p data-testid="password-set-account">{t.forAccount(info.email, staffMessages.app.roles[info.role])}</p>
            <input type="email" name="username" autoComplete="username" value={info.email} readOnly hidden />
            <TextField label={t.password} type="password" autoComplete="new-password" description={t.passwordHint} value={password}
              onChange={setPassword} errorMessage={touched ? errors.password : undefined} isRequired autoFocus />
            <TextField label={t.confirm} type="password" autoComplete="new-password" value={confirm}
              onChange={setConfirm} errorMessage={touched ? errors.confirm : undefined} isRequired />
            <Button type="submit" block isDisabled={busy}>{t.submit}</Button>
          </Form>
        )}
      </section>
    </main>
  );
}
