// Two-factor enrolment: the QR code (and the secret for manual entry), a code from the app to
// confirm, then the recovery codes in a blocking dialog, once, with a download and a clear warning.
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { confirmTotp, startTotp, type TotpEnrolment as Enrolment } from '../../lib/api/session-api.ts';
import { errorText } from '../../lib/api/error-text.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

const t = staffMessages.security;

export function TotpEnrolment({ onEnrolled }: { onEnrolled: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    setError(null);
    try { setEnrolment(await startTotp()); } catch (err) { setError(errorText(err)); } finally { setBusy(false); }
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={() => { setCodes(null); setEnrolment(null); onEnrolled(); }} />;
  return (
    <div className="stack">
      {error && <Alert tone="error">{error}</Alert>}
      {enrolment
        ? <ConfirmStep enrolment={enrolment} onConfirmed={setCodes} onCancel={() => setEnrolment(null)} />
        : <Button onPress={() => void start()} isDisabled={busy}>{t.start}</Button>}
    </div>
  );
}

function ConfirmStep({ enrolment, onConfirmed, onCancel }: { enrolment: Enrolment; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const compact = code.replace(/\s+/g, '');
  const invalid = !/^\d{6}$/.test(compact);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (invalid) return;
    setBusy(true);
    setError(null);
    try { onConfirmed(await confirmTotp(compact)); } catch (err) { setError(errorText(err)); setCode(''); setTouched(false); } finally { setBusy(false); }
  }

  return (
    <div className="stack">
      <p>{t.scan}</p>
      <img className="staff-qr" src={enrolment.qr_data_url} alt={t.qrAlt} width={200} height={200} />
      <p>{t.secret} <code data-testid="totp-secret">{enrolment.secret}</code></p>
      {error && <Alert tone="error">{error}</Alert>}
      <Form onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <TextField label={t.code} name="code" autoComplete="one-time-code" autoFocus value={code} onChange={setCode}
          errorMessage={touched && invalid ? t.codeInvalid : undefined} isRequired />
        <div className="form-actions">
          <Button type="submit" isDisabled={busy}>{t.confirm}</Button>
          <Button variant="secondary" onPress={onCancel}>{t.cancel}</Button>
        </div>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <ModalDialog title={t.recoveryTitle} isOpen role="alertdialog">
      <Alert tone="error">{t.recoveryWarning}</Alert>
      <ul className="staff-codes" data-testid="recovery-codes">
        {codes.map((c) => <li key={c}><code>{c}</code></li>)}
      </ul>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={() => saveBlob(`${codes.join('\n')}\n`, 'epot-kode-pemulihan.txt', 'text/plain;charset=utf-8')}>
          {t.recoveryDownload}
        </Button>
        <Button onPress={onDone}>{t.recoveryDone}</Button>
      </div>
    </ModalDialog>
  );
}
