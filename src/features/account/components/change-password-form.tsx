import { useAtomValue, useStore } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { messages } from '../../../i18n/messages.ts';
import { paths } from '../../../lib/paths.ts';
import { apiErrorText, loginWithEmail } from '../../../lib/session-api.ts';
import { completeLogin, reloadTo } from '../../../lib/session-flow.ts';
import { redirectPathAtom, userAtom } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { changePassword } from '../api/account-api.ts';
import { passwordChangeAlert, validatePasswordChange, type PasswordValues } from '../validation.ts';

const t = messages.passwordChange;
const empty: PasswordValues = { current: '', next: '', confirm: '' };

/** Change Password tab (spec 4, 5, 8): a change revokes every token, so the app logs in again with the new password. */
export function ChangePasswordForm() {
  const store = useStore();
  const user = useAtomValue(userAtom);
  const [values, setValues] = useState(empty);
  const [touched, setTouched] = useState<Partial<Record<keyof PasswordValues, boolean>>>({});
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = validatePasswordChange(values);
  const field = (k: keyof PasswordValues) => ({
    value: values[k],
    onChange: (v: string) => setValues((s) => ({ ...s, [k]: v })),
    onBlur: () => setTouched((s) => ({ ...s, [k]: true })),
    errorMessage: touched[k] ? errors[k] : undefined,
    type: 'password',
    isRequired: true,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ current: true, next: true, confirm: true });
    const blocking = passwordChangeAlert(values);
    if (blocking || errors.confirm) {
      setAlert(blocking ? { tone: 'error', text: blocking } : null);
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      await changePassword(values.current, values.next, values.confirm);
    } catch (err) {
      setAlert({ tone: 'error', text: apiErrorText(err) });
      setBusy(false);
      return;
    }
    // Every earlier token is revoked now: the success shows once the new session is stored.
    try {
      const remembered = store.get(redirectPathAtom);
      const target = await completeLogin(store, await loginWithEmail(user?.email ?? '', values.next));
      setAlert({ tone: 'success', text: t.success });
      setValues(empty);
      setTouched({});
      if (remembered && target !== paths.account) reloadTo(target);
    } catch (err) {
      setAlert({ tone: 'error', text: apiErrorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {alert && <Alert tone={alert.tone}>{alert.text}</Alert>}
      <Form onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <TextField label={t.current} name="current-password" autoComplete="current-password" {...field('current')} />
        <TextField label={t.newPassword} name="new-password" autoComplete="new-password" description={t.hint} {...field('next')} />
        <TextField label={t.confirm} name="confirm-password" autoComplete="new-password" {...field('confirm')} />
        {/* Spec 5: Update stays disabled until the confirmation is filled. */}
        <Button type="submit" isDisabled={!values.confirm || busy}>{t.submit}</Button>
      </Form>
    </>
  );
}
