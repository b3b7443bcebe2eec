// The candidate's rights on /account (issue 19): download everything EPOT holds (a zip), and delete
// the account (anonymised at once; what certificates need stays, as explained; a signed receipt is
// mailed), and see and withdraw consents (consents-section.tsx). After a deletion the session ends
// here and on every device.
import { useStore } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { messages } from '../../../i18n/messages.ts';
import { clearAllAttempts } from '../../../lib/browser-data.ts';
import { apiErrorText } from '../../../lib/session-api.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { clearSessionAtom } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { downloadMyData, requestDeletion } from '../api/account-api.ts';
import { ConsentsSection } from './consents-section.tsx';

const t = messages.privacy;


function DownloadData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      saveBlob(await downloadMyData(), `epot-data-${new Date().toISOString().slice(0, 10)}.zip`);
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="privacy-download">
      <h2 id="privacy-download">{t.downloadTitle}</h2>
      <p>{t.downloadBody}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button onPress={() => void download()} isDisabled={busy}>{busy ? t.downloading : t.download}</Button>
    </section>
  );
}

function DeleteAccount() {
  const store = useStore();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setAlert(null);
    try {
      const res = await requestDeletion(password);
      setAlert({ tone: 'success', text: res.message });
      await clearAllAttempts().catch(() => undefined);
      // The account is gone: end the session after the message was read.
      setTimeout(() => store.set(clearSessionAtom), 4_000);
    } catch (err) {
      setAlert({ tone: 'error', text: apiErrorText(err) });
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="privacy-delete">
      <h2 id="privacy-delete">{t.deleteTitle}</h2>
      <p>{t.deleteBody}</p>
      <p>{t.deleteKeeps}</p>
      <p>{t.deleteMail}</p>
      {alert && <Alert tone={alert.tone}>{alert.text}</Alert>}
      <Form onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <TextField label={t.password} name="deletion-password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <Checkbox isSelected={confirmed} onChange={setConfirmed}>{t.confirm}</Checkbox>
        <Button type="submit" isDisabled={!confirmed || busy}>{t.delete}</Button>
      </Form>
    </section>
  );
}

export function PrivacyTab() {
  return (
    <>
      <p>{t.intro}</p>
      <DownloadData />
      <ConsentsSection />
      <DeleteAccount />
    </>
  );
}
