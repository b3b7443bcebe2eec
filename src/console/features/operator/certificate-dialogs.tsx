// Revoke (with a reason) and reissue (with the corrected name) dialogs for one certificate.
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { reissueCertificate, revokeCertificate, type Certificate } from './api/operator-api.ts';

const c = t.certificates;

export type CertificateAction = { kind: 'revoke' | 'reissue'; certificate: Certificate };

export function CertificateDialog({ action, onDone, onClose }: { action: CertificateAction; onDone: (message: string) => void; onClose: () => void }) {
  const { kind, certificate } = action;
  const [value, setValue] = useState(kind === 'reissue' ? certificate.name : '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const error = value.trim() ? undefined : kind === 'revoke' ? c.reasonRequired : t.nameRequired;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    setBusy(true);
    try {
      const r = kind === 'revoke' ? await revokeCertificate(certificate.number, value.trim()) : await reissueCertificate(certificate.order_no, value.trim());
      onDone(r.message);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={kind === 'revoke' ? c.revokeTitle(certificate.number) : c.reissueTitle(certificate.order_no)} isOpen onClose={onClose}>
      <p>{kind === 'revoke' ? c.revokeHint : c.reissueHint}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Form className="stack" onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <TextField label={kind === 'revoke' ? c.reason : c.correctedName} value={value} onChange={setValue}
          errorMessage={touched ? error : undefined} isRequired maxLength={kind === 'revoke' ? 300 : 200} autoFocus />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t.cancel}</Button>
          <Button type="submit" isDisabled={busy}>{c.confirm}</Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
