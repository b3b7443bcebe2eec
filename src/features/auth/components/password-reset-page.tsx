import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { changeForgotPassword, verifyResetOtp } from '../api/guest-api.ts';
import { hasErrors, validateNewPassword, validateOtp } from '../validation.ts';
import { AuthCard } from './auth-card.tsx';

const t = messages.reset;

/** Password reset (spec screen 6): the OTP first, then the new password and its confirmation. */
export function PasswordResetPage() {
  useDocumentTitle(t.title);
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const [step, setStep] = useState<'otp' | 'password'>('otp');
  const [otp, setOtp] = useState('');
  const [pw, setPw] = useState({ password: '', confirm: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const otpError = validateOtp(otp);
  const pwErrors = validateNewPassword(pw);
  const touch = (k: string) => () => setTouched((s) => ({ ...s, [k]: true }));

  async function call(action: () => Promise<void>) {
    setBusy(true);
    setAlert(null);
    try {
      await action();
    } catch (err) {
      setAlert(apiErrorText(err)); // spec 8: the server's message
    } finally {
      setBusy(false);
    }
  }

  function submitOtp(e: FormEvent) {
    e.preventDefault();
    setTouched({ otp: true });
    if (otpError) return;
    void call(async () => {
      await verifyResetOtp(code, otp.trim());
      setStep('password');
    });
  }

  function submitPassword(e: FormEvent) {
    e.preventDefault();
    setTouched((s) => ({ ...s, password: true, confirm: true }));
    if (hasErrors(pwErrors)) return;
    void call(async () => {
      await changeForgotPassword(code, otp.trim(), pw.password, pw.confirm);
      void navigate(paths.successResetPassword, { replace: true });
    });
  }

  return (
    <AuthCard title={t.title}>
      {alert && <Alert tone="error">{alert}</Alert>}
      {step === 'otp' ? (
        <Form onSubmit={submitOtp} validationBehavior="aria" key="otp">
          <TextField label={t.otp} name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6}
            description={t.otpHint} value={otp} onChange={setOtp} onBlur={touch('otp')}
            errorMessage={touched.otp ? otpError : undefined} isRequired />
          <Button type="submit" block isDisabled={busy}>{t.verify}</Button>
        </Form>
      ) : (
        <Form onSubmit={submitPassword} validationBehavior="aria" key="password">
          <TextField label={t.password} type="password" name="new-password" autoComplete="new-password" autoFocus
            description={t.passwordHint} value={pw.password} onChange={(v) => setPw((p) => ({ ...p, password: v }))}
            onBlur={touch('password')} errorMessage={touched.password ? pwErrors.password : undefined} isRequired />
          <TextField label={t.confirm} type="password" name="confirm-password" autoComplete="new-password"
            value={pw.confirm} onChange={(v) => setPw((p) => ({ ...p, confirm: v }))}
            onBlur={touch('confirm')} errorMessage={touched.confirm ? pwErrors.confirm : undefined} isRequired />
          <Button type="submit" block isDisabled={busy}>{t.submit}</Button>
        </Form>
      )}
    </AuthCard>
  );
}
