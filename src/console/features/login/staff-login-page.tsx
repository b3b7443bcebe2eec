// Staff sign-in (/admin/login): e-mail and password, then, when the account has two-factor login
// on, the authenticator code (or a recovery code) in a second step with the focus moved to it.
import { useAtom } from 'jotai';
import { useReducer, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-auth.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { staffLogin } from '../../lib/api/session-api.ts';
import { staffPaths } from '../../lib/staff-paths.ts';
import { staffNoticeAtom, staffSessionAtom } from '../../lib/staff-session.ts';
import { useStaffTitle } from '../../lib/use-staff-title.ts';
import { initialLogin, loginReducer, normaliseCode } from './login-flow.ts';

const t = staffMessages.login;

export function StaffLoginPage() {
  useStaffTitle(t.title);
  const [session, setSession] = useAtom(staffSessionAtom);
  const [notice, setNotice] = useAtom(staffNoticeAtom);
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(loginReducer, initialLogin);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  if (session) return <Navigate to={staffPaths.home} replace />;

  const codeValue = normaliseCode(code);
  const errors = state.step === 'password'
    ? { email: email.trim() ? undefined : t.emailRequired, password: password ? undefined : t.passwordRequired }
    : { code: code.trim() ? (codeValue ? undefined : t.codeInvalid) : t.codeRequired };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (Object.values(errors).some(Boolean)) return;
    dispatch({ type: 'submit' });
    setNotice(null);
    try {
      const data = await staffLogin(email.trim(), password, state.step === 'code' ? codeValue ?? undefined : undefined);
      dispatch({ type: 'signed-in' });
      setSession({ token: data.token, staff: data.staff });
      void navigate(staffPaths.home, { replace: true });
    } catch (err) {
      const status = err instanceof ApiError ? err.status : -1;
      dispatch({ type: 'failed', status, message: err instanceof Error ? err.message : '' });
      setTouched(false);
      setCode('');
    }
  }

  const codeStep = state.step === 'code';
  return (
    <main className="page-center staff">
      <section className="card" aria-labelledby="staff-login-title">
        <p className="brand">{staffMessages.app.name}</p>
        <h1 id="staff-login-title">{codeStep ? t.codeTitle : t.title}</h1>
        {state.error && <Alert tone="error">{state.error}</Alert>}
        {!state.error && notice && !codeStep && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Form onSubmit={(e) => void submit(e)} validationBehavior="aria">
          {codeStep ? (
            <>
              <p id="staff-code-prompt">{t.otpRequired}</p>
              <TextField key="code" label={t.code} name="otp" autoComplete="one-time-code" inputMode="text" autoFocus
                description={t.codeHint} value={code} onChange={setCode} errorMessage={touched ? errors.code : undefined} isRequired />
              <div className="form-actions">
                <Button type="submit" isDisabled={state.busy}>{t.verify}</Button>
                <Button variant="secondary" onPress={() => { dispatch({ type: 'back' }); setPassword(''); setCode(''); }}>{t.back}</Button>
              </div>
            </>
          ) : (
            <>
              <p className="muted">{t.intro}</p>
              <TextField label={t.email} type="email" name="email" autoComplete="username" value={email}
                onChange={setEmail} errorMessage={touched ? errors.email : undefined} isRequired />
              <TextField label={t.password} type="password" name="password" autoComplete="current-password" value={password}
                onChange={setPassword} errorMessage={touched ? errors.password : undefined} isRequired />
              <Button type="submit" block isDisabled={state.busy}>{t.submit}</Button>
            </>
          )}
        </Form>
      </section>
    </main>
  );
}
